import { expect, test } from 'vitest';
import { checkTokens } from './check-tokens';
import { createCouncil } from './council';
import { serializeToken } from './token';

// The README's example, kept honest.
test('the README example does what it says', async () => {
  expect(checkTokens('Hey CFO, can we afford to hire 5 engineers next quarter?').violations).toMatchObject([
    { rule: 'R1', code: 'PROSE_INVOCATION', line: 1, column: 1, fix: '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]' },
  ]);
  expect(checkTokens("[INVOKE:cro|What's the committed pipeline?]", { chain: ['cro', 'cfo'] }).violations[0]?.fix).toBe(
    '[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]',
  );
  const council = createCouncil({
    agents: {
      cfo: () =>
        serializeToken({
          kind: 'response',
          role: 'cfo',
          keyFinding: 'Hiring 5 engineers cuts runway from 14 to 9 months.',
          supportingData: ['Monthly burn rises ~$280K → ~$380K'],
          confidence: 'medium',
          caveat: 'Assumes a 3-month ramp.',
        }),
    },
  });
  const answer = await council.ask('cfo', 'Can we afford to hire 5 engineers next quarter?', { chain: ['cro'] });
  expect(answer.response?.confidence).toBe('medium');
  expect(council.transcript).toHaveLength(2);
});
