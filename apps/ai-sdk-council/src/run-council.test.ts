import { expect, test } from 'vitest';
import { runCouncil } from './run-council.ts';
import { leakedKey, scriptedModel } from './scripted-model.ts';

test('the offline council runs the whole exchange on protocol, and the leaked key never shows', async () => {
  const lines: string[] = [];
  const run = await runCouncil(scriptedModel(), {
    message: (entry) => lines.push(`${entry.from}→${entry.to}: ${entry.text.split('\n')[0]}`),
    redaction: (event) => lines.push(`redaction ${event.type}`),
    violation: (violation) => lines.push(`violation ${violation.code}`),
    round: (round) => lines.push(`round ${round.round} ${round.agent} ${round.action}`),
  });
  expect(run.answer.response).toMatchObject({ role: 'cro', confidence: 'medium' });
  expect(lines).toContain('cfo→cro: [BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]');
  expect(lines).toContain('redaction AWS_ACCESS_KEY_ID');
  expect(run.transcript.some((entry) => entry.text.includes('[CONFLICT: cfo says ~14-month runway; cro says pipeline close implies 18+ months]'))).toBe(true);
  expect(lines.filter((line) => line.startsWith('violation'))).toEqual([]);
  expect(run.negotiation.escalation.path).toEqual(['alternative', 'accept']);
  expect(JSON.stringify(run) + lines.join('\n')).not.toContain(leakedKey);
});
