// The README suite a package runs from its `src/readme.test.ts`: each ```ts block is taken from
// the Markdown (not retyped), type-checked as a module of the package, and run; every
// `console.log(…); // expected` line must print what its comment says.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { extractSnippets, importedPackages, installedPackages, typecheckSnippets } from './readme-snippets.ts';

/** What each `console.log(…); // comment` line of a snippet says it prints, in order. */
const expectedLogs = (code: string): string[] =>
  code
    .split('\n')
    .filter((line) => line.trimStart().startsWith('console.log(') && line.includes('); // '))
    .map((line) => line.slice(line.indexOf('); // ') + 6).trim());

/** Defines the README tests of the package in `packageDirectory` (its README.md is read there). */
export function describeReadme(packageDirectory: string): void {
  const readme = join(packageDirectory, 'README.md');
  const snippets = extractSnippets(readFileSync(readme, 'utf8'));
  const examples = snippets.filter((snippet) => snippet.language === 'ts');
  const scratch = join(packageDirectory, '.readme-snippets');

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe('README', () => {
    test('the install line names every package the examples import', () => {
      const installed = installedPackages(snippets);
      expect(examples.flatMap((snippet) => importedPackages(snippet.code)).filter((name) => !installed.includes(name))).toEqual([]);
    });

    test('every example type-checks as written', { timeout: 120_000 }, () => {
      expect(typecheckSnippets(readme, packageDirectory).map(({ line, message }) => `README.md:${line}: ${message}`)).toEqual([]);
    });

    test.each(examples.map((snippet) => [snippet.line, snippet] as const))('the example at line %i prints what it says', async (line, snippet) => {
      mkdirSync(scratch, { recursive: true });
      const file = join(scratch, `snippet-${line}.ts`);
      writeFileSync(file, snippet.code);
      const logs: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
        logs.push(values.map(String).join(' '));
      });
      try {
        await import(pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
      }
      expect(logs).toEqual(expectedLogs(snippet.code));
    });
  });
}
