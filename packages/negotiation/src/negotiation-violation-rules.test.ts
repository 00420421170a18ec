// One vocabulary (issue 17): every negotiation violation carries a rule, the table's rule for its
// code — from the whole-text parser, from the stream in any chunking, and from an agent that fails.
import { formatViolation } from '@parley/core';
import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { negotiate } from './negotiate';
import type { NegotiationViolation } from './negotiation-violation';
import { negotiationViolationRules } from './negotiation-violation-rules';
import { parseStructuredResponse } from './parse-structured-response';
import { parseStructuredResponseStream } from './parse-structured-response-stream';

const expectOfTheTable = (violation: NegotiationViolation): void => {
  expect(Object.hasOwn(negotiationViolationRules, violation.code), violation.code).toBe(true);
  expect(violation.rule, violation.code).toBe(negotiationViolationRules[violation.code]);
  expect(violation.rule).toMatch(/^N\d+$/u);
};

/** Pieces biased to every code: missing sections, bad confidences, YAML replies, long lines. */
const piece = fc.constantFrom(
  '## Findings\n',
  '## Confidence\n',
  '## Gaps\n',
  '## Context needed\n',
  '- a finding\n',
  'Confidence: HIGH\n',
  'Confidence: SURE\n',
  'MEDIUM\n',
  '```yaml\nfindings: [a]\nconfidence: HIGH\n```\n',
  '```yaml\nconfidence: maybe\n```\n',
  '```yaml\n: : :\n```\n',
  'just prose\n',
  '\r\n',
  'x'.repeat(500),
);
const reply = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

describe('negotiationViolationRules', () => {
  test('the reported shapes: prose only, a missing section, an unknown confidence; each prints through formatViolation', () => {
    expect(parseStructuredResponse('just prose').violations.map(({ rule, code }) => `${rule} ${code}`)).toEqual(['N2 NOT_STRUCTURED']);
    const missing = parseStructuredResponse('## Findings\n- a\n## Confidence\nHIGH\n').violations;
    expect(missing.every(({ code }) => code === 'MISSING_SECTION')).toBe(true);
    expect(formatViolation(missing[0] as NegotiationViolation)).toMatch(/^N2 MISSING_SECTION: /u);
    expect(parseStructuredResponse('## Findings\n- a\n## Confidence\nSURE\n## Gaps\n## Context needed\n').violations.map(({ code }) => code)).toContain('UNKNOWN_CONFIDENCE');
  });

  test('an agent that fails or times out is an N2 violation of the round', async () => {
    const result = await negotiate({ query: 'compare x and y', agents: ['broken'], ask: () => Promise.reject(new Error('boom')), maxRounds: 1 });
    const violations = result.rounds.flatMap((round) => round.violations);
    expect(violations.map(({ rule, code }) => `${rule} ${code}`)).toContain('N2 AGENT_FAILED');
    for (const violation of violations) expectOfTheTable(violation);
  });

  test('property: every violation of the parser and of the stream, in any chunking, is of the table (300 replies)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(reply, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        for (const violation of parseStructuredResponse(text).violations) expectOfTheTable(violation);
        const offsets = cuts.map((cut) => cut % (text.length + 1));
        const { events } = runChunks(parseStructuredResponseStream(), splitAt(text, offsets), { streamId: 's' });
        for (const { name, event } of events) if (name === 'violation') expectOfTheTable(event as unknown as NegotiationViolation);
      }),
      { numRuns: 300 },
    );
  });
});
