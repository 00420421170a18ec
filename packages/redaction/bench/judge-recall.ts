// The randomness judge on its own: the share of uniform draws from common key alphabets that carry
// RANDOM_EVIDENCE bits or more (the README's recall table). Deterministic (a fixed LCG seed).
//
//   pnpm --filter @parley/redaction judge-recall
//   PARLEY_JUDGE_DRAWS=10000 sets the draws per cell.
import { RANDOM_EVIDENCE, randomnessEvidence } from '../src/judge/randomness-judge.ts';

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
