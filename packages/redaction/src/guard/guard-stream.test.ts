import { everySplit, expectChunkInvariant, randomChunkings, runChunks } from '@parley/core/testing';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { createSecretGuard } from './secret-guard';
import { SecretBlockedError } from './secret-blocked-error';
import { MAX_KEPT_SPAN } from './guard-stream';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const other = `ghp_${'VGCM1RvUh24kM6qgrY9FebFmkAgvU1wrmhnq'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const privateKey = (samples.find((sample) => sample.type === 'PRIVATE_KEY') as { text: string }).text;
const strategies = ['redact', 'mask', 'hash', 'placeholder'] as const;

/** Every sample's text in a line of prose, the way a model writes a reply. */
const reply = [
  `Use ${github} for the org, and ${other} for forks; npm wants ${npm}.`,
  ...samples.filter((sample) => sample.type !== 'PRIVATE_KEY').map((sample) => `The ${sample.type.toLowerCase()} is ${sample.text} here.`),
  `And the key:\n${privateKey}\nDone (${github} again).`,
].join('\n');

/** Shorter, for the test kit's every-split check: keys of several kinds, a spaced one, a URL password, a private key. */
const short = `Use ${github} (or ${github.match(/.{1,4}/gu)?.join(' ')}), npm ${npm}; db postgres://app:Xk9mQ2vLp@db.internal/app\n${privateKey}\nend ${other}.`;

const run = (middleware: ReturnType<ReturnType<typeof createSecretGuard>['guardStream']>, chunks: readonly string[]): string => {
  const session = middleware.open({ streamId: 'test' });
  return chunks.map((chunk) => session.write(chunk)).join('') + session.end();
};

describe('guardStream: the output strategy on streamed text', () => {
  test.each(strategies)('%s: the stream writes what guardText writes, and no secret', async (strategy) => {
    const guard = createSecretGuard({ output: strategy });
    const streamed = run(guard.guardStream({ use: 'output' }), [...reply]);
    expect(streamed).toBe(await guard.guardText(reply, { use: 'output' }));
    for (const sample of samples) expect(streamed).not.toContain(sample.secret);
    expect(streamed).not.toContain(github);
  });

  test.each(strategies)('%s is chunk-invariant (every split, one by one, random chunkings)', (strategy) => {
    const guard = createSecretGuard({ output: strategy });
    expectChunkInvariant(guard.guardStream({ use: 'output' }) as never, short, { randomChunkings: 40 });
  });

  test('placeholders are the session\'s own: the stream and guardText share them, and they restore', async () => {
    const guard = createSecretGuard({ input: 'placeholder', output: 'placeholder' });
    expect(await guard.guardText(`known ${other}`, { use: 'input' })).toBe('known <SECRET:GITHUB_TOKEN#1>');
    const streamed = run(guard.guardStream({ use: 'output' }), [`a ${github.slice(0, 9)}`, `${github.slice(9)} b ${other} c\n`, privateKey]);
    expect(streamed).toBe('a <SECRET:GITHUB_TOKEN#2> b <SECRET:GITHUB_TOKEN#1> c\n<SECRET:PRIVATE_KEY#1>');
    expect(await guard.restoreText(streamed)).toBe(`a ${github} b ${other} c\n${privateKey}`);
  });

  test('mask and hash are computed from the value, whatever the chunking', () => {
    const masked = run(createSecretGuard({ output: 'mask' }).guardStream({ use: 'output' }), [...`x ${github} and more`]);
    expect(masked).toBe('x <MASKED:GITHUB_TOKEN#ghp_****aVyO> and more');
    const guard = createSecretGuard({ input: 'hash', output: 'hash', hashKey: 'a shared key of sixteen+' });
    const whole = guard.guardTextSync(github, { use: 'input' });
    expect(run(guard.guardStream({ use: 'output' }), [github.slice(0, 20), github.slice(20)])).toBe(whole);
  });

  test('property: planted keys in random text never come out, and the output does not depend on the chunking', () => {
    const keys = samples.filter((sample) => sample.text === sample.secret && sample.spaceable).map((sample) => sample.text);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...keys)), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...strategies),
        fc.integer({ min: 1, max: 1000 }),
        (pieces, strategy, seed) => {
          const text = pieces.join(' ');
          const middleware = createSecretGuard({ output: strategy }).guardStream({ use: 'output' });
          const whole = run(middleware, [text]);
          for (const piece of pieces) if (keys.includes(piece)) expect(whole).not.toContain(piece);
          for (const chunks of randomChunkings(text, seed, { count: 5 })) expect(run(middleware, chunks)).toBe(whole);
        },
      ),
      { numRuns: 120 },
    );
  });

  test('a key cut at the end of what was written so far is held, not released', () => {
    const session = createSecretGuard({ output: 'placeholder' }).guardStream({ use: 'output' }).open();
    const released = session.write(`token: ${github.slice(0, 12)}`);
    expect(released).not.toContain('ghp_');
    expect(released + session.write(github.slice(12)) + session.end()).toBe('token: <SECRET:GITHUB_TOKEN#1>');
  });

  test('block: every chunking throws SecretBlockedError before any piece of the key is released', () => {
    const text = `fine text, then ${github} and more`;
    const middleware = createSecretGuard({ output: 'block' }).guardStream({ use: 'output' });
    for (const chunks of [...everySplit(text), [...text]]) {
      const session = middleware.open();
      let released = '';
      let error: unknown;
      try {
        for (const chunk of chunks) released += session.write(chunk);
        released += session.end();
      } catch (caught) {
        error = caught;
      }
      expect(SecretBlockedError.isInstance(error)).toBe(true);
      expect((error as SecretBlockedError).use).toBe('output');
      expect(released).not.toContain('ghp_');
      // The session is over: the next call throws, it does not release the held text.
      expect(() => session.end()).toThrow();
    }
    // A private key blocks as soon as its header and its body's first characters (a key's, not a placeholder's) are read.
    const keySession = middleware.open();
    expect(() => keySession.write(`${privateKey.slice(0, privateKey.indexOf('\n') + 40)}`)).toThrow(SecretBlockedError);
  });

  test('a private key longer than the kept span gets the redact marker; a short one its value\'s marker', () => {
    const lines = privateKey.trimEnd().split('\n');
    const [header, footer] = [lines[0] as string, lines.at(-1) as string];
    const long = `${header}\n${'QUJD'.repeat(MAX_KEPT_SPAN / 4 + 10)}\n${footer}`;
    const guard = createSecretGuard({ output: 'placeholder' });
    const chunks = long.match(/[\s\S]{1,997}/gu) ?? [];
    expect(run(guard.guardStream({ use: 'output' }), ['a\n', ...chunks, '\nb'])).toBe('a\n<REDACTED:PRIVATE_KEY>\nb');
    expect(run(guard.guardStream({ use: 'output' }), ['a\n', privateKey, '\nb'])).toMatch(/^a\n<SECRET:PRIVATE_KEY#1>\n?b$/u);
  });

  test('regex rules (the line layer) and its line limit keep the strategy', () => {
    const guard = createSecretGuard({ output: 'mask', redaction: { rules: [{ type: 'ACME_KEY', regex: /acme_[a-z0-9]{24}/u }], maxLineLength: 256 } });
    const middleware = guard.guardStream({ use: 'output' });
    const text = `id acme_${'q7'.repeat(12)} ok\n${'acme_ '.repeat(60)}\nafter ${github}`;
    expectChunkInvariant(middleware as never, text, { randomChunkings: 20 });
    const output = run(middleware, [text]);
    expect(output).toContain('<MASKED:ACME_KEY#acm****7q7>');
    expect(output).toContain('<REDACTED:LINE_TOO_LONG>');
    expect(output).toContain('<MASKED:GITHUB_TOKEN#ghp_****aVyO>');
  });

  test('a use that is not guarded passes text as it is; events and stats count what the stream found', () => {
    const guard = createSecretGuard({ output: false, toolResults: 'hash' });
    expect(run(guard.guardStream({ use: 'output' }), [github])).toBe(github);
    const events: unknown[] = [];
    guard.on('guard', (event) => events.push(event));
    run(guard.guardStream({ use: 'toolResults' }), [`${github} ${npm}`]);
    expect(events).toEqual([
      { use: 'toolResults', strategy: 'hash', kinds: { GITHUB_TOKEN: 1 } },
      { use: 'toolResults', strategy: 'hash', kinds: { NPM_TOKEN: 1 } },
    ]);
    expect(guard.stats().found).toEqual({ GITHUB_TOKEN: 1, NPM_TOKEN: 1 });
    expect(guard.guardStream({ use: 'toolResults' })).toBe(guard.guardStream({ use: 'toolResults' }));
    expect(() => guard.guardStream({ use: 'prompt' as never })).toThrow(/use must be/u);
    expect(() => (guard.guardStream as (options?: unknown) => unknown)()).toThrow(/use must be/u);
  });

  test('runChunks sees no events of its own: the guard reports through guard.on', () => {
    const run = runChunks(createSecretGuard({ output: 'redact' }).guardStream({ use: 'output' }), [github]);
    expect(run).toEqual({ output: '<REDACTED:GITHUB_TOKEN>', pieces: ['', '<REDACTED:GITHUB_TOKEN>'], events: [] });
  });
});
