// False positives on text that holds no secret: the findings `findSecrets` reports on prose and
// code corpora read from disk (the monorepo's own Markdown and TypeScript sources without tests
// and fixtures, the protocol specs, TypeScript's lib declarations and a few installed packages'
// JavaScript). Every finding there is a false positive (the files that plant keys on purpose are
// left out). Run before and after a change to a rule:
//
//   pnpm --filter @parley/redaction false-positives
//   (node --conditions=@parley/source --import ./bench/source-imports.mjs bench/false-positive-corpora.ts)
//
// PARLEY_FP_ROOT=<a checkout> reads the corpora from another checkout (the same files before and
// after); PARLEY_FP_SHOW=1 prints every finding.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findSecrets } from '../src/api/redact-secrets.ts';

const root = process.env['PARLEY_FP_ROOT'] ?? new URL('../../../', import.meta.url).pathname;

function walk(directory: string, accept: (path: string) => boolean, into: string[] = []): string[] {
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) walk(path, accept, into);
    else if (accept(path)) into.push(path);
  }
  return into;
}

/** Files that hold keys on purpose (tests, fixtures, the redaction README's examples). */
const plantsKeys = (path: string): boolean => /\.test\.ts$|__fixtures__|packages\/redaction\/README\.md$|\.changeset/.test(path);

const corpora: ReadonlyArray<readonly [name: string, files: string[]]> = [
  ['prose: Markdown of the monorepo and the specs', [...walk(root, (path) => path.endsWith('.md') && !plantsKeys(path)), ...walk('/work/shared/specs', (path) => path.endsWith('.md'))]],
  ['code: TypeScript sources of the monorepo', walk(join(root, 'packages'), (path) => path.endsWith('.ts') && !plantsKeys(path))],
  ['code: TypeScript lib declarations', walk(join(root, 'node_modules/typescript/lib'), (path) => /lib\.[a-z0-9.]+\.d\.ts$/.test(path))],
  ['code: installed JavaScript (the fast-check bundle)', walk(join(root, 'node_modules/fast-check/lib'), (path) => path.endsWith('.js'))],
];

for (const [name, files] of corpora) {
  let characters = 0;
  let redacted = 0;
  const byType = new Map<string, number>();
  const examples: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    characters += text.length;
    for (const finding of findSecrets(text)) {
      redacted += finding.end - finding.start;
      byType.set(finding.type, (byType.get(finding.type) ?? 0) + 1);
      if (process.env['PARLEY_FP_SHOW'] !== undefined) examples.push(`${finding.type}\t${text.slice(finding.start, finding.end).slice(0, 120)}`);
    }
  }
  const findings = [...byType.values()].reduce((sum, count) => sum + count, 0);
  const types = [...byType].sort((left, right) => right[1] - left[1]).map(([type, count]) => `${type} ${count}`).join(', ');
  console.log(`${name}: ${files.length} files, ${(characters / 1e6).toFixed(2)} M characters, ${findings} findings (${redacted} characters)${types === '' ? '' : `: ${types}`}`);
  for (const example of examples) console.log(`  ${example}`);
}
