// Every README's TypeScript examples, taken from the Markdown (not retyped) and type-checked as
// modules in the package's folder; and each package's `npm install` line names every package its
// examples import. Every README listed is checked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { extractSnippets, importedPackages, installedPackages, typecheckSnippets } from './readme-snippets.ts';

const root = join(import.meta.dirname, '..', '..', '..');

interface Readme {
  /** The Markdown file, from the repository root. */
  readonly path: string;
  /** Where its examples live, as if they were a module of that package. */
  readonly directory: string;
  /** Whether it must show an install line naming what its examples import. */
  readonly install: boolean;
}

const readmes: readonly Readme[] = [
  { path: 'README.md', directory: 'packages/redaction', install: true },
  { path: 'packages/core/README.md', directory: 'packages/core', install: true },
  { path: 'packages/redaction/README.md', directory: 'packages/redaction', install: true },
  { path: 'packages/dispatch/README.md', directory: 'packages/dispatch', install: true },
  ...['ai-sdk', 'langchain', 'cli', 'tokens', 'envelope', 'negotiation'].map((name) => ({ path: `packages/${name}/README.md`, directory: `packages/${name}`, install: true })),
];

describe.each(readmes)('$path', ({ path, directory, install }) => {
  const markdown = readFileSync(join(root, path), 'utf8');
  const snippets = extractSnippets(markdown);
  const imported = [...new Set(snippets.filter((snippet) => snippet.language === 'ts').flatMap((snippet) => importedPackages(snippet.code)))];

  test.runIf(install)('the install line names every package the examples import', () => {
    const installed = installedPackages(snippets);
    expect(installed.length, 'an `npm install …` line').toBeGreaterThan(0);
    expect(imported.filter((name) => !installed.includes(name))).toEqual([]);
  });

  test('every TypeScript example type-checks as written', { timeout: 120_000 }, () => {
    const problems = typecheckSnippets(join(root, path), join(root, directory)).map(({ line, message }) => `${path}:${line}: ${message}`);
    expect(problems).toEqual([]);
  });
});

describe('the extraction', () => {
  test('finds fenced blocks, install lines and imports', () => {
    const markdown = ['# x', '```sh', 'npm install @parley/core fast-check@4 --save-dev', 'npm install ai # for the AI SDK example', '```', '```ts', "import { a } from '@parley/core/testing';", "import type { B } from 'openai/resources';", "import { readFileSync } from 'node:fs';", "import c from './c';", '```'].join('\n');
    const snippets = extractSnippets(markdown);
    expect(snippets.map(({ language, line }) => [language, line])).toEqual([['sh', 2], ['ts', 6]]);
    expect(installedPackages(snippets)).toEqual(['@parley/core', 'fast-check', 'ai']);
    expect(importedPackages(snippets[1]?.code ?? '')).toEqual(['@parley/core', 'openai']);
  });
});
