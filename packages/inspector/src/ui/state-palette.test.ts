import { expect, test } from 'vitest';
import { contrastRatio, darkTheme, lightTheme, paletteCss, textPairs } from './state-palette';

test('contrast ratios follow WCAG 2', () => {
  expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

// The issue measured white text on the skipped, running and backlog fills at 1.85–2.5:1.
test.each([
  ['light', lightTheme],
  ['dark', darkTheme],
] as const)('every text colour of the %s theme reads at 4.5:1 or more on what it is drawn on', (_name, theme) => {
  const ratios = textPairs(theme).map(([name, text, on]) => [name, Math.round(contrastRatio(text, on) * 100) / 100] as const);
  expect(ratios.filter(([, ratio]) => ratio < 4.5)).toEqual([]);
  expect(ratios.length).toBeGreaterThanOrEqual(7 + 9);
});

test('the stylesheet carries every colour, for both themes', () => {
  const css = paletteCss();
  for (const [state, { fill }] of Object.entries(darkTheme.states)) expect(css).toContain(`--${state}: ${fill};`);
  expect(css).toContain('prefers-color-scheme: dark');
});
