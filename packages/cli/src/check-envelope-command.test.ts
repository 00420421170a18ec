import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const envelope = ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "rename ok."', 'reported_by: ["staff-engineer"]', '_marker: "x"', '```'].join('\n');

describe('parley check envelope', () => {
  test('prints the contract result as JSON and exits 0 when ok', async () => {
    const io = createTestIo({ stdin: [envelope] });
    expect(await runCli({ argv: ['check', 'envelope', '-'], io, version: '0' })).toBe(0);
    const output = JSON.parse(io.out());
    expect(output).toMatchObject({ ok: true, envelope: { status: 'ok', summary: 'rename ok.' }, violations: [], incidents: [] });
    expect(output.envelope).not.toHaveProperty('_marker');
  });

  test('exits 1 with violations for prose after the fence, and stubs the envelope', async () => {
    const io = createTestIo({ stdin: [`${envelope}\nHope this helps!`] });
    expect(await runCli({ argv: ['check', 'envelope', '-'], io, version: '0' })).toBe(1);
    const output = JSON.parse(io.out());
    expect(output.ok).toBe(false);
    expect(output.envelope).toMatchObject({ status: 'malformed', degraded_reason: 'invalid_envelope: prose_after_fence' });
    expect(output.violations[0]).toEqual({ rule: 'D6', code: 'PROSE_AFTER_FENCE', path: '', message: expect.any(String) });
  });

  test('a leaked secret is an incident, and never printed', async () => {
    const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
    const io = createTestIo({ stdin: [envelope.replace('rename ok.', `pushed with ${token}`)] });
    expect(await runCli({ argv: ['check', 'envelope', '-'], io, version: '0' })).toBe(1);
    expect(io.out()).not.toContain(token.slice(4, 12));
    expect(JSON.parse(io.out()).incidents[0]).toMatchObject({ kind: 'suspected_secret', secretTypes: ['GITHUB_TOKEN'] });
  });

  test('advisory compression violations fail only with --strict', async () => {
    const wordy = envelope.replace('rename ok.', 'I think that the rename is probably just fine, really.');
    expect(await runCli({ argv: ['check', 'envelope', '-'], io: createTestIo({ stdin: [wordy] }), version: '0' })).toBe(0);
    expect(await runCli({ argv: ['check', 'envelope', '--strict', '-'], io: createTestIo({ stdin: [wordy] }), version: '0' })).toBe(1);
  });
});
