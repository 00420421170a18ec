import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

describe('parley check tokens', () => {
  test('prints tokens and violations as JSON; exit 1 on violations', async () => {
    const io = createTestIo({ stdin: ['Hey CFO, can we afford it?\n[INVOKE:cfo|Can we afford it?]\n'] });
    expect(await runCli({ argv: ['check', 'tokens', '-'], io, version: '0' })).toBe(1);
    const output = JSON.parse(io.out());
    expect(output.ok).toBe(false);
    expect(output.tokens).toEqual([{ kind: 'invoke', role: 'cfo', question: 'Can we afford it?', line: 2 }]);
    expect(output.violations).toEqual([{ rule: 'R1', code: 'PROSE_INVOCATION', message: expect.any(String), line: 1, column: 1, fix: '[INVOKE:cfo|Can we afford it?]' }]);
  });

  test('--chain enables the loop guard, and clean input exits 0', async () => {
    const circular = createTestIo({ stdin: ['[INVOKE:cro|Pipeline?]\n'] });
    expect(await runCli({ argv: ['check', 'tokens', '--chain', 'cro,cfo', '-'], io: circular, version: '0' })).toBe(1);
    expect(JSON.parse(circular.out()).violations[0]).toMatchObject({ rule: 'R4', code: 'CIRCULAR_CALL' });
    const clean = createTestIo({ stdin: ['[INVOKE:coo|Capacity?]\n'] });
    expect(await runCli({ argv: ['check', 'tokens', '--chain', 'cro,cfo', '-'], io: clean, version: '0' })).toBe(0);
  });

  test('--format pretty is for people; bad options are usage errors', async () => {
    const io = createTestIo({ stdin: ['[INVOKE:CFO|x?]'] });
    expect(await runCli({ argv: ['check', 'tokens', '--format', 'pretty', '-'], io, version: '0' })).toBe(1);
    expect(io.out()).toContain('1:1 R2 UPPERCASE_ROLE');
    expect(io.out()).toContain('fix: [INVOKE:cfo|x?]');
    expect(await runCli({ argv: ['check', 'tokens', '--phase', 'lunch', '-'], io: createTestIo(), version: '0' })).toBe(2);
  });

  test('--mode repair and enforce print the changed text as output', async () => {
    const repair = createTestIo({ stdin: ['[INVOKE:CFO|Runway?]\n'] });
    expect(await runCli({ argv: ['check', 'tokens', '--mode', 'repair', '-'], io: repair, version: '0' })).toBe(0);
    expect(JSON.parse(repair.out())).toMatchObject({ ok: true, output: '[INVOKE:cfo|Runway?]\n' });
    const enforce = createTestIo({ stdin: ['[INVOKE:cro|Pipeline?]\n'] });
    expect(await runCli({ argv: ['check', 'tokens', '--mode', 'enforce', '--chain', 'cro,cfo', '-'], io: enforce, version: '0' })).toBe(0);
    expect(JSON.parse(enforce.out()).output).toBe('[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\n[ASSUMPTION: no answer to "Pipeline?" — not verified with cro]\n');
  });
});
