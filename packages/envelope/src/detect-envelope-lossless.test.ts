// The losslessness law for detectEnvelopeStream (issue 13): it never edits, so its output is its
// input for every chunking, including at end() — an unclosed fence, an oversized envelope and a
// partial fence at the end included.
import { expectLossless } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, test } from 'vitest';
import { detectEnvelopeStream } from './detect-envelope-stream';

const piece = fc.constantFrom('```yaml\n', '```yml\n', '```\n', '```', '``', '`', 'status: ok\n', 'summary: "s"\n', 'prose ', '\n', '\r\n', '  ', '😀', '---\n', '```json\n');
const response = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('detectEnvelopeStream is lossless (property)', () => {
  test('the output is the input, for every chunking (300 responses × every split and 5 random chunkings)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(response, fc.constantFrom(8, 32, 256 * 1024), (input, maxEnvelopeLength) => {
        expectLossless(detectEnvelopeStream({ maxEnvelopeLength }), [input], { events: {}, randomChunkings: 5 });
      }),
      { numRuns: 300 },
    );
  });
});
