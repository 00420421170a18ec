import { expect, test } from 'vitest';
import { negotiate } from './negotiate';
import { formatStructuredResponse } from './structured-response';
import { triage } from './triage';

// The README's example, kept honest.
test('the README example negotiates as it says', async () => {
  const agents = {
    'tokio-docs': () =>
      formatStructuredResponse({
        findings: ['tokio has a multi-threaded work-stealing runtime; axum builds on it'],
        confidence: 'MEDIUM',
        gaps: ['no async-std comparison'],
        contextNeeded: ['Which web framework?'],
      }),
    'async-std-docs': () => formatStructuredResponse({ findings: ['async-std mirrors the std API; tide builds on it'], confidence: 'HIGH', gaps: [], contextNeeded: [] }),
  };
  const query = 'Compare tokio and async-std for web servers';
  expect(triage(query).negotiate).toBe(true);
  const log: string[] = [];
  const result = await negotiate({
    query,
    agents: [
      { name: 'tokio-docs', covers: ['tokio'] },
      { name: 'async-std-docs', covers: ['async-std'] },
    ],
    ask: (agent) => agents[agent as keyof typeof agents](),
    known: { 'web framework': 'axum / tide' },
    onRound: (round) => log.push(`${round.round} ${round.agent} ${round.response.confidence} ${round.action}`),
  });
  expect(log).toEqual(['1 tokio-docs MEDIUM alternative', '2 async-std-docs HIGH accept']);
  expect(result.answer).toContain('async-std (source: async-std-docs, round 2):');
});
