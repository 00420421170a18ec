import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { offsets } from './__fixtures__/calls';
import { protocolOptions, protocolText } from './__fixtures__/protocol-text';
import { barCall } from './barred-call';
import { type CheckTokensOptions, checkTokens } from './check-tokens';
import { createCouncil } from './council';
import { guardTokensStream } from './guard-tokens-stream';
import { describeTokenViolation, repairableCodes, type TokenViolationCode, tokenViolationRules } from './token-violation-rules';

const response = (...body: string[]): string => ['[RESPONSE:cfo]', ...body, '[/RESPONSE]'].join('\n');
const whole = ['Key finding: x', 'Supporting data:', '- y', 'Confidence: low', 'Caveat: z'];

/** An input that produces each code of the table (MISSING_RESPONSE is the council's: tested below). */
const examples: { readonly [Code in Exclude<TokenViolationCode, 'MISSING_RESPONSE'>]: readonly [string, CheckTokensOptions?] } = {
  SPLIT_TOKEN: ['[INVOKE:\ncfo|Runway?]'],
  TOKEN_TOO_LONG: [`[INVOKE:cfo|${'q'.repeat(40)}]`, { maxLineLength: 20 }],
  TEXT_BEFORE_TOKEN: ['Note: [INVOKE:cfo|Runway?]'],
  TOKEN_CASE: ['[invoke:cfo|Runway?]'],
  TOKEN_FORM: ['[INVOKE:cfo|Runway?\uFF3D'],
  UNCLOSED_TOKEN: ['[INVOKE:cfo|Runway?'],
  TEXT_AFTER_TOKEN: ['[INVOKE:cfo|Runway?] thanks'],
  MISSING_PIPE: ['[INVOKE:cfo Runway?]'],
  EMPTY_QUESTION: ['[INVOKE:cfo|]'],
  INVOKE_FORM: ['INVOKE cfo: runway?'],
  PROSE_INVOCATION: ['Hey CFO, runway?'],
  UPPERCASE_ROLE: ['[INVOKE:CFO|Runway?]'],
  UNKNOWN_ROLE: ['[INVOKE:finance|Runway?]'],
  UNCLOSED_RESPONSE: [['[RESPONSE:cfo]', ...whole].join('\n')],
  STRAY_CLOSE: ['[/RESPONSE]'],
  TOKEN_INSIDE_RESPONSE: [response('[INVOKE:coo|Runway?]', ...whole)],
  RESPONSE_ROLE: [response(...whole), { chain: ['cro', 'coo'] }],
  WRONG_CLOSE: [['[RESPONSE:cfo]', ...whole, '[END]'].join('\n')],
  RESPONSE_TOO_LONG: [response(...whole), { maxResponseLength: 20 }],
  RESPONSE_LABELS: [response('Key finding: x', 'Caveat: z')],
  NO_SUPPORTING_DATA: [response('Key finding: x', 'Supporting data:', 'Confidence: low', 'Caveat: z')],
  CONFIDENCE_VOCABULARY: [response('Key finding: x', 'Supporting data:', '- y', 'Confidence: Medium', 'Caveat: z')],
  EMPTY_LABEL: [response('Key finding:', 'Supporting data:', '- y', 'Confidence: low', 'Caveat: z')],
  TEXT_AFTER_CAVEAT: [response(...whole, 'more')],
  SELF_INVOCATION: ['[INVOKE:cfo|Runway?]', { chain: ['cfo'] }],
  CIRCULAR_CALL: ['[INVOKE:cro|Runway?]', { chain: ['cro', 'cfo'] }],
  DEPTH_LIMIT: ['[INVOKE:chro|Headcount?]', { chain: ['cro', 'cfo', 'coo'] }],
  BLOCKED_WITHOUT_ASSUMPTION: ['[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\nmoving on'],
  MALFORMED_BLOCKED: ['[BLOCKED: cro]'],
  MALFORMED_CHAIN: ['[CHAIN: cro -> cfo]'],
  PROSE_CHAIN: ['Chain so far: Revenue Agent, then Finance'],
  MALFORMED_ASSUMPTION: ['[ASSUMPTION: runway]'],
  MALFORMED_CONFLICT: ['[CONFLICT: cfo thinks 9]'],
  MALFORMED_BROADCAST: ['[BROADCAST:everyone|Status?]'],
  BROADCAST_NOT_CEO: ['[BROADCAST:all|Status?]', { chain: ['cfo'] }],
  PROSE_BROADCAST: ['Everyone: status?'],
  PROSE_ASSUMPTION: ['Assuming runway is 12 months.'],
  INVOKE_IN_INDEPENDENT_PHASE: ['[INVOKE:cfo|Runway?]', { phase: 'independent' }],
  INVOKE_IN_CRITIQUE_PHASE: ['[INVOKE:cfo|Runway?]', { phase: 'critique' }],
  BROADCAST_IN_PHASE: ['[BROADCAST:all|Status?]', { phase: 'critique' }],
};
const codes = Object.keys(tokenViolationRules) as TokenViolationCode[];

describe('the rule table', () => {
  test('every code of the table is produced by some input, with the rule the table gives it', () => {
    for (const [code, [text, options]] of Object.entries(examples) as [TokenViolationCode, readonly [string, CheckTokensOptions?]][]) {
      const found = checkTokens(text, options).violations.find((violation) => violation.code === code);
      expect(found, code).toBeDefined();
      expect(found?.rule, code).toBe(tokenViolationRules[code].rule);
    }
    expect([...Object.keys(examples), 'MISSING_RESPONSE'].sort()).toEqual([...codes].sort());
  });

  test('the council reports a reply without its RESPONSE as MISSING_RESPONSE (R3)', async () => {
    const council = createCouncil({ agents: { cfo: () => 'no block here' } });
    const answer = await council.ask('cfo', 'Runway?');
    expect(answer.violations).toContainEqual(expect.objectContaining({ ...describeTokenViolation('MISSING_RESPONSE', 'cfo') }));
  });

  test('messages are worded from their details', () => {
    expect(describeTokenViolation('TOKEN_CASE', 'INVOKE')).toEqual({ rule: 'R1', code: 'TOKEN_CASE', message: 'Write INVOKE in upper case.' });
    expect(describeTokenViolation('CIRCULAR_CALL', { broadcastFrom: 'ceo', upstream: 'cro' }).message).toBe('A broadcast from ceo would reach cro, already upstream in this chain.');
    expect(describeTokenViolation('RESPONSE_LABELS', []).message).toContain('(they are out of order)');
  });

  test('only fixes of form are repairable, and the codes that bar a call are those barCall gives', () => {
    expect([...repairableCodes].sort()).toEqual(['CONFIDENCE_VOCABULARY', 'INVOKE_FORM', 'MALFORMED_CHAIN', 'MISSING_PIPE', 'SPLIT_TOKEN', 'TOKEN_CASE', 'TOKEN_FORM', 'UNKNOWN_ROLE', 'UPPERCASE_ROLE', 'WRONG_CLOSE']);
    const barring = codes.filter((code) => 'barsCall' in tokenViolationRules[code]);
    const given = new Set<string>();
    for (const kind of ['invoke', 'broadcast'] as const) {
      for (const chain of [[], ['cfo'], ['cro', 'cfo'], ['cro', 'cfo', 'coo'], ['ceo'], ['ceo', 'cfo']]) {
        for (const phase of ['open', 'independent', 'critique'] as const) {
          for (const target of ['cfo', 'cro', 'chro']) {
            const bar = barCall(kind, target, chain, phase);
            if (bar !== undefined) given.add(bar.code);
          }
        }
      }
    }
    expect([...given].sort()).toEqual(barring.sort());
  });
});

describe('no code outside the table is ever produced (fast-check)', () => {
  const input = protocolText.chain((text) => fc.tuple(fc.constant(text), offsets(text), protocolOptions));

  test('checkTokens: every violation has a code of the table, with its rule', () => {
    fc.assert(
      fc.property(input, ([text, , options]) => {
        for (const violation of checkTokens(text, options).violations) {
          expect(tokenViolationRules[violation.code], violation.code).toBeDefined();
          expect(violation.rule).toBe(tokenViolationRules[violation.code].rule);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('guardTokensStream, any chunking: violations are of the table, repairs are repairable codes, blocks are barring codes', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(input, fc.constantFrom('repair' as const, 'enforce' as const), ([text, cuts, options], mode) => {
        for (const { name, event } of runChunks(guardTokensStream({ ...options, mode }), splitAt(text, cuts), { streamId: 's' }).events) {
          const { code, codes: all } = event as { readonly code: TokenViolationCode; readonly codes?: readonly TokenViolationCode[] };
          if (name === 'violation') expect(tokenViolationRules[code], code).toBeDefined();
          // A RESPONSE left open is closed at the end of the stream too.
          if (name === 'repair') for (const each of all ?? []) expect(repairableCodes.has(each) || each === 'UNCLOSED_RESPONSE', each).toBe(true);
          if (name === 'block') expect('barsCall' in tokenViolationRules[code], code).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
