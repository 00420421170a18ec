import { RenamedExportError } from '@parley/core';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as dispatch from './index';
import * as guards from './guards/index';

/** What an entry's runtime import graph reaches outside the package, read statically from the source (type-only imports left out: they are not in the bundle). */
function externalImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'|import\('([^']+)'\)/gm)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) visit(join(dirname(file), `${specifier.replace(/\.ts$/, '')}.ts`).replace(/\/index\.ts\.ts$/, '/index.ts'));
      else external.add(specifier);
    }
  };
  visit(join(import.meta.dirname, entry));
  return external;
}

// Issue 26, item 7: plan presentation imported @parley/telegram, so markdown-it landed in the
// engine's bundle; the guards shared the engine's entry.
describe('what each entry loads', () => {
  test('the engine reaches neither @parley/telegram nor markdown-it, and its manifest does not depend on them', () => {
    const reached = externalImports('index.ts');
    expect([...reached].filter((name) => name.startsWith('@parley/telegram') || name.startsWith('markdown-it'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('@parley/telegram');
  });

  test('the guards reach no store (node:sqlite, pg), no Markdown parser and no schema library', () => {
    expect([...externalImports('guards/index.ts')].sort()).toEqual(['@parley/core', 'node:fs']);
  });

  test('the guards entry exports the guards, and the engine no longer does', () => {
    expect(typeof guards.lintRequest).toBe('function');
    expect(typeof guards.guardReplyStream).toBe('function');
    expect(Object.keys(guards.dispatchViolationRules)).toContain('HALLUCINATED_DISPATCH');
    expect('dispatchViolationRules' in dispatch).toBe(false);
  });
});

describe('names moved before the first release', () => {
  const moved = [
    ...['checkReply', 'checkIterationPath', 'findVersionMarker', 'checkProgressLine', 'checkSharedPath', 'toKebabCase', 'classifyConfirmation', 'classifyRequest', 'guardReplyStream', 'inPlaceInstructions', 'withInPlaceInstructions', 'lintRequest', 'replyContextFromStore'].map(
      (name) => [name, '@parley/dispatch/guards'] as const,
    ),
    ['renderPlan', '@parley/telegram/plans'] as const,
    ['assembleFinalReply', '@parley/telegram/plans'] as const,
  ];

  test.each(moved)('%s() from @parley/dispatch throws a RenamedExportError naming %s', (name, place) => {
    const stub = (dispatch as unknown as Record<string, (...values: unknown[]) => unknown>)[name];
    expect(typeof stub).toBe('function');
    if (place === '@parley/dispatch/guards') expect(typeof (guards as unknown as Record<string, unknown>)[name]).toBe('function');
    let thrown: unknown;
    try {
      stub?.('some text', {});
    } catch (error) {
      thrown = error;
    }
    expect(RenamedExportError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'RENAMED_EXPORT', packageName: '@parley/dispatch', oldName: name, newName: name, newPackageName: place });
    expect((thrown as Error).message).toBe(`${name}() moved from @parley/dispatch to ${place} (same arguments); see "Migration" in the package's README.`);
  });
});
