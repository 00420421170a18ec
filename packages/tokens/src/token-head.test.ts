import { describe, expect, test } from 'vitest';
import { checkTokens } from './check-tokens';
import { guardTokensStream } from './guard-tokens-stream';
import { findTokenHeads } from './token-head';

describe('findTokenHeads', () => {
  test.each([
    ['[INVOKE:cfo|x]', 'INVOKE', true, false],
    ['[invoke:cfo|x]', 'INVOKE', false, true],
    ['Quick question: [ Invoke : cfo | x ]', 'INVOKE', false, false],
    ['［ＩＮＶＯＫＥ：cfo｜x］', 'INVOKE', false, false],
    ['﹇broadcast﹕all|x]', 'BROADCAST', false, false],
    ['[/RESPONSE]', '/RESPONSE', true, false],
    ['[ / response ]', '/RESPONSE', false, false],
    ['[END]', 'END', true, false],
  ])('%s opens %s (exact: %s, case only: %s)', (line, keyword, exact, caseOnly) => {
    expect(findTokenHeads(line)).toMatchObject([{ keyword, exact, caseOnly }]);
  });

  test('what is not a head', () => {
    for (const line of ['[x] [INVOKEcfo', '[invoke the method] | x', '[[[[', 'INVOKE:cfo|x]', '[INVOKER:cfo|x]', '[in progress] | x', '[BROAD casting:x|y]', '[Response time was 5s]']) expect(findTokenHeads(line)).toEqual([]);
  });

  test('every head on a line, in order', () => {
    expect(findTokenHeads('[INVOKE:coo|a] and [[invoke:cro|b]').map(({ keyword, start }) => [keyword, start])).toEqual([
      ['INVOKE', 0],
      ['INVOKE', 20],
    ]);
  });
});

/**
 * Counts the work the scanner and the guards do without a clock: the characters every
 * `String.prototype.slice` returns and every `normalize` reads. Rescanning a line (a fix that
 * copies the whole line for each token on it, a head read again from each bracket) grows with the
 * square of the line and shows here as more than twice the work for twice the input.
 */
function countWork(run: () => void): number {
  const slice = String.prototype.slice;
  const normalize = String.prototype.normalize;
  let work = 0;
  String.prototype.slice = function (this: string, ...args: Parameters<string['slice']>) {
    const result = slice.apply(this, args);
    work += result.length + 1;
    return result;
  };
  String.prototype.normalize = function (this: string, ...args: Parameters<string['normalize']>) {
    work += this.length + 1;
    return normalize.apply(this, args);
  };
  try {
    run();
  } finally {
    String.prototype.slice = slice;
    String.prototype.normalize = normalize;
  }
  return work;
}

const hostile: Record<string, (size: number) => string> = {
  'brackets [[[[': (size) => '['.repeat(size),
  'one head, endless spaces': (size) => `[${' '.repeat(size)}`,
  'many calls on one line': (size) => '[invoke:CFO|x] '.repeat(Math.ceil(size / 15)),
  'prose and calls on one line': (size) => 'Quick question: [INVOKE:cro|burn?] '.repeat(Math.ceil(size / 35)),
  'unclosed heads': (size) => '[INVOKE:cfo|'.repeat(Math.ceil(size / 12)),
  'fullwidth heads': (size) => '［ＩＮＶＯＫＥ：ｃｆｏ｜ｘ'.repeat(Math.ceil(size / 12)),
  'tiny tokens': (size) => '[CHAIN: cfo]\n'.repeat(Math.ceil(size / 13)),
  'a flood of [ and line breaks': (size) => '[\n'.repeat(Math.ceil(size / 2)),
  'heads that end their lines': (size) => '[INVOKE:\n'.repeat(Math.ceil(size / 9)),
  'calls split over lines, each line ending in the next head': (size) => 'cfo|x] [INVOKE:\n'.repeat(Math.ceil(size / 16)),
  'heads spread over empty lines': (size) => `[${'\n'.repeat(100)}`.repeat(Math.ceil(size / 101)),
};

describe('work grows linearly with the input, even on one endless line (counted, not timed)', () => {
  const sizes = [20_000, 40_000, 80_000];
  const options = { chain: ['cro', 'cfo'], maxLineLength: 1 << 20 };
  const streamed = (mode: 'repair' | 'enforce', text: string) => (): void => {
    const session = guardTokensStream({ mode, ...options }).open();
    for (let at = 0; at < text.length; at += 4096) session.write(text.slice(at, at + 4096));
    session.end();
  };
  for (const [name, make] of Object.entries(hostile)) {
    test(name, { timeout: 180_000 }, () => {
      for (const [label, runner] of [
        ['checkTokens', (text: string) => () => void checkTokens(text, options)],
        ['repair', (text: string) => streamed('repair', text)],
        ['enforce', (text: string) => streamed('enforce', text)],
      ] as const) {
        const work = sizes.map((size) => countWork(runner(make(size))));
        for (let index = 1; index < work.length; index += 1) {
          // Twice the input: at most a little over twice the work.
          expect((work[index] as number) / (work[index - 1] as number), `${label} ${work.join(' → ')}`).toBeLessThan(2.3);
        }
      }
    });
  }
});
