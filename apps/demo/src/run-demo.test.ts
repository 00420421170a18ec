import { expect, test } from 'vitest';
import { leakedToken, reply, runDemo } from './run-demo.ts';

test('the demo redacts the token, scrubs the codename and host, and reports each event', async () => {
  const lines: string[] = [];
  const summary = await runDemo({ log: (line) => lines.push(line), delayMilliseconds: 0 });
  expect(summary.output).toBe(
    'Key finding: [codename] cuts churn by 4%. The numbers come from [internal host] ' +
      '(token <REDACTED:GITHUB_TOKEN>, or spaced out: <REDACTED:GITHUB_TOKEN>); [codename] needs two more engineers before Q3.',
  );
  expect(summary.output).not.toContain(leakedToken.slice(4, 12));
  expect(reply).toContain(leakedToken);
  expect(summary.replacements).toBe(3);
  expect(summary.redactions).toBe(2);
  expect(lines.filter((line) => line.includes('event'))).toHaveLength(5);
  expect(summary.chunksIn).toBeGreaterThan(10);
});
