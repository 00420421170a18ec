// The README suite a package runs from its `src/readme.test.ts`, and the docs site runs over its
// pages: each ```ts block is taken from the Markdown (not retyped), type-checked as a module of
// the package, and run; every `console.log(…); // expected` line must print what its comment says.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { extractSnippets, importedPackages, installedPackages, type Snippet, typecheckMarkdownFiles } from './readme-snippets.ts';

/** What each `console.log(…); // comment` line of a snippet says it prints, in order. */
const expectedLogs = (code: string): string[] =>
  code
    .split('\n')
    .filter((line) => line.trimStart().startsWith('console.log(') && line.includes('); // '))
    .map((line) => line.slice(line.indexOf('); // ') + 6).trim());

/** Options of {@link describeMarkdownExamples}. */
export interface MarkdownExamplesOptions {
  /** The Markdown files, absolute. */
  readonly files: readonly string[];
  /** The package folder the examples are modules of (their imports resolve from there). */
  readonly directory: string;
  /** Where the examples are written to be imported; removed after the run. */
  readonly scratch: string;
  /** The files' names in test titles are relative to this folder. */
  readonly titleRoot?: string;
  /** Whether a file whose examples import packages must show an `npm install` line naming them. Default true. */
  readonly requireInstallLine?: boolean;
  /**
   * The folder an example of `file` runs in (files it writes by relative path land there), when
   * not the process's own; the caller creates and removes it.
   */
  readonly workingDirectory?: (file: string) => string;
  /** Examples that cannot run here (for instance without a database) are skipped when this says why; type-checked still. */
  readonly skipRun?: (snippet: Snippet, file: string) => string | undefined;
}

/**
 * Defines, for every Markdown file, the install-line test and one run test per ```ts block, and
 * one type-check test over all files together (one TypeScript program).
 */
export function describeMarkdownExamples(options: MarkdownExamplesOptions): void {
  const titleRoot = options.titleRoot ?? options.directory;
  afterAll(() => rmSync(options.scratch, { recursive: true, force: true }));

  test('every example type-checks as written', { timeout: 300_000 }, () => {
    const problems = typecheckMarkdownFiles(options.files, options.directory).map(({ path, line, message }) => `${relative(titleRoot, path)}:${line}: ${message}`);
    expect(problems).toEqual([]);
  });

  describe.each(options.files.map((file) => [relative(titleRoot, file), file] as const))('%s', (name, file) => {
    const snippets = extractSnippets(readFileSync(file, 'utf8'));
    const examples = snippets.filter((snippet) => snippet.language === 'ts');

    test.runIf(options.requireInstallLine !== false && examples.length > 0)('the install line names every package the examples import', () => {
      const installed = installedPackages(snippets);
      expect(examples.flatMap((snippet) => importedPackages(snippet.code)).filter((imported) => !installed.includes(imported))).toEqual([]);
    });

    for (const snippet of examples) {
      const skip = options.skipRun?.(snippet, file);
      test.skipIf(skip !== undefined)(`the example at line ${snippet.line} prints what it says${skip === undefined ? '' : ` (skipped: ${skip})`}`, async () => {
        const scratch = join(options.scratch, name.replaceAll('/', '_').replace(/\.md$/, ''));
        mkdirSync(scratch, { recursive: true });
        const example = join(scratch, `snippet-${snippet.line}.ts`);
        writeFileSync(example, snippet.code);
        const logs: string[] = [];
        const spy = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
          logs.push(values.map(String).join(' '));
        });
        const previous = process.cwd();
        if (options.workingDirectory !== undefined) process.chdir(options.workingDirectory(file));
        try {
          await import(pathToFileURL(example).href);
        } finally {
          process.chdir(previous);
          spy.mockRestore();
        }
        expect(logs).toEqual(expectedLogs(snippet.code));
      });
    }
  });
}

/** Defines the README tests of the package in `packageDirectory` (its README.md is read there). */
export function describeReadme(packageDirectory: string): void {
  describe('README', () => {
    describeMarkdownExamples({ files: [join(packageDirectory, 'README.md')], directory: packageDirectory, scratch: join(packageDirectory, '.readme-snippets') });
  });
}
