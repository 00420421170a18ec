// `parley inspect` as a process, from its TypeScript source (see cli-process.test.ts): it prints
// the address, serves the store, and exits 0 on SIGINT after closing both.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore } from '@parley/dispatch';
import { afterAll, describe, expect, test } from 'vitest';

const here = import.meta.dirname;
const cliArguments = ['--conditions=@parley/source', '--import', join(here, 'source-hooks.ts'), join(here, 'bin.ts')];
const directory = mkdtempSync(join(tmpdir(), 'parley-inspect-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Starts `parley inspect …`; resolves with its first stdout line (or its exit, if it ends first). */
const start = (argv: readonly string[]): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<{ code: number | null; stderr: string }> } => {
  const child = spawn(process.execPath, [...cliArguments, 'inspect', ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  const firstLine = new Promise<string>((resolve) => {
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    void exit.then(() => resolve(stdout));
  });
  return { child, firstLine, exit };
};

describe('parley inspect', () => {
  test('serves a store at the printed address with its token, and exits 0 on SIGINT', { timeout: 180_000 }, async () => {
    const path = join(directory, 'tasks.db');
    const store = createSqliteTaskStore({ path });
    await store.createPlan('p1', [{ ref: 'a', title: 'A', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    await store.close();
    const { child, firstLine, exit } = start(['--store', path, '--port', '0', '--json']);
    const printed = JSON.parse(await firstLine) as { url: string; origin: string; token: string; port: number };
    expect(printed.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed.url).toBe(`${printed.origin}/#token=${printed.token}`);
    expect((await fetch(`${printed.origin}/api/plans`)).status).toBe(401);
    const plans = (await (await fetch(`${printed.origin}/api/plans`, { headers: { authorization: `Bearer ${printed.token}` } })).json()) as { plans: Array<{ planId: string }> };
    expect(plans.plans.map((plan) => plan.planId)).toEqual(['p1']);
    child.kill('SIGINT');
    expect(await exit).toEqual({ code: 0, stderr: '' });
  });

  test('a host beyond this machine is served with one warning on stderr (plain HTTP carries the token)', { timeout: 180_000 }, async () => {
    const path = join(directory, 'wide.db');
    await createSqliteTaskStore({ path }).close();
    const { child, firstLine, exit } = start(['--store', path, '--port', '0', '--host', '0.0.0.0', '--json']);
    const printed = JSON.parse(await firstLine) as { token: string; port: number };
    expect((await fetch(`http://127.0.0.1:${printed.port}/api/plans`, { headers: { authorization: `Bearer ${printed.token}` } })).status).toBe(200);
    child.kill('SIGINT');
    const { code, stderr } = await exit;
    expect(code).toBe(0);
    expect(stderr).toMatch(/^parley inspect: warning: listening on .*0\.0\.0\.0.* over plain HTTP/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toContain(printed.token);
  });

  test.each([
    [['--store', join(directory, 'missing.db')], /^parley inspect: no task store at .*missing\.db/],
    [[], /^parley inspect: give one of --store <file> or --pg <url>/],
    [['--store', 'a.db', '--pg', 'postgres://x'], /^parley inspect: give one of --store <file> or --pg <url>/],
    [['--store', 'a.db', '--port', '70000'], /^parley inspect: --port must be a number from 0 to 65535/],
    [['extra'], /^parley inspect: unexpected argument/],
  ])('usage errors exit 2 with one line: %j', { timeout: 180_000 }, async (argv, message) => {
    const { exit } = start(argv);
    const { code, stderr } = await exit;
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
