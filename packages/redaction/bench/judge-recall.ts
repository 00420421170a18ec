// The randomness judge on its own: the share of uniform draws from common key alphabets that carry
// RANDOM_EVIDENCE bits or more (the README's recall table). Deterministic (a fixed LCG seed).
//
//   pnpm --filter @parley/redaction judge-recall
//   PARLEY_JUDGE_DRAWS=10000 sets the draws per cell.
// Then its precision on written text (see below).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPatterned } from '../src/judge/patterned-text.ts';
import { shannonEntropy } from '../src/judge/plausibility.ts';
import { judgesRandom, RANDOM_EVIDENCE, randomnessEvidence } from '../src/judge/randomness-judge.ts';

const repository = new URL('../../../', import.meta.url).pathname;

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alphabets: ReadonlyArray<readonly [name: string, alphabet: string]> = [
  ['letters and digits', upper + lower + digits],
  ['letters', upper + lower],
  ['base64', `${upper}${lower}${digits}+/`],
  ['base64url', `${upper}${lower}${digits}-_`],
  ['lower case and digits', lower + digits],
  ['capitals and digits', upper + digits],
  ['lower-case hex', '0123456789abcdef'],
];
const lengths = [16, 20, 24, 32, 40];
const draws = Number(process.env['PARLEY_JUDGE_DRAWS'] ?? 10_000);

let seed = 20261205;
const next = (): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};

console.log(`share of ${draws} uniform draws judged random (evidence >= ${RANDOM_EVIDENCE} bits)`);
console.log(['alphabet'.padEnd(24), ...lengths.map((length) => String(length).padStart(8))].join(''));
for (const [name, alphabet] of alphabets) {
  const cells = lengths.map((length) => {
    let found = 0;
    for (let draw = 0; draw < draws; draw += 1) {
      let run = '';
      for (let index = 0; index < length; index += 1) run += alphabet[Math.floor(next() * alphabet.length)] ?? '';
      if (randomnessEvidence(run, 0, length) >= RANDOM_EVIDENCE) found += 1;
    }
    return `${((100 * found) / draws).toFixed(1)}%`.padStart(8);
  });
  console.log([name.padEnd(24), ...cells].join(''));
}

// Precision on written text: the distinct token runs of 20 characters or more (letters, digits and
// `_ . / + ~ % -`) with a Shannon entropy of 4 bits or more, from code and docs nobody here wrote
// (TypeScript's compiler and lib declarations, Python's standard library): how many the judge
// (`judgesRandom` and not `isPatterned`) calls random, and a seeded sample of them to judge by eye.
// What it calls random there is a false alarm or public random data (base64, hashes).
//
//   PARLEY_JUDGE_SAMPLE=40 prints that many of the runs called random.
const roots = [join(repository, 'node_modules/typescript/lib'), ...['/usr/lib/python3.11', '/usr/lib/python3'].filter((path) => existsSync(path)).slice(0, 1)];
const files: string[] = [];
const walk = (directory: string): void => {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'test' && entry.name !== 'tests') walk(path);
    else if (entry.isFile() && /\.(?:js|ts|py)$/.test(entry.name)) files.push(path);
  }
};
for (const root of roots) if (existsSync(root)) walk(root);
files.sort();
const isRun = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46 || code === 47 || code === 43 || code === 126 || code === 37 || code === 45;
const runs = new Set<string>();
let bytes = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  bytes += text.length;
  for (let start = 0; start < text.length; ) {
    if (!isRun(text.charCodeAt(start))) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < text.length && isRun(text.charCodeAt(end))) end += 1;
    if (end - start >= 20 && end - start <= 256 && shannonEntropy(text, start, end) >= 4) runs.add(text.slice(start, end));
    start = end;
  }
}
const called = [...runs].filter((run) => judgesRandom(run, 0, run.length, 20) && !isPatterned(run));
console.log(`\nwritten text: ${files.length} files, ${(bytes / 1e6).toFixed(1)} M characters, ${runs.size} distinct runs (>= 20 characters, entropy >= 4): ${called.length} called random (${((100 * called.length) / Math.max(runs.size, 1)).toFixed(2)}%)`);
const sample = Number(process.env['PARLEY_JUDGE_SAMPLE'] ?? 0);
for (let index = 0; index < Math.min(sample, called.length); index += 1) console.log(`  ${called[Math.floor(next() * called.length)]}`);
