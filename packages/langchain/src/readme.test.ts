// The README's examples, kept honest: each ```ts block is taken from the Markdown (not retyped),
// type-checked as a module of this package, and run; every `console.log(…); // expected` line must
// print what its comment says.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { extractSnippets, importedPackages, installedPackages, typecheckSnippets } from '../../../tooling/bench/src/readme-snippets.ts';

const packageDirectory = join(import.meta.dirname, '..');
const readme = join(packageDirectory, 'README.md');
const snippets = extractSnippets(readFileSync(readme, 'utf8'));
const examples = snippets.filter((snippet) => snippet.language === 'ts');
const scratch = join(packageDirectory, '.readme-snippets');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What each `console.log(…); // comment` line of a snippet says it prints, in order. */
const expectedLogs = (code: string): string[] =>
  code
    .split('\n')
    .filter((line) => line.trimStart().startsWith('console.log(') && line.includes('); // '))
    .map((line) => line.slice(line.indexOf('); // ') + 6).trim());

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
