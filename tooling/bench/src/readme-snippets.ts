/**
 * README examples, checked from the Markdown itself: the ```ts blocks are extracted and
 * type-checked as modules that live in the package's folder (so `@parley/*` and the package's
 * dependencies resolve as they do for its own code, sources first), and the `npm install` line is
 * compared with what the examples import.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One fenced code block of a Markdown file. */
export interface Snippet {
  /** The info string's first word, such as `ts` or `sh`. */
  readonly language: string;
  readonly code: string;
  /** The 1-based line of the opening fence. */
  readonly line: number;
}

/** The fenced code blocks of `markdown`, in order. */
export function extractSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const opening = lines[index] ?? '';
    if (!opening.startsWith('```')) continue;
    const language = opening.slice(3).trim().split(' ')[0] ?? '';
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? '').startsWith('```')) body.push(lines[end++] ?? '');
    snippets.push({ language, code: `${body.join('\n')}\n`, line: index + 1 });
    index = end;
  }
  return snippets;
}

/** The packages an `npm install …` (or `pnpm add …`) line in a shell block names, flags and comments left out. */
export function installedPackages(snippets: readonly Snippet[]): string[] {
  const names: string[] = [];
  for (const snippet of snippets) {
    if (snippet.language !== 'sh' && snippet.language !== 'bash') continue;
    for (const line of snippet.code.split('\n')) {
      // A shell comment (`# for the example below`) names no package.
      const hash = line.search(/(?:^|\s)#/);
      const words = (hash === -1 ? line : line.slice(0, hash)).trim().split(/\s+/);
      const isInstall = (words[0] === 'npm' && (words[1] === 'install' || words[1] === 'i')) || (words[0] === 'pnpm' && words[1] === 'add');
      if (isInstall) names.push(...words.slice(2).filter((word) => !word.startsWith('-')).map(packageName));
    }
  }
  return names;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`, a version range dropped. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? '');
  const at = name.indexOf('@', 1);
  return at === -1 ? name : name.slice(0, at);
}

/** The packages a snippet imports at run time or for types (not `node:` modules, not relative paths). */
export function importedPackages(code: string): string[] {
  const file = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const builtIn = specifier.startsWith('node:') || builtinModules.includes(specifier);
      if (!builtIn && !specifier.startsWith('.')) names.add(packageName(specifier));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...names];
}

/** A problem {@link typecheckSnippets} found. */
export interface SnippetDiagnostic {
  /** The Markdown file. */
  readonly path: string;
  /** The line in the Markdown file. */
  readonly line: number;
  readonly message: string;
}

/**
 * Type-checks every ```ts block of `markdownPath` as its own module placed (in memory only) in
 * `packageDirectory`, with the repository's strict settings and the `@parley/source` condition.
 * Returns the errors with their Markdown line numbers; none means every example compiles.
 */
export function typecheckSnippets(markdownPath: string, packageDirectory: string): SnippetDiagnostic[] {
  return typecheckMarkdownFiles([markdownPath], packageDirectory);
}

/**
 * {@link typecheckSnippets} for many Markdown files in one TypeScript program (one program is
 * built, not one per file): each diagnostic names its file in `path`.
 */
export function typecheckMarkdownFiles(markdownPaths: readonly string[], packageDirectory: string): SnippetDiagnostic[] {
  const virtual = new Map<string, Snippet & { readonly path: string }>();
  for (const [fileIndex, markdownPath] of markdownPaths.entries()) {
    const snippets = extractSnippets(readFileSync(markdownPath, 'utf8')).filter((snippet) => snippet.language === 'ts' || snippet.language === 'typescript');
    for (const [index, snippet] of snippets.entries()) virtual.set(join(packageDirectory, `readme-snippet-${fileIndex + 1}-${index + 1}.ts`), { ...snippet, path: markdownPath });
  }
  const firstPath = markdownPaths[0] ?? join(packageDirectory, 'README.md');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    customConditions: ['@parley/source'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    typeRoots: [join(dirname(firstPath), 'node_modules', '@types'), join(import.meta.dirname, '..', '..', '..', 'node_modules', '@types')],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => virtual.get(fileName)?.code ?? readFile.call(host, fileName);
  host.getSourceFile = (fileName, language, ...rest) => {
    const snippet = virtual.get(fileName);
    return snippet === undefined ? getSourceFile.call(host, fileName, language, ...rest) : ts.createSourceFile(fileName, snippet.code, language, true, ts.ScriptKind.TS);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const diagnostics: SnippetDiagnostic[] = [];
  for (const [fileName, snippet] of virtual) {
    const file = program.getSourceFile(fileName);
    for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
      const line = diagnostic.file !== undefined && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
      diagnostics.push({ path: snippet.path, line: snippet.line + line, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') });
    }
  }
  return diagnostics;
}
