import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

describe('parley triage', () => {
  test('prints the decision as JSON', async () => {
    const io = createTestIo();
    expect(await runCli({ argv: ['triage', 'Compare tokio and async-std for web servers'], io, version: '0' })).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ negotiate: true, pattern: 'comparative', reason: 'needs data from more than one source' });
    expect(await runCli({ argv: ['triage'], io: createTestIo(), version: '0' })).toBe(2);
  });
});

describe('parley check negotiation', () => {
  test('exits 0 for a complete response and 1 for prose', async () => {
    const good = createTestIo({ stdin: ['Findings:\n- a\nConfidence: HIGH\nGaps:\n- none\nContext Needed:\n- none\n'] });
    expect(await runCli({ argv: ['check', 'negotiation', '-'], io: good, version: '0' })).toBe(0);
    expect(JSON.parse(good.out())).toMatchObject({ ok: true, response: { findings: ['a'], confidence: 'HIGH' } });
    const prose = createTestIo({ stdin: ['tokio is great'] });
    expect(await runCli({ argv: ['check', 'negotiation', '-'], io: prose, version: '0' })).toBe(1);
    expect(JSON.parse(prose.out()).violations[0].code).toBe('NOT_STRUCTURED');
  });
});
