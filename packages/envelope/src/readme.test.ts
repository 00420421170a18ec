import { expect, test } from 'vitest';
import { aggregateEnvelopes } from './aggregate-envelopes';
import { contractBlock } from './contract-block';
import { parseSubagentResponse } from './parse-subagent-response';
import { synthesize } from './synthesize';

// The README's example, kept honest.
test('the README example does what it says', async () => {
  const prompt = `Review src/auth.\n\n${contractBlock()}`;
  const envelope = ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "rename ok. circular import via session -> auth."', 'reported_by: ["staff-engineer"]', '_marker: "p-7f3a"', '```'].join('\n');
  const child = { run: async (text: string) => (text === prompt ? `${envelope}\nHope this helps!` : envelope) };
  const result = await parseSubagentResponse(await child.run(prompt), { retry: (reformatPrompt) => child.run(reformatPrompt) });
  expect(result).toMatchObject({ status: 'ok', retried: true, violations: [] });
  expect(result.envelope).not.toHaveProperty('_marker');
  expect(synthesize(aggregateEnvelopes([result.envelope]))).toBe(
    'All subagents finished. (staff-engineer)\n- staff-engineer [ok]: rename ok. circular import via session -> auth.',
  );
});
