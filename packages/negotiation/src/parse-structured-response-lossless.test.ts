// The losslessness law for parseStructuredResponseStream (issue 13): it never edits, so its output
// is its input for every chunking, including at end() — an unfinished section or line included.
import { expectLossless } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, test } from 'vitest';
import { parseStructuredResponseStream } from './parse-structured-response-stream';

const piece = fc.constantFrom('## Findings\n', '## Confidence\n', '## Gaps\n', '## Context needed\n', '- a finding\n', '- ', 'Confidence: HIGH', 'MEDIUM', '\n', '\r\n', '```json\n{"findings": []}\n```', '😀', ' ', '#');
const reply = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('parseStructuredResponseStream is lossless (property)', () => {
  test('the output is the input, for every chunking (300 replies × every split and 5 random chunkings)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(reply, (input) => {
        expectLossless(parseStructuredResponseStream(), [input], { events: {}, randomChunkings: 5 });
      }),
      { numRuns: 300 },
    );
  });
});
