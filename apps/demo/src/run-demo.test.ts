import { expect, test } from 'vitest';
import { reply, runDemo } from './run-demo.ts';

test('the demo scrubs both secrets from the simulated stream and reports each event', async () => {
  const lines: string[] = [];
  const summary = await runDemo({ log: (line) => lines.push(line), delayMilliseconds: 0 });
  expect(summary.output).toBe(
    reply.replaceAll('Project Bluebird', '[codename]').replaceAll('bi.internal.acme.io', '[internal host]'),
  );
  expect(summary.replacements).toBe(3);
  expect(lines.filter((line) => line.includes('event'))).toHaveLength(3);
  expect(summary.chunksIn).toBeGreaterThan(10);
});
