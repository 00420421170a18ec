import { InvalidArgumentError } from '@parley/core';
import { expectChunkInvariant } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { negotiationConfidences } from './negotiation-confidence';
import { parseStructuredResponse } from './parse-structured-response';
import { parseStructuredResponseStream } from './parse-structured-response-stream';
import { formatStructuredResponse, type StructuredResponse } from './structured-response';

const tokioRound1: StructuredResponse = {
  findings: ['tokio has a multi-threaded work-stealing runtime', 'axum and warp build on tokio'],
  confidence: 'MEDIUM',
  gaps: ['no web-specific benchmarks', 'no async-std comparison'],
  contextNeeded: ['Which web framework?', 'Is a multi-threaded runtime needed?'],
};

describe('structured responses', () => {
  test('format and parse round-trip', () => {
    expect(parseStructuredResponse(formatStructuredResponse(tokioRound1))).toEqual({ response: tokioRound1, violations: [] });
    const item = fc.string({ minLength: 1, maxLength: 30 }).map((text) => text.replace(/[\r\n]/g, ' ').trim()).filter((text) => text.length > 0 && !['none', 'n/a', 'na', 'nothing', '-', '无', '没有'].includes(text.toLowerCase()));
    fc.assert(
      fc.property(fc.record({ findings: fc.array(item, { maxLength: 4 }), confidence: fc.constantFrom(...negotiationConfidences), gaps: fc.array(item, { maxLength: 4 }), contextNeeded: fc.array(item, { maxLength: 4 }) }), (response) => {
        expect(parseStructuredResponse(formatStructuredResponse(response)).response).toEqual(response);
      }),
    );
  });

  test('reads Markdown headings, bold titles, numbered bullets and wrapped lines', () => {
    const text = ['## Findings', '1. E0382 means use of a moved value:', '   the value was moved into the closure', '**Confidence**: high', '### Gaps', '* no trading-specific context', '**Context Needed:**', '- What data is being moved?'].join('\n');
    expect(parseStructuredResponse(text)).toEqual({
      response: {
        findings: ['E0382 means use of a moved value: the value was moved into the closure'],
        confidence: 'HIGH',
        gaps: ['no trading-specific context'],
        contextNeeded: ['What data is being moved?'],
      },
      violations: [],
    });
  });

  test('reads the same content in a YAML block', () => {
    const text = ['```yaml', 'findings: ["E0382: use of moved value"]', 'confidence: HIGH', 'gaps: []', 'context_needed: ["Is this shared state?"]', '```'].join('\n');
    expect(parseStructuredResponse(text).response).toEqual({ findings: ['E0382: use of moved value'], confidence: 'HIGH', gaps: [], contextNeeded: ['Is this shared state?'] });
  });

  test('a reply that does not follow the shape is UNCERTAIN with a violation, never a crash', () => {
    expect(parseStructuredResponse('Sure! tokio is great.')).toEqual({
      response: { findings: ['Sure! tokio is great.'], confidence: 'UNCERTAIN', gaps: [], contextNeeded: [] },
      violations: [expect.objectContaining({ code: 'NOT_STRUCTURED' })],
    });
    expect(parseStructuredResponse('Findings:\n- x\nConfidence: pretty sure').violations.map((violation) => violation.code)).toEqual(['MISSING_SECTION', 'MISSING_SECTION', 'UNKNOWN_CONFIDENCE']);
    expect(parseStructuredResponse('```yaml\nconfidence: [\n```').violations.map((violation) => violation.code)).toEqual(['INVALID_ENVELOPE']);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(negotiationConfidences).toContain(parseStructuredResponse(text).response.confidence);
      }),
    );
  });

  test('streams with the same events however it is chunked', () => {
    expectChunkInvariant(parseStructuredResponseStream(), formatStructuredResponse(tokioRound1), { randomChunkings: 40 });
    expectChunkInvariant(parseStructuredResponseStream(), '## Findings\n1. a\n   b\nConfidence: low\nGaps:\nnone\n', { randomChunkings: 40 });
  });
});

describe('formatStructuredResponse checks its argument (a9: fc.anything() threw TypeErrors)', () => {
  test('exact shapes: no argument, a missing list, an unknown confidence', () => {
    expect(() => formatStructuredResponse(undefined as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'response' }));
    expect(() => formatStructuredResponse({ ...tokioRound1, gaps: undefined } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'response.gaps' }));
    expect(() => formatStructuredResponse({ ...tokioRound1, confidence: 'SURE' } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'response.confidence' }));
  });

  test('property: any value is formatted or an InvalidArgumentError, never a TypeError (300 runs)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ findings: fc.anything(), confidence: fc.anything(), gaps: fc.anything(), contextNeeded: fc.anything() })), (value) => {
        try {
          expect(typeof formatStructuredResponse(value as never)).toBe('string');
        } catch (error) {
          expect(InvalidArgumentError.isInstance(error), String(error)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
