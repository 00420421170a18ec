import { applyText } from '@parley/core';
import { expectChunkInvariant, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { contexts, negatives, samples } from '../__fixtures__/secrets';
import { redactSecretsStream } from './redact-secrets-stream';
import { findSecrets, redactSecrets } from './redact-secrets';
import type { RedactionEvent } from './redaction-event';

const pieces = (secret: string): string[] =>
  Array.from({ length: Math.max(1, secret.length - 7) }, (_, index) => secret.slice(index, index + 8));

/** Every sample in a few contexts, with negatives between them: a realistic mixed stream. */
const corpus = samples
  .map((sample, index) => {
    const [, wrap] = contexts[index % contexts.length] ?? contexts[0]!;
    return `${negatives[index % negatives.length]}\n${wrap(sample.text)}\n`;
  })
  .join('');

describe('redactSecretsStream', () => {
  test('streams the same text as redactSecrets, with events for every finding', () => {
    const run = runChunks(redactSecretsStream(), splitAt(corpus, [5, 77, 78, 300, 1024, 2000]), { streamId: 's' });
    expect(run.output).toBe(redactSecrets(corpus));
    expect(run.events.map(({ event }) => event)).toEqual(findSecrets(corpus).map((finding) => ({ ...finding, stream: 's' })));
  });

  test.each(samples.map((sample) => [sample.type, sample] as const))('%s is chunk-invariant in every split', { timeout: 120_000 }, (_type, sample) => {
    expectChunkInvariant(redactSecretsStream(), `key: ${sample.text} ok`, { randomChunkings: 30 });
  });

  // Heavy property tests declare their own budget: a loaded CI machine must not fail them on time.
  test('the whole corpus is chunk-invariant under random chunkings', { timeout: 180_000 }, () => {
    expectChunkInvariant(redactSecretsStream(), corpus.slice(0, 1500), { randomChunkings: 40 });
  });

  test('no 8-character piece of any secret reaches the output, however the stream is chunked (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.constantFrom(...contexts),
        fc.array(fc.nat(600), { maxLength: 40 }),
        (sample, [, wrap], offsets) => {
          const text = wrap(sample.text);
          const run = runChunks(redactor, splitAt(text, offsets));
          for (const piece of pieces(sample.secret)) expect(run.output).not.toContain(piece);
          expect(run.output).toBe(redactSecrets(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  test('chunk invariance holds for arbitrary text around secrets (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(...samples),
        fc.string({ unit: fc.constantFrom(' ', '-', '\n', 'a', 'Z', '9', '_', '.', ':', '/', '@', '='), maxLength: 20 }),
        fc.array(fc.nat(400), { maxLength: 20 }),
        (before, sample, after, offsets) => {
          const text = `${before}${sample.text}${after}`;
          expect(runChunks(redactor, splitAt(text, offsets)).output).toBe(applyText(redactor, text));
        },
      ),
      { numRuns: 300 },
    );
  });

  test("the write's fast path decides as one write does: runs carried across writes, a rule's first letter in a write's last characters, a go.sum h1: (fast-check)", { timeout: 180_000 }, () => {
    // Pieces that end writes in each way the fast path handles: a token run longer than the
    // shortest judged one (carried from write to write), word starts of rules (`s`, `sk`, `gh`,
    // `AK`, `to`, `pa`) cut after one or two characters, a hash after `h1:`, a key, non-ASCII.
    const piece = fc.constantFrom('3f2b8c1e9d4a4b7ea1c27e5f9b0d3a61', 'path=/api/v1/orders/', 'sk', 'sk-', 'gh', 'ghp_', 'AK', 'AKIA', 'to', 'token', 'pa', ' ', '\n', '.', '=', 'h1:', 'h1:Qx3z9kLmN0pQrStUvWxYz0123456789abcdefGHIJ=', 'ghp_Q3eGrXn7T5w2Hj4Km9Pz1Lc8Vb6Nd0Sf2Ty5', 'é', 'ａ', 'The plan. ');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }), (parts, widths) => {
        const text = parts.join('');
        const chunks: string[] = [];
        for (let at = 0, index = 0; at < text.length; index += 1) {
          const width = widths[index % widths.length] ?? 1;
          chunks.push(text.slice(at, at + width));
          at += width;
        }
        const run = runChunks(redactSecretsStream(), chunks);
        expect(run.output).toBe(redactSecrets(text));
        expect(run.events.map(({ event }) => { const { type, start, end } = event as RedactionEvent; return { type, start, end }; })).toEqual(findSecrets(text).map(({ type, start, end }) => ({ type, start, end })));
      }),
      { numRuns: 400 },
    );
  });

  test('holds back no more than the word in progress in ordinary prose', () => {
    const session = redactSecretsStream().open();
    expect(session.write('The council met on Tuesday and agreed to ')).toBe('The council met on Tuesday and agreed to ');
    expect(session.write('ship the plan by the end of the month, the pla')).toBe('ship the plan by the end of the month, the ');
    // "today." could still become "today.example.com": the word is all that waits.
    expect(session.write('n that the board approved today.')).toBe('plan that the board approved ');
    expect(session.write(' Next, the council turned to hiring')).toBe('today. Next, the council turned to ');
    expect(session.end()).toBe('hiring');
  });

  test('gathers writes shorter than 32 characters until 32 have come or a line ends, then releases as one write would', () => {
    const session = redactSecretsStream().open();
    expect(session.write('The council ')).toBe('');
    expect(session.write('met on Tuesday ')).toBe('');
    // 32 characters gathered: scanned at once, and held back to the word in progress only.
    expect(session.write('and agr')).toBe('The council met on Tuesday and ');
    expect(session.write('eed')).toBe('');
    // A line break is scanned at once however short the write.
    expect(session.write('.\n')).toBe('agreed.\n');
    expect(session.write('Next')).toBe('');
    expect(session.end()).toBe('Next');
  });

  test('releases the placeholder of a private key once its body begins as a key\'s (not a placeholder\'s: `XXXX`), drops the block as it streams, and fails closed', () => {
    const key = samples.find((sample) => sample.type === 'PRIVATE_KEY')?.text ?? '';
    const [header, ...rest] = key.split('\n');
    const events = vi.fn();
    const redactor = redactSecretsStream();
    redactor.on('redaction', events);
    const session = redactor.open({ streamId: 'k' });
    // The header alone: held until its body shows a key's characters or a placeholder's end line.
    expect(session.write(`id_rsa:\n${header}\n`)).toBe('id_rsa:\n');
    expect(session.write(rest.slice(0, 3).join('\n'))).toBe('<REDACTED:PRIVATE_KEY>');
    // The stream ends inside the key: nothing of it comes out, and the event covers it all.
    expect(session.end()).toBe('');
    expect(events).toHaveBeenCalledExactlyOnceWith({ type: 'PRIVATE_KEY', start: 8, end: 8 + `${header}\n${rest.slice(0, 3).join('\n')}`.length, stream: 'k' });
  });

  test('resumes after a private key block ends', () => {
    const key = samples.find((sample) => sample.type === 'PRIVATE_KEY')?.text ?? '';
    const text = `before\n${key}\nafter ghp_hRpx1w3Z1h3FOPyYIbdWOfXPIYlOpSiU74gXq7Lk done`;
    for (const chunks of [[text], splitAt(text, [20, 40, 200, 300, 420, 433]), [...text]]) {
      expect(runChunks(redactSecretsStream(), chunks).output).toBe('before\n<REDACTED:PRIVATE_KEY>\nafter <REDACTED:GITHUB_TOKEN> done');
    }
  });

  test('calls onSecret for every finding', () => {
    const onSecret = vi.fn();
    applyText(redactSecretsStream({ onSecret }), `a ${samples[0]?.text} b`, { streamId: 'x' });
    expect(onSecret).toHaveBeenCalledExactlyOnceWith({ type: 'AWS_ACCESS_KEY_ID', start: 2, end: 22, stream: 'x' });
  });
});

test('abbreviated keys are chunk-invariant too', () => {
  expectChunkInvariant(redactSecretsStream(), 'rotate AKIA...14 chars...; then ghp_9xQ2… and AKIA. and AKIA.. done', { randomChunkings: 50 });
});
