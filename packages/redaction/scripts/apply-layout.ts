// Moves @parley/redaction's flat src/ into the layout of the design note (step 1: "move files
// into the folders, nothing else") and rewrites every relative import that names a moved file,
// anywhere in the repository. Deterministic and idempotent: run it on any main, as often as you
// like; a second run changes nothing.
//
//   node packages/redaction/scripts/apply-layout.ts            # move and rewrite
//   node packages/redaction/scripts/apply-layout.ts --dry-run  # print the plan, change nothing
//
// It stops before changing anything when a file of the table is missing (renamed or deleted on
// main: fix its row) or when src/ holds a file the table does not place (a new file: add a row).
// A file's tests (`x.test.ts`, `x.test-d.ts`) move with it unless the table places them itself.
//
// Choices where today's files do not fit the note's layout one to one:
// - text/scan-work.ts: the work counter `fold` counts every folded character into; with it in
//   text/, text/ imports nothing outside text/.
// - api/line-text.ts: the whole-text entry through the line layer (it builds on line-redactor and
//   the plan), used by redactSecrets and redactValue only: an entry, not a text helper.
// - judge/ holds today's predicates for public shapes (public-digests, asset-hash, pod-name-suffix)
//   and placeholders (placeholder-credential): they are code that judges a run, not yet the
//   shape table of rules/ (step 4); payload-magic is a table already, so rules/.
// - behaviour/: the bug-class tests, which drive the whole redactor through its API (not one
//   unit); step 6 of the note moves their examples beside the catalogue rows and empties it.
//   options.test.ts and readme.test.ts test the API's own contract, so api/.
// - src/__fixtures__/ stays: tests in every folder and other packages' tests share it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Where each file of src/ goes (paths relative to src/). Tests follow their source file unless listed. */
const layout: ReadonlyArray<readonly [from: string, to: string]> = [
  // api/: the public entries, their options, events and checks.
  ['redact-secrets.ts', 'api/redact-secrets.ts'],
  ['redact-secrets-stream.ts', 'api/redact-secrets-stream.ts'],
  ['redact-value.ts', 'api/redact-value.ts'],
  ['redaction-options.ts', 'api/redaction-options.ts'],
  ['check-options.ts', 'api/check-options.ts'],
  ['redaction-event.ts', 'api/redaction-event.ts'],
  ['list-rules.ts', 'api/list-rules.ts'],
  ['render.ts', 'api/render.ts'],
  ['line-text.ts', 'api/line-text.ts'],
  ['options.test.ts', 'api/options.test.ts'],
  ['readme.test.ts', 'api/readme.test.ts'],
  // text/: folding, gaps, shapes, escapes, held text.
  ['fold.ts', 'text/fold.ts'],
  ['gap.ts', 'text/gap.ts'],
  ['held-text.ts', 'text/held-text.ts'],
  ['terminal-escape.ts', 'text/terminal-escape.ts'],
  ['word-shape.ts', 'text/word-shape.ts'],
  ['scan-work.ts', 'text/scan-work.ts'],
  // engine/: the scan loop, matchers' contract, prefilter, plan, line layer.
  ['scan.ts', 'engine/scan.ts'],
  ['matcher.ts', 'engine/matcher.ts'],
  ['prefilter.ts', 'engine/prefilter.ts'],
  ['run-verdicts.ts', 'engine/run-verdicts.ts'],
  ['redaction-plan.ts', 'engine/redaction-plan.ts'],
  ['line-redactor.ts', 'api/line-redactor.ts'],
  // engine/pattern/: skeleton patterns, the trie walk, keyword search.
  ['pattern-matcher.ts', 'engine/pattern/pattern-matcher.ts'],
  ['skeleton-pattern.ts', 'engine/pattern/skeleton-pattern.ts'],
  ['secret-pattern.ts', 'engine/pattern/secret-pattern.ts'],
  ['keyword-automaton.ts', 'api/keyword-automaton.ts'],
  // rules/: the catalogue and the other rule data.
  ['catalogue.ts', 'rules/catalogue.ts'],
  ['built-in-rules.ts', 'rules/built-in-rules.ts'],
  ['checksum.ts', 'rules/checksum.ts'],
  ['public-example-keys.ts', 'rules/public-example-keys.ts'],
  ['payload-magic.ts', 'rules/payload-magic.ts'],
  ['public-ids.ts', 'rules/public-ids.ts'],
  // detectors/: the hand-written matchers and the value reader they share.
  ['assignment-matcher.ts', 'detectors/assignment-matcher.ts'],
  ['authorization-matcher.ts', 'detectors/authorization-matcher.ts'],
  ['command-password-matcher.ts', 'detectors/command-password-matcher.ts'],
  ['name-value-matcher.ts', 'detectors/name-value-matcher.ts'],
  ['netrc-matcher.ts', 'detectors/netrc-matcher.ts'],
  ['url-password-matcher.ts', 'detectors/url-password-matcher.ts'],
  ['user-option-matcher.ts', 'detectors/user-option-matcher.ts'],
  ['sql-password-matcher.ts', 'detectors/sql-password-matcher.ts'],
  ['private-key-matcher.ts', 'detectors/private-key-matcher.ts'],
  ['aws-secret-key-matcher.ts', 'detectors/aws-secret-key-matcher.ts'],
  ['abbreviated-key-matcher.ts', 'detectors/abbreviated-key-matcher.ts'],
  ['after-escape-matcher.ts', 'detectors/after-escape-matcher.ts'],
  ['value-reader.ts', 'detectors/value-reader.ts'],
  // judge/: randomness (already there), plausibility, catalogue rows, public shapes, placeholders.
  ['plausibility.ts', 'judge/plausibility.ts'],
  ['catalogue-judge.ts', 'judge/catalogue-judge.ts'],
  ['near-miss.ts', 'judge/near-miss.ts'],
  ['near-constant.ts', 'judge/near-constant.ts'],
  ['mid-word-keys.ts', 'judge/mid-word-keys.ts'],
  ['asset-hash.ts', 'judge/asset-hash.ts'],
  ['pod-name-suffix.ts', 'judge/pod-name-suffix.ts'],
  ['public-digests.ts', 'judge/public-digests.ts'],
  ['placeholder-credential.ts', 'judge/placeholder-credential.ts'],
  // user-rules/: regex rules, RE2 translation, regex safety, gitleaks import.
  ['regex-rule.ts', 'user-rules/regex-rule.ts'],
  ['regex-safety.ts', 'user-rules/regex-safety.ts'],
  ['go-regex.ts', 'user-rules/go-regex.ts'],
  ['rules-from-gitleaks-config.ts', 'user-rules/rules-from-gitleaks-config.ts'],
  ['invalid-rule-error.ts', 'user-rules/invalid-rule-error.ts'],
  // behaviour/: bug-class tests of the whole redactor.
  ...[
    'adversary-leaks',
    'row-alphabet-keys',
    'appended-text',
    'catalogue-precision',
    'code-false-positives',
    'credential-shapes',
    'cut-rest',
    'digest-path-mid-word',
    'entropy-glue',
    'exact-spans',
    'exempt-shapes',
    'fail-closed',
    'false-positives',
    'field-marks-in-keys',
    'filler-separators',
    'glued-key-bodies',
    'go-module-hashes',
    'key-boundaries',
    'length-cap-rest',
    'line-work',
    'lonely-lines',
    'lossless',
    'lower-case-prefix-keys',
    'name-value-shapes',
    'near-constant-bodies',
    'prose-passthrough',
    'separators',
    'small-writes-work',
    'terminal-escapes',
    'url-password-brackets',
    'word-before-path',
    'words-around-digests',
  ].map((name) => [`${name}.test.ts`, `behaviour/${name}.test.ts`] as const),
];

/** Files that stay in src/ itself. */
const staysInRoot: ReadonlySet<string> = new Set(['index.ts']);

const dryRun = process.argv.includes('--dry-run');
const repository = resolve(import.meta.dirname, '../../..');
const source = join(repository, 'packages/redaction/src');
const posix = (path: string): string => path.split(sep).join('/');
const fail = (lines: readonly string[]): never => {
  console.error(['apply-layout: nothing changed.', ...lines].join('\n'));
  process.exit(1);
};

// 1. The moves: the table, plus each source file's tests beside it.
const moves = new Map<string, string>(); // absolute old path → absolute new path
const problems: string[] = [];
const listed = new Set(layout.map(([from]) => from));
for (const [from, to] of layout) {
  if (moves.has(join(source, from))) problems.push(`${from} is in the table twice`);
  const atOld = existsSync(join(source, from));
  const atNew = existsSync(join(source, to));
  if (atOld && atNew) problems.push(`${from}: both src/${from} and src/${to} exist`);
  else if (!atOld && !atNew) problems.push(`${from}: neither src/${from} nor src/${to} exists (renamed or deleted on main? fix its row)`);
  if (atOld) moves.set(join(source, from), join(source, to));
  for (const suffix of ['.test.ts', '.test-d.ts']) {
    if (!from.endsWith('.ts') || from.endsWith('.test.ts')) continue;
    const test = from.replace(/\.ts$/, suffix);
    if (!listed.has(test) && existsSync(join(source, test))) moves.set(join(source, test), join(source, to.replace(/\.ts$/, suffix)));
  }
}
const unplaced = readdirSync(source, { withFileTypes: true })
  .filter((entry) => entry.isFile() && !staysInRoot.has(entry.name) && !moves.has(join(source, entry.name)))
  .map((entry) => entry.name)
  .sort();
if (unplaced.length > 0) problems.push(`src/ holds files the table does not place; add a row for each:\n  ${unplaced.join('\n  ')}`);
if (problems.length > 0) fail(problems);
const movedTo = (path: string): string => moves.get(path) ?? path;

// 2. Every relative specifier in the repository that resolves to a moved file, or sits in a moved
// file, is rewritten (resolved against the tree before the move, written for the tree after it).
const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs'], { cwd: repository, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && existsSync(join(repository, path)));
const codeExtensions = ['.ts', '.tsx', '.mts', '.cts', '.d.ts'];

/** The file a relative specifier names from `directory`, and how it was written: with its extension, as a folder, or bare. */
function resolveSpecifier(directory: string, specifier: string): { file: string; style: 'bare' | 'extension' | 'index' | 'js' } | undefined {
  const path = resolve(directory, specifier);
  const isFile = (candidate: string): boolean => existsSync(candidate) && statSync(candidate).isFile();
  if (isFile(path)) return { file: path, style: 'extension' };
  for (const extension of codeExtensions) if (isFile(path + extension)) return { file: path + extension, style: 'bare' };
  if (/\.[cm]?js$/.test(path)) {
    const typed = path.replace(/\.([cm]?)js$/, '.$1ts');
    if (isFile(typed)) return { file: typed, style: 'js' };
  }
  for (const extension of codeExtensions) if (isFile(join(path, `index${extension}`))) return { file: join(path, `index${extension}`), style: 'index' };
  return undefined;
}

/** `target` as a specifier from `directory`, in the style the old one was written. */
function specifierFor(directory: string, target: string, style: 'bare' | 'extension' | 'index' | 'js'): string {
  let path = posix(relative(directory, target));
  if (style === 'bare') path = path.replace(/(?:\.d)?\.[cm]?tsx?$/, '');
  else if (style === 'index') path = path.replace(/\/index(?:\.d)?\.[cm]?tsx?$/, '');
  else if (style === 'js') path = path.replace(/\.([cm]?)ts$/, '.$1js');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The string literals of a file that name a module: imports, exports, import(), require(), vi.mock(), new URL(…, import.meta.url). */
function moduleSpecifiers(file: ts.SourceFile): Array<{ node: ts.StringLiteralLike; url: boolean }> {
  const found: Array<{ node: ts.StringLiteralLike; url: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ node: node.moduleSpecifier, url: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ node: node.argument.literal, url: false });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const callee = node.expression;
      const named =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) && ['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock', 'resolve'].includes(callee.name.text));
      if (named) found.push({ node: node.arguments[0] as ts.StringLiteralLike, url: false });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.length === 2) {
      const [first, base] = node.arguments;
      if (ts.isStringLiteralLike(first!) && base!.getText(file) === 'import.meta.url') found.push({ node: first, url: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const rewrites = new Map<string, string>(); // absolute new path → new text
let specifiersChanged = 0;
for (const path of tracked) {
  const old = join(repository, path);
  const text = readFileSync(old, 'utf8');
  // Only files that can name redaction's sources: its own, and any that mention its folder.
  if (!posix(path).startsWith('packages/redaction/') && !text.includes('redaction/')) continue;
  const file = ts.createSourceFile(old, text, ts.ScriptTarget.Latest, true, old.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const { node, url } of moduleSpecifiers(file)) {
    const specifier = node.text;
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
    const target = url ? { file: resolve(dirname(old), specifier), style: 'extension' as const } : resolveSpecifier(dirname(old), specifier);
    if (target === undefined || !existsSync(target.file)) continue;
    if (!moves.has(target.file) && !moves.has(old)) continue;
    const next = specifierFor(dirname(movedTo(old)), movedTo(target.file), target.style);
    if (next === specifier) continue;
    edits.push({ start: node.getStart(file) + 1, end: node.getEnd() - 1, text: next });
  }
  if (edits.length === 0) continue;
  specifiersChanged += edits.length;
  let next = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) next = next.slice(0, edit.start) + edit.text + next.slice(edit.end);
  rewrites.set(movedTo(old), next);
}

// 3. Paths written out in docs and config: `packages/redaction/src/<file>` anywhere (knip.jsonc,
// Markdown), and `src/<file>` in the package's own Markdown. Changesets are history: left as written.
const documents = execFileSync('git', ['ls-files', '-z', '--', '*.md', '*.json', '*.jsonc', '*.yaml', '*.yml'], { cwd: repository, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && !path.startsWith('.changeset/') && !path.includes('/bench/peers/') && existsSync(join(repository, path)));
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byRelative = new Map([...moves].map(([from, to]) => [posix(relative(source, from)), posix(relative(source, to))]));
const pathPattern = new RegExp(`(?<![\\w./-])(packages/redaction/)?src/(${[...byRelative.keys()].map(escape).join('|')})(?![\\w.-])`, 'g');
let documentPaths = 0;
for (const path of documents) {
  if (byRelative.size === 0) break;
  const inPackage = posix(path).startsWith('packages/redaction/');
  const text = readFileSync(join(repository, path), 'utf8');
  const next = text.replace(pathPattern, (whole, prefix: string | undefined, file: string) => {
    if (prefix === undefined && !inPackage) return whole;
    documentPaths += 1;
    return `${prefix ?? ''}src/${byRelative.get(file)}`;
  });
  if (next !== text) rewrites.set(join(repository, path), next);
}

// 4. Report, then move and write.
const show = (path: string): string => posix(relative(repository, path));
console.log(`apply-layout: ${moves.size} files to move, ${specifiersChanged} import specifiers and ${documentPaths} written paths to rewrite in ${rewrites.size} files`);
if (dryRun) {
  for (const [from, to] of moves) console.log(`  ${show(from)} → ${show(to)}`);
  for (const path of rewrites.keys()) console.log(`  rewrite ${show(path)}`);
  process.exit(0);
}
for (const [from, to] of [...moves].sort(([a], [b]) => a.localeCompare(b))) {
  mkdirSync(dirname(to), { recursive: true });
  execFileSync('git', ['mv', '--', show(from), show(to)], { cwd: repository, stdio: 'inherit' });
}
for (const [path, text] of rewrites) writeFileSync(path, text);

// 5. Lines of source (tests and fixtures left out) per folder of src/.
const lines = new Map<string, number>();
const count = (directory: string): void => {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__fixtures__') count(path);
    } else if (/\.ts$/.test(entry.name) && !/\.test(?:-d)?\.ts$/.test(entry.name)) {
      const folder = posix(relative(source, directory)) || '.';
      lines.set(folder, (lines.get(folder) ?? 0) + readFileSync(path, 'utf8').split('\n').length - 1);
    }
  }
};
count(source);
const total = [...lines.values()].reduce((sum, value) => sum + value, 0);
console.log(`\n| folder | lines |\n| --- | ---: |`);
for (const [folder, value] of [...lines].sort(([a], [b]) => a.localeCompare(b))) console.log(`| src/${folder === '.' ? '' : `${folder}/`} | ${value} |`);
console.log(`| total | ${total} |`);
