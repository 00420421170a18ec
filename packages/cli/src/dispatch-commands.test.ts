import { createDispatcher, createSqliteTaskStore, createWorker } from '@parley/dispatch';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const id = 'abc12345-0d1e-4f00-8a5b-6c7d8e9f0a1b';

describe('parley check reply', () => {
  test('a cited id that was not dispatched fails with its task id; exit 1', async () => {
    const io = createTestIo({ stdin: ['已建立新任務 #f12d8d10 給 BA。'] });
    expect(await runCli({ argv: ['check', 'reply', '--dispatched', id, '-'], io, version: '0' })).toBe(1);
    expect(JSON.parse(io.out())).toEqual({
      ok: false,
      violations: [{ rule: 'P0', code: 'HALLUCINATED_DISPATCH', message: expect.any(String), taskId: 'f12d8d10', line: 1 }],
      dropped: { violations: 0 },
    });
  });

  test('a reply citing a dispatched id passes; exit 0', async () => {
    const io = createTestIo({ stdin: [`已建立新任務 #${id.slice(0, 8)} 給 BA，完成後我會通知您。`] });
    expect(await runCli({ argv: ['check', 'reply', '--dispatched', id, '-'], io, version: '0' })).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ ok: true, violations: [], dropped: { violations: 0 } });
  });

  test('reads the truth from an embedded store', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'parley-cli-')), 'tasks.db');
    const store = createSqliteTaskStore({ path });
    const dispatcher = createDispatcher({ store });
    const { tasks } = await dispatcher.dispatchTask({ ref: 'eda', title: 'EDA', agent: 'coding_agent', request: 'r' }, { id: 'p1', sessionId: 'chat-1' });
    await createWorker({ dispatcher, agents: { coding_agent: async () => ({ paths: ['/data/wine-eda/stats.csv'] }) } }).drain();
    await store.close();
    const task = tasks[0]?.id.slice(0, 8) ?? '';
    const good = createTestIo({ stdin: [`任務 #${task} 已完成。\n[FILE: /data/wine-eda/stats.csv]`] });
    expect(await runCli({ argv: ['check', 'reply', '--store', path, '--session', 'chat-1', '--no-disk', '-'], io: good, version: '0' })).toBe(0);
    const bad = createTestIo({ stdin: ['[FILE: /data/wine-eda/other.csv]'] });
    expect(await runCli({ argv: ['check', 'reply', '--store', path, '--session', 'chat-1', '--no-disk', '--format', 'pretty', '-'], io: bad, version: '0' })).toBe(1);
    expect(bad.out()).toContain('MISSING_FILE');
    expect(await runCli({ argv: ['check', 'reply', '--store', path, '-'], io: createTestIo({ stdin: ['x'] }), version: '0' })).toBe(2);
    const missing = createTestIo({ stdin: ['x'] });
    expect(await runCli({ argv: ['check', 'reply', '--store', `${path}.typo`, '--session', 'chat-1', '-'], io: missing, version: '0' })).toBe(2);
    expect(missing.err()).toContain('no task store at');
  });
});

describe('parley check request', () => {
  test('an acknowledgement is not a request; exit 1', async () => {
    const io = createTestIo({ stdin: ['OK'] });
    expect(await runCli({ argv: ['check', 'request', '-'], io, version: '0' })).toBe(1);
    expect(JSON.parse(io.out()).violations[0]).toMatchObject({ rule: 'P2', code: 'EMPTY_REQUEST' });
  });

  test('a complete request passes; a flat-root path gets a fix from --project', async () => {
    const request = 'Load the wine dataset and save the statistics as /app/data/shared/costaff-agent-coding/wine_stats.csv';
    const io = createTestIo({ stdin: [request] });
    expect(await runCli({ argv: ['check', 'request', '--project', 'wine-eda', '-'], io, version: '0' })).toBe(1);
    expect(JSON.parse(io.out()).violations).toEqual([expect.objectContaining({ code: 'FLAT_ROOT_PATH', fix: '/app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv' })]);
    const fixed = createTestIo({ stdin: [request.replace('coding/', 'coding/wine-eda/')] });
    expect(await runCli({ argv: ['check', 'request', '-'], io: fixed, version: '0' })).toBe(0);
  });
});

describe('parley present', () => {
  test('prints Telegram HTML of the result only', async () => {
    const io = createTestIo({ stdin: ['_Thinking:_ hmm\n[RESULT_START]\n## 結果\n- **準確率** 0.97 <高>\n[RESULT_END]'] });
    expect(await runCli({ argv: ['present', '-'], io, version: '0' })).toBe(0);
    expect(io.out()).toBe('<b>結果</b>\n• <b>準確率</b> 0.97 &lt;高&gt;\n');
  });

  test('--format json gives the split parts; bad options are usage errors', async () => {
    const io = createTestIo({ stdin: [`[RESULT_START]${'字'.repeat(50)}[RESULT_END]`] });
    expect(await runCli({ argv: ['present', '--limit', '20', '--format', 'json', '-'], io, version: '0' })).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ parts: ['字'.repeat(20), '字'.repeat(20), '字'.repeat(10)], source: 'result-tags' });
    expect(await runCli({ argv: ['present', '--limit', '3', '-'], io: createTestIo({ stdin: ['x'] }), version: '0' })).toBe(2);
    const bad = createTestIo({ stdin: ['x'] });
    expect(await runCli({ argv: ['present', '--format', 'xml', '-'], io: bad, version: '0' })).toBe(2);
    expect(bad.err()).toContain('--format must be html or json');
  });

  test('redacts secrets a specialist echoed unless --keep-secrets', async () => {
    const token = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
    const reply = `[RESULT_START]Deployed with **${token}** as asked.[RESULT_END]`;
    const io = createTestIo({ stdin: [reply] });
    expect(await runCli({ argv: ['present', '--format', 'json', '-'], io, version: '0' })).toBe(0);
    const shown = JSON.parse(io.out()) as { parts: string[]; redactions: number };
    // The marker stays exactly as redaction wrote it (not read as a Markdown autolink).
    expect(shown).toMatchObject({ parts: ['Deployed with <b>&lt;REDACTED:GITHUB_TOKEN&gt;</b> as asked.'], redactions: 1 });
    expect(io.out()).not.toContain(token.slice(4, 12));
    const kept = createTestIo({ stdin: [reply] });
    expect(await runCli({ argv: ['present', '--keep-secrets', '-'], io: kept, version: '0' })).toBe(0);
    expect(kept.out()).toContain(token);
  });

  test("keeps Parley's own markers in the reply exactly, as text", async () => {
    const io = createTestIo({ stdin: ['[RESULT_START]- key: *<SECRET:GITHUB_TOKEN#1>*\n- log: <REF:artifacts[0]#L42>\n- <REDACTED:NPM_TOKEN>[RESULT_END]'] });
    expect(await runCli({ argv: ['present', '--keep-secrets', '-'], io, version: '0' })).toBe(0);
    expect(io.out()).toBe('• key: <i>&lt;SECRET:GITHUB_TOKEN#1&gt;</i>\n• log: &lt;REF:artifacts[0]#L42&gt;\n• &lt;REDACTED:NPM_TOKEN&gt;\n');
  });
});
