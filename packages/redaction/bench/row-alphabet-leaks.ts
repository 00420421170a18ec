// Leaks of keys drawn uniformly from each catalogue row's alphabet (digitless bodies included),
// written whole, spaced out with a separator every k characters (k = 1 … 8; k = 1 is one between
// every character) and hard-wrapped at a column, streamed at a random 1–12 character chunking.
// A leak: a 4-character piece of the body (separators left out) shown in the output.
//
//   node --conditions=@parley/source --import ./bench/source-imports.mjs bench/row-alphabet-leaks.ts
//   PARLEY_LEAKS_N=20 PARLEY_LEAKS_SEED=7 …   (N keys per row and writing way; default 10)
//   PARLEY_LEAKS_JSON=out.json …              (also write the counts)
import { writeFileSync } from 'node:fs';
import { seededRandom } from '../src/__fixtures__/catalogue-examples.ts';
import { leakedPiece, spacingSeparators, uniformKey, type Writing, written } from '../src/__fixtures__/row-alphabet-keys.ts';
import { catalogue } from '../src/rules/catalogue.ts';
import { redactSecretsStream } from '../src/api/redact-secrets-stream.ts';

const perWay = Number(process.env['PARLEY_LEAKS_N'] ?? 10);
const random = seededRandom(Number(process.env['PARLEY_LEAKS_SEED'] ?? 20261201));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const contexts: ReadonlyArray<readonly [string, string]> = [
  ['The key is ', ' for now.'],
  ['export TOKEN=', '\n'],
  ['Here it is:\n\n', '\n\nRotate it after.'],
  ['', ''],
];

function stream(text: string): string {
  const session = redactSecretsStream().open();
  let output = '';
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 12);
    output += session.write(text.slice(at, at + size));
    at += size;
  }
  return output + session.end();
}

/** The writing ways, by column of the table: whole, spaced every k (a separator drawn per key), wrapped. */
const ways: ReadonlyArray<{ readonly name: string; readonly draw: () => Writing }> = [
  { name: 'whole', draw: () => ({ kind: 'whole' }) },
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((every) => ({ name: `k=${every}`, draw: (): Writing => ({ kind: 'spaced', every, separator: pick(spacingSeparators) }) })),
  { name: 'wrap', draw: () => ({ kind: 'wrapped', column: 8 + Math.floor(random() * 73) }) },
];

const table: Record<string, Record<string, number>> = {};
const examples: string[] = [];
const totals: Record<string, number> = {};
let keys = 0;
const started = performance.now();
for (const rule of catalogue) {
  const row: Record<string, number> = {};
  for (const way of ways) {
    let leaked = 0;
    for (let index = 0; index < perWay; index += 1) {
      const prefixIndex = Math.floor(random() * rule.prefixes.length);
      const key = uniformKey(rule, random, prefixIndex);
      const [before, after] = pick(contexts);
      const text = written(key, way.draw(), before, after);
      const output = stream(text);
      keys += 1;
      const piece = leakedPiece(output, key, rule.prefixes[prefixIndex] as string, before + (rule.prefixes[prefixIndex] as string) + after);
      if (piece !== undefined) {
        leaked += 1;
        if (examples.length < 25) examples.push(`${rule.id} ${way.name}: ${JSON.stringify(text)} -> ${JSON.stringify(output)}`);
      }
    }
    row[way.name] = leaked;
    totals[way.name] = (totals[way.name] ?? 0) + leaked;
  }
  table[rule.id] = row;
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const names = ways.map((way) => way.name);
const width = Math.max(...catalogue.map((rule) => rule.id.length));
console.log(`${'row'.padEnd(width)} ${names.map((name) => name.padStart(5)).join(' ')}  total`);
for (const rule of catalogue) {
  const row = table[rule.id] as Record<string, number>;
  const total = names.reduce((sum, name) => sum + (row[name] ?? 0), 0);
  if (total > 0 || process.env['PARLEY_LEAKS_ALL'] === '1') console.log(`${rule.id.padEnd(width)} ${names.map((name) => String(row[name] ?? 0).padStart(5)).join(' ')}  ${total}`);
}
const all = names.reduce((sum, name) => sum + (totals[name] ?? 0), 0);
console.log(`${'all rows'.padEnd(width)} ${names.map((name) => String(totals[name] ?? 0).padStart(5)).join(' ')}  ${all}`);
console.log(`\n${all} of ${keys} keys leaked a 4-character piece (${perWay} per row and writing way, ${catalogue.length} rows), ${seconds} s.`);
for (const example of examples.slice(0, 12)) console.log(example.length > 400 ? `${example.slice(0, 400)}…` : example);
if (process.env['PARLEY_LEAKS_JSON'] !== undefined) writeFileSync(process.env['PARLEY_LEAKS_JSON'], JSON.stringify({ perWay, table, totals }, null, 1));
