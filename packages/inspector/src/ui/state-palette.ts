import type { TaskState } from '@parley/dispatch';

/** A colour as `#rrggbb`. */
type Colour = `#${string}`;

/** The colours of one theme: each state's fill and the text drawn on it, and the page's own. */
export interface Theme {
  readonly states: Readonly<Record<TaskState, { readonly fill: Colour; readonly text: Colour }>>;
  /** Page colours by CSS variable name (without `--`); each `*-text` is read on the surfaces below. */
  readonly page: Readonly<Record<'surface' | 'background' | 'raised' | 'line' | 'ink' | 'muted' | 'danger' | 'danger-text' | 'header' | 'header-text' | 'header-muted' | 'edge' | 'focus', Colour>>;
}

/**
 * The light theme: dark fills with white text (every pair at least 4.5:1, checked by
 * state-palette.test.ts); backlog and cancelled are both grey and told apart by their icons.
 */
export const lightTheme: Theme = {
  states: {
    backlog: { fill: '#4b5563', text: '#ffffff' },
    queued: { fill: '#1d4ed8', text: '#ffffff' },
    running: { fill: '#92400e', text: '#ffffff' },
    done: { fill: '#166534', text: '#ffffff' },
    failed: { fill: '#b91c1c', text: '#ffffff' },
    cancelled: { fill: '#1f2937', text: '#ffffff' },
    skipped: { fill: '#6d28d9', text: '#ffffff' },
  },
  page: {
    surface: '#ffffff',
    background: '#f9fafb',
    raised: '#f3f4f6',
    line: '#d1d5db',
    ink: '#111827',
    muted: '#4b5563',
    danger: '#b91c1c',
    'danger-text': '#ffffff',
    header: '#111827',
    'header-text': '#ffffff',
    'header-muted': '#d1d5db',
    edge: '#6b7280',
    focus: '#1d4ed8',
  },
};

/** The dark theme: light fills with near-black text. */
export const darkTheme: Theme = {
  states: {
    backlog: { fill: '#cbd5e1', text: '#0b1220' },
    queued: { fill: '#93c5fd', text: '#0b1220' },
    running: { fill: '#fcd34d', text: '#0b1220' },
    done: { fill: '#86efac', text: '#0b1220' },
    failed: { fill: '#fca5a5', text: '#0b1220' },
    cancelled: { fill: '#9ca3af', text: '#0b1220' },
    skipped: { fill: '#c4b5fd', text: '#0b1220' },
  },
  page: {
    surface: '#111827',
    background: '#0b1220',
    raised: '#1f2937',
    line: '#374151',
    ink: '#f3f4f6',
    muted: '#b6bcc6',
    danger: '#fca5a5',
    'danger-text': '#0b1220',
    header: '#030712',
    'header-text': '#ffffff',
    'header-muted': '#d1d5db',
    edge: '#9ca3af',
    focus: '#93c5fd',
  },
};

/** The pairs of text and the colour it is read on, by what they are, for a contrast check. */
export const textPairs = (theme: Theme): ReadonlyArray<readonly [name: string, text: Colour, on: Colour]> => [
  ...Object.entries(theme.states).map(([state, { fill, text }]) => [state, text, fill] as const),
  ...(['surface', 'background', 'raised'] as const).flatMap((surface) => [[`ink on ${surface}`, theme.page.ink, theme.page[surface]] as const, [`muted on ${surface}`, theme.page.muted, theme.page[surface]] as const]),
  ['danger button', theme.page['danger-text'], theme.page.danger],
  ['danger text', theme.page.danger, theme.page.surface],
  ['header', theme.page['header-text'], theme.page.header],
  ['header muted', theme.page['header-muted'], theme.page.header],
  ['focus ring', theme.page.focus, theme.page.surface],
];

const luminance = (colour: Colour): number => {
  const channel = (offset: number): number => {
    const value = Number.parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
};

/** WCAG 2's contrast ratio of two colours (1 to 21). */
export const contrastRatio = (first: Colour, second: Colour): number => {
  const [light, dark] = [luminance(first), luminance(second)].sort((left, right) => right - left) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const variables = (theme: Theme): string =>
  [...Object.entries(theme.states).flatMap(([state, { fill, text }]) => [`--${state}: ${fill};`, `--${state}-text: ${text};`]), ...Object.entries(theme.page).map(([name, colour]) => `--${name}: ${colour};`)].join(' ');

/**
 * The palette as CSS custom properties: light by default, dark when the system asks for it
 * (`prefers-color-scheme`) unless the page's toggle chose light, and dark when the toggle chose it.
 */
export const paletteCss = (): string =>
  [
    `:root { color-scheme: light; ${variables(lightTheme)} }`,
    `@media (prefers-color-scheme: dark) { :root:not([data-theme='light']) { color-scheme: dark; ${variables(darkTheme)} } }`,
    `:root[data-theme='dark'] { color-scheme: dark; ${variables(darkTheme)} }`,
  ].join('\n');
