// Every code block of the hand-written pages, taken from the Markdown and run: TypeScript blocks
// by the same suite that runs the packages' README examples (type-checked as modules of this app,
// then imported; `console.log(…); // expected` lines must print what they say), shell blocks in
// bash with `parley` the CLI of this checkout, JSON and YAML blocks parsed. Any other kind of
// block fails, so nothing on the site goes unchecked. The API pages are generated from the types:
// their blocks are the TSDoc `@example`s, each a complete program, run the same way (below); the
// pages' links are checked by links.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { describeMarkdownExamples } from '../../../tooling/bench/src/readme-suite.ts';
import { extractSnippets, installedPackages } from '../../../tooling/bench/src/readme-snippets.ts';
import { runShellExample } from './run-shell-example.ts';
import { isGeneratedPage, siteDirectory, sitePages } from './site-pages.ts';

const appDirectory = join(import.meta.dirname, '..');
const pages = sitePages().filter((page) => !isGeneratedPage(page));
const manifest = JSON.parse(readFileSync(join(appDirectory, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const installable = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
/** What a block's fence says after the language (`sh long-running`). */
const infoOf = (markdown: string, line: number): string => (markdown.split('\n')[line - 1] ?? '').slice(3).trim();
/** Kinds of block a page may hold; `text` is output or a picture of a stream, not code (```text output after a shell block: what it prints, checked). */
const kinds = new Set(['ts', 'sh', 'json', 'yaml', 'text']);
// One working folder per page, shared by its TypeScript and shell blocks in page order (a
// TypeScript block may write the store file a later shell block serves).
const workRoot = mkdtempSync(join(tmpdir(), 'parley-docs-examples-'));
const workingDirectory = (page: string): string => {
  const folder = join(workRoot, page.replaceAll('/', '_').replace(/\.md$/, ''));
  mkdirSync(folder, { recursive: true });
  return folder;
};
afterAll(() => rmSync(workRoot, { recursive: true, force: true }));

describe('TypeScript examples', () => {
  describeMarkdownExamples({
    files: pages.map((page) => join(siteDirectory, page)),
    directory: appDirectory,
    scratch: join(appDirectory, '.snippets'),
    titleRoot: siteDirectory,
    workingDirectory: (file) => workingDirectory(file.slice(siteDirectory.length + 1)),
    skipRun: (snippet) => (snippet.code.includes('PARLEY_PG_URL') && process.env['PARLEY_PG_URL'] === undefined ? 'needs PARLEY_PG_URL (CI sets it)' : undefined),
  });
});

describe.each(pages)('%s', (page) => {
  const markdown = readFileSync(join(siteDirectory, page), 'utf8');
  const snippets = extractSnippets(markdown);
  const scratch = workingDirectory(page);

  test('every code block says what kind it is, and is a kind the tests check', () => {
    expect(snippets.filter((snippet) => !kinds.has(snippet.language)).map((snippet) => `line ${snippet.line}: "${snippet.language}"`)).toEqual([]);
  });

  test.runIf(snippets.some((snippet) => snippet.language === 'sh'))('install lines name packages that exist', () => {
    expect(installedPackages(snippets).filter((name) => !installable.has(name))).toEqual([]);
  });

  for (const snippet of snippets.filter((candidate) => candidate.language === 'json')) {
    test(`the JSON at line ${snippet.line} parses`, () => {
      expect(() => JSON.parse(snippet.code) as unknown).not.toThrow();
    });
  }
  for (const snippet of snippets.filter((candidate) => candidate.language === 'yaml')) {
    test(`the YAML at line ${snippet.line} parses`, () => {
      expect(() => parseYaml(snippet.code) as unknown).not.toThrow();
    });
  }
  // Shell blocks run in order in one folder per page, as a reader would paste them.
  for (const [index, snippet] of snippets.entries()) {
    if (snippet.language !== 'sh') continue;
    const longRunning = infoOf(markdown, snippet.line).includes('long-running');
    // A ```text output block right after a shell block is what that block prints, exactly.
    const next = snippets[index + 1];
    const output = next?.language === 'text' && infoOf(markdown, next.line).split(' ').includes('output') ? next.code : undefined;
    test(`the shell block at line ${snippet.line} runs${longRunning ? ' (a server: it must start and print its address)' : ''}`, { timeout: 180_000 }, async () => {
      const run = await runShellExample(snippet.code, { directory: scratch, longRunning });
      if (longRunning) expect(run.stoppedWhileRunning, run.stderr).toBe(true);
      else expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
      if (output !== undefined) expect(run.stdout).toBe(output);
    });
  }
});

// The API pages are generated from the packages' TSDoc (`pnpm docs:build` makes them): each
// `@example` is a complete program, run here as the guides' examples are.
describe('the API pages: every TSDoc example', () => {
  const apiPages = sitePages().filter((page) => page.startsWith('api/'));
  describeMarkdownExamples({
    files: apiPages.map((page) => join(siteDirectory, page)),
    directory: appDirectory,
    scratch: join(appDirectory, '.snippets-api'),
    titleRoot: siteDirectory,
    requireInstallLine: false,
  });
});
