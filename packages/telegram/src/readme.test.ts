import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from './index';

// The README's example, kept honest.
test('the README example prints what it says', () => {
  const html = markdownToTelegramHtml('## Result\n- **R²** = 0.93 <good>\n- Tom &amp; Jerry &copy;');
  expect(html).toBe('<b>Result</b>\n• <b>R²</b> = 0.93 &lt;good&gt;\n• Tom &amp; Jerry ©');
  expect(validateTelegramHtml(html).valid).toBe(true);
  expect(splitTelegramMessage(html, { limit: 4096 })).toHaveLength(1);
  const { parts, dropped } = presentResult('[RESULT_START]\n_Thinking:_ check columns\n模型準確率為 **97%**。\n[RESULT_END]');
  expect(parts).toEqual(['模型準確率為 <b>97%</b>。']);
  expect(dropped.thinking).toBe(1);
});

test('the package reaches neither pg, node:sqlite nor @parley/dispatch (its import graph, read statically)', () => {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) visit(join(dirname(file), `${specifier.replace(/\.ts$/, '')}.ts`));
      else external.add(specifier);
    }
  };
  visit(join(import.meta.dirname, 'index.ts'));
  expect([...external].sort()).toEqual(['@parley/core', 'markdown-it']);
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(Object.keys(manifest.dependencies).sort()).toEqual(['@parley/core', 'markdown-it']);
});
