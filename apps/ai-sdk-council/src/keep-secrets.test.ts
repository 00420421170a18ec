import { expect, test } from 'vitest';
import { deployKey, keepSecrets } from './keep-secrets.ts';

test('the key read from a file never reaches the provider; deploy authenticates through restore; notify gets the placeholder', async () => {
  const run = await keepSecrets();
  expect(run.providerSaw).toHaveLength(3);
  for (const prompt of run.providerSaw) for (let start = 0; start + 8 <= deployKey.length; start += 4) expect(prompt).not.toContain(deployKey.slice(start, start + 8));
  expect(run.providerSaw[1]).toContain('GITHUB_TOKEN=<SECRET:GITHUB_TOKEN#1>');
  expect(run.deployAuthenticated).toBe(true);
  expect(run.notifyGot).toBe('deployed api with <SECRET:GITHUB_TOKEN#1>');
  expect(run.answer).toBe('Deployed api; the team was notified.');
  expect(run.steps).toContain('restore: GITHUB_TOKEN for deploy');
  expect(run.steps.join('\n')).not.toContain(deployKey);
});
