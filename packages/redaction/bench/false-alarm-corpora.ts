// False alarms per MB: the findings `findSecrets` reports on text that holds no secret, read from
// disk. Two sections:
//
// - real text nobody here wrote: 35 well-known packages from this repository's node_modules
//   (compilers and bundlers, AI and service SDKs, tools and libraries: their .js/.mjs/.cjs/.ts/
//   .d.ts/.json/.md), Debian's /usr/share/doc (text files, .gz decompressed), Python's standard
//   library sources, and package managers' logs (/var/log/apt, dpkg) with installed packages' lockfiles. Nearly every finding there is a false alarm (judge a sample by eye:
//   PARLEY_FP_SAMPLE).
// - unseen text, in two halves that share no source. "unseen: development" (the Google Cloud SDK,
//   the globally installed npm and corepack, Perl's libraries, half of the other packages in the
//   pnpm store, and the files of Debian's Python dist-packages and man pages that the held-out
//   corpora of those trees do not take) may be read and judged while tuning. "unseen: held-out" (the other half of the
//   pnpm store, Debian's Python dist-packages, C headers, man pages, /etc and /var/log) is NOT for
//   tuning: only its count is read, to tell whether a change generalises to text nobody tuned on.
//   (The pnpm store halves are split by a hash of the package name; the tuning section's packages
//   are in neither.)
// - own text: the monorepo's Markdown and TypeScript (tests, fixtures and the files that plant keys
//   left out), TypeScript's lib declarations and the fast-check bundle, as this bench read before.
//
// The selection is deterministic: each corpus lists its candidate files, sorts them by an FNV-1a
// hash of their path within the package or tree (then by that path; the same wherever the repository is), and takes them in that order while they fit under the corpus's
// (or package's) byte cap; files over MAX_FILE_BYTES are skipped. A path missing on this machine is
// skipped with a note. Run:
//
//   pnpm --filter @parley/redaction false-positives
//   (node --conditions=@parley/source --import ./bench/source-imports.mjs bench/false-positive-corpora.ts)
//
// PARLEY_FP_SHOW=1         prints every finding with 40 characters of context each side and its file
// PARLEY_FP_SAMPLE=40      prints a seeded random sample of the real-text findings (PARLEY_FP_SEED=1)
// PARLEY_FP_JSON=out.json  writes the table and every finding (with context) as JSON
// PARLEY_FP_ONLY=regex     runs only the corpora whose name matches
// PARLEY_FP_SAMPLE_SECTION="unseen: development"  samples that section instead of the tuning one
// PARLEY_FP_ROOT=<checkout> reads the own-text corpora from another checkout (the same files before
//                          and after a change)
import { type Dirent, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findSecrets } from '../src/api/redact-secrets.ts';

const repository = new URL('../../../', import.meta.url).pathname;
const root = process.env['PARLEY_FP_ROOT'] ?? repository;
const pnpmStore = join(repository, 'node_modules/.pnpm');
const MB = 1e6;
const MAX_FILE_BYTES = 2 * MB;
const PACKAGE_CAP = 3 * MB;

interface Source {
  readonly path: string;
  readonly bytes: number;
}

interface Corpus {
  readonly section: 'real text nobody here wrote' | 'unseen: development' | 'unseen: held-out' | 'own text';
  readonly name: string;
  /** The files, or a note on why there are none here. */
  readonly files: () => Source[] | string;
}

interface Hit {
  readonly corpus: string;
  readonly file: string;
  readonly type: string;
  readonly start: number;
  readonly text: string;
  readonly before: string;
  readonly after: string;
}

/** FNV-1a over the path: an order that spreads a cap over the whole tree, the same on every run. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A gzip file's uncompressed size, from its trailer (modulo 4 GiB), so that caps count text. */
function gzipSize(path: string): number {
  const bytes = readFileSync(path);
  return bytes.length < 18 ? 0 : bytes.readUInt32LE(bytes.length - 4);
}

function walk(directory: string, accept: (path: string) => boolean, into: Source[] = [], skipDot = true, skipModules = true): Source[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const entry of entries) {
    if ((skipModules && entry.name === 'node_modules') || (skipDot && entry.name.startsWith('.')) || entry.isSymbolicLink()) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) walk(path, accept, into, skipDot, skipModules);
    else if (entry.isFile() && accept(path)) into.push({ path, bytes: path.endsWith('.gz') ? gzipSize(path) : statSync(path).size });
  }
  return into;
}

/**
 * The files in hash order that fit under `cap` bytes, none over MAX_FILE_BYTES. The order hashes
 * each path relative to `root`, so the same files are taken wherever the repository is checked out.
 */
function capped(files: Source[], cap: number, root: string): Source[] {
  const key = (file: Source): string => relative(root, file.path);
  const ordered = files
    .filter((file) => file.bytes > 0 && file.bytes <= MAX_FILE_BYTES)
    .sort((left, right) => fnv(key(left)) - fnv(key(right)) || (key(left) < key(right) ? -1 : 1));
  const taken: Source[] = [];
  let total = 0;
  for (const file of ordered) {
    if (total + file.bytes > cap) continue;
    taken.push(file);
    total += file.bytes;
  }
  return taken.sort((left, right) => (left.path < right.path ? -1 : 1));
}

/** Paths that suggest test data, secret fixtures above all. */
const testData = /\/(?:tests?|__tests__|__fixtures__|fixtures?|testdata|snapshots?)\/|secret[^/]*fixture|fixture[^/]*secret/i;
const packageFile = /\.[mc]?(?:js|ts)$|\.json$|\.md$/;

/** The newest installed version of an npm package, as pnpm laid it out. */
function installed(name: string): string | undefined {
  if (!existsSync(pnpmStore)) return undefined;
  const prefix = `${name.replace('/', '+')}@`;
  const versions = readdirSync(pnpmStore)
    .filter((entry) => entry.startsWith(prefix) && /^\d/.test(entry.slice(prefix.length)))
    .map((entry) => ({ entry, version: entry.slice(prefix.length).split(/[_(]/)[0]!.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0) }))
    .sort((left, right) => {
      for (let index = 0; index < 4; index += 1) {
        const difference = (right.version[index] ?? 0) - (left.version[index] ?? 0);
        if (difference !== 0) return difference;
      }
      return left.entry < right.entry ? -1 : 1;
    });
  const newest = versions[0];
  if (newest === undefined) return undefined;
  const directory = join(pnpmStore, newest.entry, 'node_modules', name);
  return existsSync(directory) ? directory : undefined;
}

/** Lockfiles at the root of the installed packages (committed by their projects, published with them). */
function installedLockfiles(): Source[] {
  const names = ['yarn.lock', 'package-lock.json', 'pnpm-lock.yaml', 'Cargo.lock', 'go.sum', 'poetry.lock'];
  const found: Source[] = [];
  for (const entry of existsSync(pnpmStore) ? readdirSync(pnpmStore).sort() : []) {
    const modules = join(pnpmStore, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const roots = name.startsWith('@') ? readdirSync(join(modules, name)).map((scoped) => join(modules, name, scoped)) : [join(modules, name)];
      for (const root of roots) for (const lockfile of names) if (existsSync(join(root, lockfile))) found.push({ path: join(root, lockfile), bytes: statSync(join(root, lockfile)).size });
    }
  }
  return [...new Map(found.map((source) => [source.path, source])).values()];
}

const missing: string[] = [];

function packages(names: readonly string[]): () => Source[] | string {
  return () => {
    const files: Source[] = [];
    for (const name of names) {
      const directory = installed(name);
      if (directory === undefined) {
        missing.push(`package ${name} is not installed`);
        continue;
      }
      files.push(...capped(walk(directory, (path) => packageFile.test(path) && !testData.test(relative(directory, path))), PACKAGE_CAP, directory));
    }
    return files.length === 0 ? 'none of its packages is installed' : files;
  };
}

/** A directory's files under a cap, or a note when the directory is missing. */
function tree(directories: readonly string[], accept: (path: string) => boolean, cap: number): () => Source[] | string {
  return () => {
    const directory = directories.find((candidate) => existsSync(candidate));
    if (directory === undefined) return `none of ${directories.join(', ')} exists`;
    return capped(walk(directory, accept), cap, directory);
  };
}

const binaryExtension = /\.(?:png|gif|jpe?g|ico|svg|pdf|woff2?|ttf|otf|zip|xz|bz2|tgz|jar|pyc|so|a|o|mo|db|sqlite|ps|eps|dvi)(?:\.gz)?$/i;

/** The newest Python standard library on this machine (pyenv's or the system's). */
function pythonLibraries(): string[] {
  const candidates: string[] = [];
  const pyenv = '/root/.pyenv/versions';
  const byVersion = (left: string, right: string) => {
    const version = (path: string) => (/python3\.(\d+)/.exec(path)?.[1] ?? '0').padStart(3, '0');
    return version(right).localeCompare(version(left)) || (left < right ? -1 : 1);
  };
  if (existsSync(pyenv)) {
    for (const version of readdirSync(pyenv)) {
      const lib = join(pyenv, version, 'lib');
      if (!existsSync(lib)) continue;
      for (const entry of readdirSync(lib)) if (/^python3\.\d+$/.test(entry)) candidates.push(join(lib, entry));
    }
  }
  if (existsSync('/usr/lib')) for (const entry of readdirSync('/usr/lib')) if (/^python3\.\d+$/.test(entry)) candidates.push(join('/usr/lib', entry));
  return candidates.sort(byVersion);
}

/** Files that hold keys on purpose (tests, fixtures, the redaction README's examples, the redaction benches and peers' data). */
const plantsKeys = (path: string): boolean => /\.test\.ts$|__fixtures__|packages\/redaction\/README\.md$|packages\/redaction\/bench\/|\.changeset/.test(path);
const ownWalk = (directory: string, accept: (path: string) => boolean): Source[] =>
  walk(directory, (path) => accept(path) && !/\/dist\//.test(path));

const compilers = ['typescript', 'esbuild', 'rollup', 'rolldown', 'vite', 'vitest', 'sucrase', 'acorn', 'oxc-parser', 'jiti', 'tsup'];
const sdks = ['openai', 'ai', '@ai-sdk/provider', '@ai-sdk/provider-utils', '@ai-sdk/gateway', 'langchain', '@langchain/core', '@langchain/langgraph', '@langchain/openai', 'langsmith', 'js-tiktoken', '@opentelemetry/api', '@opentelemetry/semantic-conventions', 'pg', 'pg-boss'];
const tools = ['eslint', 'zod', 'yaml', 'fast-check', 'secretlint', '@secretlint/core', 'knip', '@types/node', 'lodash', 'ajv', 'markdown-it', 'highlight.js', 'luxon'];

/** The pnpm store's packages outside the tuning section, the half whose name hashes to `half`. */
function otherPackages(half: 0 | 1): string[] {
  if (!existsSync(pnpmStore)) return [];
  const tuned = new Set([...compilers, ...sdks, ...tools]);
  const names = readdirSync(pnpmStore)
    .filter((entry) => entry !== 'node_modules' && !entry.startsWith('.'))
    .map((entry) => entry.replace(/@[^@]*$/, '').replace('+', '/'))
    .filter((name) => name !== '' && !tuned.has(name) && !name.startsWith('@parley/'));
  return [...new Set(names)].filter((name) => fnv(name) % 2 === half).sort();
}

const UNSEEN_PACKAGE_CAP = 0.5 * MB;

function unseenPackages(half: 0 | 1, cap: number): () => Source[] | string {
  return () => {
    const files: Source[] = [];
    for (const name of otherPackages(half)) {
      const directory = installed(name);
      if (directory !== undefined) files.push(...capped(walk(directory, (path) => packageFile.test(path) && !testData.test(`/${relative(directory, path)}`)), UNSEEN_PACKAGE_CAP, directory));
    }
    return files.length === 0 ? 'no other package in the pnpm store' : capped(files, cap, pnpmStore);
  };
}

/** The files of the trees that exist (node_modules folders included), or a note when none does. */
function treeFiles(directories: readonly string[], accept: (path: string) => boolean): Source[] | string {
  const present = directories.filter((candidate) => existsSync(candidate));
  if (present.length === 0) return `none of ${directories.join(', ')} exists`;
  return present.flatMap((directory) => walk(directory, accept, [], true, false));
}

/** Trees read whole under one cap, the first existing of each. */
function trees(directories: readonly string[], accept: (path: string) => boolean, cap: number): () => Source[] | string {
  return () => {
    const files = treeFiles(directories, accept);
    return typeof files === 'string' ? files : capped(files, cap, '/');
  };
}

/**
 * The files of the same trees that `trees(directories, accept, heldCap)` does NOT take, under their
 * own cap: a development corpus that can never share a file with its held-out twin, because the
 * held-out choice is computed here the same way and removed.
 */
function treesLeft(directories: readonly string[], accept: (path: string) => boolean, heldCap: number, cap: number): () => Source[] | string {
  return () => {
    const files = treeFiles(directories, accept);
    if (typeof files === 'string') return files;
    const held = new Set(capped(files, heldCap, '/').map((file) => file.path));
    return capped(files.filter((file) => !held.has(file.path)), cap, '/');
  };
}

/** Files that hold credentials of this machine or its sandbox, never read. */
const machineCredentials = /npmrc|pip\.conf|shadow|\/ssh\/|\/ssl\/private|sandbox|credential|\.netrc|\/(?:b|w)tmp$|lastlog|faillog/i;
/** A text file of an unseen tree: not binary, not a credential of this machine, not test data (fixtures plant keys on purpose). */
const textFile = (path: string): boolean => !binaryExtension.test(path) && !/\.(?:pyc|class|node|wasm|gz)$/.test(path) && !machineCredentials.test(path) && !testData.test(path) && !/\/test_[^/]*$|\.test\.[^/]*$/.test(path);
/** The held-out trees that a development corpus also reads, the files the held-out corpus leaves. */
const distPackages = ['/usr/lib/python3/dist-packages'];
const DIST_PACKAGES_HELD_CAP = 15 * MB;
const manPages = ['/usr/share/man'];
const manPage = (path: string): boolean => /\.gz$/.test(path) && !machineCredentials.test(path);
const MAN_PAGES_HELD_CAP = 10 * MB;

const corpora: readonly Corpus[] = [
  {
    section: 'real text nobody here wrote',
    name: 'npm: compilers, bundlers, test runners',
    files: packages(compilers),
  },
  {
    section: 'real text nobody here wrote',
    name: 'npm: AI and service SDKs',
    files: packages(sdks),
  },
  {
    section: 'real text nobody here wrote',
    name: 'npm: tools and libraries',
    files: packages(tools),
  },
  {
    section: 'real text nobody here wrote',
    name: "Debian's /usr/share/doc",
    files: tree(['/usr/share/doc'], (path) => !binaryExtension.test(path), 13 * MB),
  },
  {
    section: 'real text nobody here wrote',
    name: "Python's standard library",
    files: () => {
      const libraries = pythonLibraries();
      if (libraries.length === 0) return 'no Python standard library found (pyenv or /usr/lib/python3.*)';
      return tree(libraries.slice(0, 1), (path) => path.endsWith('.py') && !/\/(?:site-packages|dist-packages|test|tests|idle_test)\//.test(path), 12 * MB)();
    },
  },
  {
    // What agents print while they work: package managers' logs (apt unpacking, dpkg, alternatives)
    // and lockfiles other projects committed.
    section: 'real text nobody here wrote',
    name: 'logs and lockfiles',
    files: () => {
      const logs = ['/var/log/apt/term.log', '/var/log/apt/history.log', '/var/log/dpkg.log', '/var/log/alternatives.log'].filter((path) => existsSync(path));
      const lockfiles = installedLockfiles();
      const files = [...logs.map((path) => ({ path, bytes: statSync(path).size })), ...lockfiles];
      return files.length === 0 ? 'no package manager logs or lockfiles found' : files;
    },
  },
  { section: 'unseen: development', name: 'Google Cloud SDK', files: trees(['/usr/lib/google-cloud-sdk'], textFile, 15 * MB) },
  { section: 'unseen: development', name: 'global npm and corepack', files: trees(['/usr/lib/node_modules'], textFile, 15 * MB) },
  { section: 'unseen: development', name: "Perl's libraries", files: trees(['/usr/share/perl', '/usr/share/perl5', '/usr/lib/x86_64-linux-gnu/perl', '/usr/lib/x86_64-linux-gnu/perl5', '/usr/lib/x86_64-linux-gnu/perl-base'], textFile, 10 * MB) },
  { section: 'unseen: development', name: 'npm: other packages, first half', files: unseenPackages(0, 20 * MB) },
  { section: 'unseen: development', name: "Debian's Python dist-packages, files the held-out set leaves", files: treesLeft(distPackages, textFile, DIST_PACKAGES_HELD_CAP, 12 * MB) },
  { section: 'unseen: development', name: 'man pages, files the held-out set leaves', files: treesLeft(manPages, manPage, MAN_PAGES_HELD_CAP, 10 * MB) },
  { section: 'unseen: held-out', name: 'npm: other packages, second half', files: unseenPackages(1, 20 * MB) },
  { section: 'unseen: held-out', name: "Debian's Python dist-packages", files: trees(distPackages, textFile, DIST_PACKAGES_HELD_CAP) },
  { section: 'unseen: held-out', name: 'C headers', files: trees(['/usr/include'], textFile, 10 * MB) },
  { section: 'unseen: held-out', name: 'man pages', files: trees(manPages, manPage, MAN_PAGES_HELD_CAP) },
  {
    section: 'unseen: held-out',
    name: '/etc and /var/log',
    files: trees(['/etc', '/var/log'], (path) => textFile(path) && !/\/var\/log\/(?:apt\/term|apt\/history|dpkg|alternatives)\.log$/.test(path), 5 * MB),
  },
  {
    section: 'own text',
    name: 'prose: Markdown of the monorepo and the specs',
    files: () => [...ownWalk(root, (path) => path.endsWith('.md') && !plantsKeys(path)), ...walk('/work/shared/specs', (path) => path.endsWith('.md'))],
  },
  { section: 'own text', name: 'code: TypeScript sources of the monorepo', files: () => ownWalk(join(root, 'packages'), (path) => path.endsWith('.ts') && !plantsKeys(path)) },
  {
    section: 'own text',
    name: 'code: TypeScript lib declarations',
    files: () => walk(join(root, 'node_modules/typescript/lib'), (path) => /lib\.[a-z0-9.]+\.d\.ts$/.test(path)),
  },
  { section: 'own text', name: 'code: installed JavaScript (the fast-check bundle)', files: () => walk(join(root, 'node_modules/fast-check/lib'), (path) => path.endsWith('.js')) },
];

/** A file's text, decompressed when it is gzip; undefined when it is binary. */
function read(path: string): string | undefined {
  let bytes: Buffer = readFileSync(path);
  if (path.endsWith('.gz')) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      return undefined;
    }
  }
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  return bytes.toString('utf8');
}

const oneLine = (text: string): string => text.replace(/\r?\n/g, '⏎').replace(/\t/g, '⇥');
const only = process.env['PARLEY_FP_ONLY'] === undefined ? undefined : new RegExp(process.env['PARLEY_FP_ONLY'], 'i');
const show = process.env['PARLEY_FP_SHOW'] !== undefined && process.env['PARLEY_FP_SHOW'] !== '0';

interface Row {
  readonly section: string;
  readonly name: string;
  readonly files: number;
  readonly bytes: number;
  readonly findings: number;
  readonly perMB: number;
  readonly redactedCharacters: number;
  readonly types: Record<string, number>;
  readonly seconds: number;
  readonly note?: string;
}

const rows: Row[] = [];
const hits: Hit[] = [];
const started = performance.now();
for (const corpus of corpora) {
  if (only !== undefined && !only.test(corpus.name)) continue;
  const listed = corpus.files();
  if (typeof listed === 'string') {
    rows.push({ section: corpus.section, name: corpus.name, files: 0, bytes: 0, findings: 0, perMB: 0, redactedCharacters: 0, types: {}, seconds: 0, note: `skipped: ${listed}` });
    continue;
  }
  const begun = performance.now();
  let bytes = 0;
  let files = 0;
  let redacted = 0;
  const byType = new Map<string, number>();
  for (const { path } of listed) {
    const text = read(path);
    if (text === undefined) continue;
    files += 1;
    bytes += Buffer.byteLength(text);
    for (const finding of findSecrets(text)) {
      redacted += finding.end - finding.start;
      byType.set(finding.type, (byType.get(finding.type) ?? 0) + 1);
      const hit: Hit = {
        corpus: corpus.name,
        file: path,
        type: finding.type,
        start: finding.start,
        text: text.slice(finding.start, finding.end),
        before: text.slice(Math.max(0, finding.start - 40), finding.start),
        after: text.slice(finding.end, finding.end + 40),
      };
      hits.push(hit);
      if (show) console.log(`${hit.type}\t${hit.file}:${hit.start}\t…${oneLine(hit.before)}«${oneLine(hit.text.length > 200 ? `${hit.text.slice(0, 200)}…` : hit.text)}»${oneLine(hit.after)}…`);
    }
  }
  const findings = [...byType.values()].reduce((sum, count) => sum + count, 0);
  const types = Object.fromEntries([...byType].sort((left, right) => right[1] - left[1]));
  rows.push({ section: corpus.section, name: corpus.name, files, bytes, findings, perMB: bytes === 0 ? 0 : findings / (bytes / MB), redactedCharacters: redacted, types, seconds: (performance.now() - begun) / 1000 });
}
const seconds = (performance.now() - started) / 1000;

function table(): string {
  const header = ['corpus', 'files', 'MB', 'findings', 'per MB', 's', 'top finding types'];
  const lines: string[][] = [];
  for (const section of [...new Set(rows.map((row) => row.section))]) {
    const inSection = rows.filter((row) => row.section === section);
    lines.push([`— ${section}`, '', '', '', '', '', '']);
    for (const row of inSection) {
      const top = Object.entries(row.types).slice(0, 3).map(([type, count]) => `${type} ${count}`).join(', ');
      lines.push([row.name, String(row.files), (row.bytes / MB).toFixed(1), String(row.findings), row.perMB.toFixed(2), row.seconds.toFixed(1), row.note ?? top]);
    }
    const bytes = inSection.reduce((sum, row) => sum + row.bytes, 0);
    const findings = inSection.reduce((sum, row) => sum + row.findings, 0);
    lines.push([
      '  all of the section',
      String(inSection.reduce((sum, row) => sum + row.files, 0)),
      (bytes / MB).toFixed(1),
      String(findings),
      bytes === 0 ? '0' : (findings / (bytes / MB)).toFixed(2),
      inSection.reduce((sum, row) => sum + row.seconds, 0).toFixed(1),
      '',
    ]);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (line: readonly string[]) => line.map((cell, column) => (column >= 1 && column <= 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}

console.log(table());
for (const note of missing) console.log(`note: ${note}`);
console.log(`${(rows.reduce((sum, row) => sum + row.bytes, 0) / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s`);

const sampleSize = Number.parseInt(process.env['PARLEY_FP_SAMPLE'] ?? '0', 10);
if (sampleSize > 0) {
  // A seeded sample (mulberry32) of the real-text findings, to judge by eye.
  let seed = Number.parseInt(process.env['PARLEY_FP_SEED'] ?? '1', 10) >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let value = seed;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const sampled = process.env['PARLEY_FP_SAMPLE_SECTION'] ?? 'real text nobody here wrote';
  const real = hits.filter((hit) => corpora.find((corpus) => corpus.name === hit.corpus)?.section === sampled);
  const pool = [...real];
  console.log(`\nsample of ${Math.min(sampleSize, pool.length)} of ${real.length} findings in ${sampled}:`);
  for (let index = 0; index < sampleSize && pool.length > 0; index += 1) {
    const [hit] = pool.splice(Math.floor(random() * pool.length), 1);
    if (hit === undefined) break;
    console.log(`${index + 1}. ${hit.type}\t${hit.file}:${hit.start}\n   …${oneLine(hit.before)}«${oneLine(hit.text.length > 200 ? `${hit.text.slice(0, 200)}…` : hit.text)}»${oneLine(hit.after)}…`);
  }
}

const json = process.env['PARLEY_FP_JSON'];
if (json !== undefined && json !== '') {
  writeFileSync(json, `${JSON.stringify({ seconds, maxFileBytes: MAX_FILE_BYTES, packageCap: PACKAGE_CAP, corpora: rows, notes: missing, findings: hits }, null, 1)}\n`);
  console.log(`wrote ${json}`);
}
