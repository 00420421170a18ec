import { describe, expect, test } from 'vitest';
import { checkTokens } from './check-tokens';

/** The spec's worked examples: BEFORE is reported under the right rule (with the fix where derivable), AFTER passes. */
const examples: ReadonlyArray<{
  readonly name: string;
  readonly chain?: readonly string[];
  readonly before: string;
  readonly rule: string;
  readonly code: string;
  readonly fix?: string;
  readonly after: string;
}> = [
  {
    name: 'R1/R2 prose invocation',
    before: 'Hey CFO, can we afford to hire 5 engineers next quarter?',
    rule: 'R1',
    code: 'PROSE_INVOCATION',
    fix: '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
    after: '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
  },
  {
    name: 'R1/R2 @-mention',
    before: "@HR what's our usual time-to-hire for senior engineers?",
    rule: 'R1',
    code: 'PROSE_INVOCATION',
    fix: "[INVOKE:chro|What's our usual time-to-hire for senior engineers?]",
    after: '[INVOKE:chro|What is our typical time-to-hire for senior engineers?]',
  },
  {
    name: 'R2 invented token',
    before: '[INVOKE:ai|eval coverage?]',
    rule: 'R2',
    code: 'UNKNOWN_ROLE',
    fix: '[INVOKE:caio|eval coverage?]',
    after: '[INVOKE:caio|What is the eval coverage and hallucination rate on the new model?]',
  },
  {
    name: 'R3 prose response',
    before: "[RESPONSE:cfo]\nHiring 5 engineers cuts runway from 14 to 9 months. I'm fairly confident, though it assumes a 3-month ramp.\n[/RESPONSE]",
    rule: 'R3',
    code: 'RESPONSE_LABELS',
    after: [
      '[RESPONSE:cfo]',
      'Key finding: Hiring 5 engineers in Q3 cuts runway from 14 to 9 months at current burn.',
      'Supporting data:',
      '- Monthly burn rises ~$280K → ~$380K fully loaded',
      '- ~$1.2M additional ARR needed within 12 months to offset',
      'Confidence: medium',
      'Caveat: Assumes a 3-month ramp and no change in revenue trajectory.',
      '[/RESPONSE]',
    ].join('\n'),
  },
  {
    name: 'R4 self-invocation',
    chain: ['cfo'],
    before: "[INVOKE:cfo|What's our exact current runway?]",
    rule: 'R4',
    code: 'SELF_INVOCATION',
    fix: '[BLOCKED: cannot invoke cfo — self-invocation not allowed]',
    after: '[BLOCKED: cannot invoke cfo — self-invocation not allowed]\n[ASSUMPTION: runway ~12 months based on a typical Series A burn profile — not verified with cfo]',
  },
  {
    name: 'R4 depth limit',
    chain: ['cro', 'cfo', 'coo'],
    before: "[INVOKE:chro|What's the comp budget for these hires?]",
    rule: 'R4',
    code: 'DEPTH_LIMIT',
    fix: '[BLOCKED: cannot invoke chro — chain already at depth 2 (cro → cfo → coo)]',
    after: '[BLOCKED: cannot invoke chro — chain already at depth 2 (cro → cfo → coo)]\n[ASSUMPTION: senior-eng comp ~$210K fully loaded based on market mid-point — not verified with chro]',
  },
  {
    name: 'R4 circular call',
    chain: ['cro', 'cfo'],
    before: "[INVOKE:cro|What's the committed pipeline this quarter?]",
    rule: 'R4',
    code: 'CIRCULAR_CALL',
    fix: '[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]',
    after: "[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\n[ASSUMPTION: committed pipeline ~$3M based on last quarter's close rate — not verified with cro]",
  },
  {
    name: 'R4 chain annotation',
    before: 'Chain so far: Revenue Agent, then Finance, then Ops',
    rule: 'R4',
    code: 'PROSE_CHAIN',
    fix: '[CHAIN: cro → cfo → coo]',
    after: '[CHAIN: cro → cfo → coo]',
  },
  {
    name: 'R5 assumption',
    before: 'Assuming runway is about 12 months...',
    rule: 'R5',
    code: 'PROSE_ASSUMPTION',
    after: '[ASSUMPTION: runway ~12 months based on a typical Series A profile — not verified with cfo]',
  },
  {
    name: 'R5 broadcast',
    chain: ['ceo'],
    before: 'Everyone: what happens if we miss the raise?',
    rule: 'R5',
    code: 'PROSE_BROADCAST',
    fix: '[BROADCAST:all|What happens if we miss the raise?]',
    after: '[BROADCAST:all|What is the impact if we miss the fundraise?]',
  },
  {
    name: 'R5 conflict (after only: a silent pick cannot be told from a statement)',
    before: '[CONFLICT: CFO says ~14-month runway; cro says pipeline close implies 18+ months]',
    rule: 'R2',
    code: 'UPPERCASE_ROLE',
    fix: '[CONFLICT: cfo says ~14-month runway; cro says pipeline close implies 18+ months]',
    after: '[CONFLICT: cfo says ~14-month runway; cro says pipeline close implies 18+ months]',
  },
];

describe("the spec's worked examples", () => {
  test.each(examples)('$name', ({ chain, before, rule, code, fix, after }) => {
    const options = chain === undefined ? {} : { chain };
    const reported = checkTokens(before, options).violations;
    expect(reported).toContainEqual(expect.objectContaining({ rule, code, line: 1, column: 1, ...(fix === undefined ? {} : { fix }) }));
    expect(checkTokens(after, options)).toMatchObject({ violations: [] });
  });
});

describe('the eight common mistakes', () => {
  test.each([
    ['1 prose', 'CFO, what is our runway?', 'R1', 'PROSE_INVOCATION', '[INVOKE:cfo|What is our runway?]'],
    ['2 invented role', '[INVOKE:finance|What is our runway?]', 'R2', 'UNKNOWN_ROLE', '[INVOKE:cfo|What is our runway?]'],
    ['3 uppercase role', '[INVOKE:CFO|What is our runway?]', 'R2', 'UPPERCASE_ROLE', '[INVOKE:cfo|What is our runway?]'],
    ['4 confidence vocabulary', '[RESPONSE:cfo]\nKey finding: x\nSupporting data:\n- y\nConfidence: fairly sure\nCaveat: z\n[/RESPONSE]', 'R3', 'CONFIDENCE_VOCABULARY', undefined],
    ['4 confidence case', '[RESPONSE:cfo]\nKey finding: x\nSupporting data:\n- y\nConfidence: Medium\nCaveat: z\n[/RESPONSE]', 'R3', 'CONFIDENCE_VOCABULARY', 'Confidence: medium'],
    ['5 missing close', '[RESPONSE:cfo]\nKey finding: x\nSupporting data:\n- y\nConfidence: low\nCaveat: z', 'R3', 'UNCLOSED_RESPONSE', '[/RESPONSE]'],
    ['5 [END] close', '[RESPONSE:cfo]\nKey finding: x\nSupporting data:\n- y\nConfidence: low\nCaveat: z\n[END]', 'R3', 'WRONG_CLOSE', '[/RESPONSE]'],
    ['5 reordered labels', '[RESPONSE:cfo]\nKey finding: x\nConfidence: low\nSupporting data:\n- y\nCaveat: z\n[/RESPONSE]', 'R3', 'RESPONSE_LABELS', undefined],
    ['6 BLOCKED without ASSUMPTION', '[BLOCKED: cannot invoke cfo — self-invocation not allowed]\nmoving on', 'R4', 'BLOCKED_WITHOUT_ASSUMPTION', undefined],
    ['8 space instead of pipe', '[INVOKE:cfo What is our runway?]', 'R1', 'MISSING_PIPE', '[INVOKE:cfo|What is our runway?]'],
    ['8 comma instead of pipe', '[INVOKE:cfo, What is our runway?]', 'R1', 'MISSING_PIPE', '[INVOKE:cfo|What is our runway?]'],
    ['INVOKE role: form', 'INVOKE cfo: What is our runway?', 'R1', 'INVOKE_FORM', '[INVOKE:cfo|What is our runway?]'],
  ])('%s', (_name, text, rule, code, fix) => {
    expect(checkTokens(text).violations).toContainEqual(expect.objectContaining({ rule, code, ...(fix === undefined ? {} : { fix }) }));
  });

  test('R6: no invocations in the independent-analysis and critique phases', () => {
    expect(checkTokens('[INVOKE:cfo|runway?]', { phase: 'independent' }).violations).toMatchObject([{ rule: 'R6', code: 'INVOKE_IN_INDEPENDENT_PHASE' }]);
    expect(checkTokens('[INVOKE:cfo|runway?]', { phase: 'critique' }).violations).toMatchObject([{ rule: 'R6', code: 'INVOKE_IN_CRITIQUE_PHASE' }]);
    expect(checkTokens('The cfo projection assumes a 3-month ramp.', { phase: 'critique' }).violations).toEqual([]);
  });

  test('the first | after the role is the delimiter', () => {
    expect(checkTokens('[INVOKE:cto|Is A | B faster?]').tokens).toEqual([{ kind: 'invoke', role: 'cto', question: 'Is A | B faster?', line: 1 }]);
  });

  test('violations carry line and column', () => {
    expect(checkTokens('ok\n\n  [INVOKE:CFO|x?]').violations).toMatchObject([{ line: 3, column: 3, code: 'UPPERCASE_ROLE' }]);
  });
});
