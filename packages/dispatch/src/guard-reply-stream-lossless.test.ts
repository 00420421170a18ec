// The losslessness law for guardReplyStream (issue 13): the output is the input with exactly the edits
// its events report, for every chunking and at end(). Report mode never edits; withhold mode
// replaces the whole reply with the fallback exactly when its verdict says `withheld`.
import { expectLossless } from '@parley/core/testing';
import fc from 'fast-check';
import { describe, test } from 'vitest';
import type { DispatchViolation } from './dispatch-violation';
import { guardReplyStream } from './guard-reply-stream';

const real = 'a1b2c3d4-0d1e-4f00-8a5b-6c7d8e9f0a1b';
const context = { dispatched: [real], completed: [], delivered: ['/app/out/a.csv'], fileExists: () => false, planConfirmed: true };
const fallback = (violations: readonly DispatchViolation[]): string => `[withheld: ${violations.map((violation) => violation.code).join(',')}]`;

/** Replies built from the pieces the guard reacts to, split anywhere: ids, markers, cues, line ends. */
const piece = fc.constantFrom(
  '已派工 #a1b2c3d4',
  ' #deadbeef',
  'task 9f3e2a71',
  '[FILE: /app/out/a.csv]',
  '[FILE: /nowhere.pdf]',
  '[FILE: ',
  ']',
  '報告已生成',
  '我會通知您',
  '要不要繼續',
  '\n',
  '\r\n',
  ' ',
  '#',
  'x',
  '😀',
  '主色 #ffffff',
);
const reply = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('guardReplyStream is lossless (property)', () => {
  test('report mode: the output is the input, for every chunking (200 replies × every split and 5 random chunkings)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(reply, (input) => {
        expectLossless(guardReplyStream(context, { maxLineLength: 24 }), [input], { events: {}, randomChunkings: 5 });
      }),
      { numRuns: 200 },
    );
  });

  test('withhold mode: the reply, or the fallback in its place exactly when withheld (200 replies × every split and 5 random chunkings)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(reply, fc.constantFrom(16, 64, 65_536), (input, maxReplyLength) => {
        expectLossless(guardReplyStream(context, { mode: 'withhold', fallback, maxReplyLength, maxLineLength: 24 }), [input], {
          events: { verdict: (event, whole) => (event.withheld ? { start: 0, end: whole.length, replacement: fallback(event.violations) } : undefined) },
          randomChunkings: 5,
        });
      }),
      { numRuns: 200 },
    );
  });
});
