// `pnpm bench:guard`: what a secret guard adds to each model call of a growing agent history.
// A history of N messages (2 KB each, 200 KB at 100) with planted keys is guarded whole once (the
// first call: every message scanned), then call after call with one new message appended (the
// steady state: the old messages come from the cache). Prints the median time per call.
import { performance } from 'node:perf_hooks';
import { createSecretGuard } from '@parley/redaction/guard';

const keys = [`ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`, `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`, 'AKIAQ3EGRXN7T5W2HJ4K'];
const words = 'the deploy step reads the config and writes a log line for every file it touches before it exits'.split(' ');

function message(index: number, length = 2048): string {
  let text = `message ${index}: `;
  let word = index;
  while (text.length < length) {
    text += `${words[word % words.length]} `;
    word += 7;
    if (word % 97 === 0) text += `token=${keys[word % keys.length]} `;
  }
  return text.slice(0, length);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function bench(size: number, strategy: 'redact' | 'placeholder'): { first: number; steady: number; characters: number } {
  const history = Array.from({ length: size }, (_, index) => message(index));
  const guard = createSecretGuard({ input: strategy });
  const started = performance.now();
  for (const text of history) guard.guardTextSync(text, { use: 'input' });
  const first = performance.now() - started;
  const times: number[] = [];
  for (let call = 0; call < 50; call += 1) {
    history.push(message(size + call));
    const start = performance.now();
    for (const text of history) guard.guardTextSync(text, { use: 'input' });
    times.push(performance.now() - start);
  }
  return { first, steady: median(times), characters: history.slice(0, size).reduce((sum, text) => sum + text.length, 0) };
}

// One round first so the table's first row is not the JIT's warm-up.
bench(100, 'redact');
console.log('| messages | history | strategy | first call | each call after (median of 50, one new message) |');
console.log('| ---: | ---: | --- | ---: | ---: |');
for (const size of [10, 100, 1000]) {
  for (const strategy of ['redact', 'placeholder'] as const) {
    const { first, steady, characters } = bench(size, strategy);
    console.log(`| ${size} | ${Math.round(characters / 1000)} KB | ${strategy} | ${first.toFixed(2)} ms | ${steady.toFixed(3)} ms |`);
  }
}
