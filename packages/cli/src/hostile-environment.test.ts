// The shapes found attacking `parley` as a careless pipeline and an attacker would (issue 14):
// hostile file names and model text on a terminal, progress on a terminal, a task store that is
// locked, has side files or sits in a read-only place, and numbers written in other notations.
// The properties behind them are in escape-control-characters.test.ts and cli-contract.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createDispatcher, createSqliteTaskStore } from '@parley/dispatch';
import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { runCli } from './run-cli';
import { hostileTerminalText, terminalControlButLineFeed } from './hostile-terminal-text';
import { createTestIo } from './test-io';

const directory = mkdtempSync(join(tmpdir(), 'parley-hostile-'));

async function run(argv: readonly string[], options: Parameters<typeof createTestIo>[0] = {}) {
  const io = createTestIo(options);
  const code = await runCli({ argv: [...argv], io, version: '0' });
  return { code, out: io.out(), err: io.err() };
}

describe('names and model text never drive the terminal', () => {
  test('a file name with a line feed and escape sequences is one line, escaped, with its reason', async () => {
    const name = join(directory, 'a\nb\u001b]0;pwned\u0007\u001b[31m.txt');
    const result = await run(['redact', name]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`parley redact: cannot read "${directory}/a\\nb\\x1b]0;pwned\\x07\\x1b[31m.txt": no such file\n`);
  });

  test('an unknown option or command with escapes is quoted and escaped, whole', async () => {
    expect((await run(['check', 'tokens', "--a\n\u001b[31m'b", '-'])).err).toBe('parley check tokens: unknown option "--a\\n\\x1b[31m\'b" (see parley check tokens --help)\n');
    expect((await run(['\u001b[2J'])).err).toBe('parley: unknown command "\\x1b[2J" (see parley --help)\n');
    expect((await run(['redact', '-', '\u009b31m'])).err).toBe('parley redact: unexpected argument "\\x9b31m": redact takes one input\n');
  });

  test('--format pretty shows the escapes a model wrote instead of obeying them', async () => {
    const tokens = await run(['check', 'tokens', '--format', 'pretty', '-'], { stdin: ['Hey CFO, \u001b]0;pwned\u0007\u001b[2J ok?\n'] });
    expect(tokens.out).toContain('fix: [INVOKE:cfo|\\x1b]0;pwned\\x07\\x1b[2J ok?]');
    const reply = await run(['check', 'reply', '--no-disk', '--format', 'pretty', '-'], { stdin: ['see [FILE: /tmp/\u001b[31mx\u202e.csv]'] });
    expect(reply.out).toContain('[FILE: /tmp/\\x1b[31mx\\u202e.csv]');
    // JSON escapes them its own way and stays one document.
    const json = await run(['check', 'tokens', '-'], { stdin: ['Hey CFO, \u001b[2J\u009b ok?\n'] });
    expect(JSON.parse(json.out).violations[0].fix).toBe('[INVOKE:cfo|\u001b[2J\u009b ok?]');
  });

  // The class: whatever model text a human-readable report quotes (messages, fixes, paths, ids),
  // however it arrives, nothing in it can drive the terminal; parley's own colours are the only
  // escape sequences, and only when colour is on.
  test('pretty reports of any hostile model text carry no terminal control but parley\'s own colours (fast-check)', { timeout: 180_000 }, async () => {
    const fragments = fc.constantFrom(
      'Hey CFO, ', 'can we afford it?', '[INVOKE:', 'CFO|', 'cfo|', ']', '\n', '[FILE: /tmp/', '.csv]', ' task #deadbeef ', '#f12d8d10', '已建立新任務 ', '給 BA。',
      'save it as /app/data/shared/', 'report.md', 'ask the coder agent to ', 'as we discussed ', '[BLOCKED: ', '[RESPONSE:cfo] ',
      '```yaml\n', '```\n', 'status: ', 'summary: "', '"\n', 'bad: [', '## Findings\n', '- ', 'Confidence: ',
    );
    // NUL makes the input binary, refused before any report: every other control is in play.
    const text = fc.array(fc.oneof(hostileTerminalText, fragments), { maxLength: 16 }).map((parts) => parts.join('').replaceAll('\u0000', ''));
    const commandLines = fc.constantFrom(
      ['check', 'tokens', '--format', 'pretty'],
      ['check', 'tokens', '--format', 'pretty', '--mode', 'repair'],
      ['check', 'tokens', '--format', 'pretty', '--mode', 'enforce', '--chain', 'cro,cfo'],
      ['check', 'reply', '--no-disk', '--format', 'pretty', '--dispatched', 'abcdef12'],
      ['check', 'request', '--format', 'pretty', '--other-agents', 'coder'],
      ['check', 'envelope', '--format', 'pretty'],
      ['check', 'negotiation', '--format', 'pretty'],
    );
    // eslint-disable-next-line no-control-regex -- the styler's escape sequences
    const ownColours = /\u001b\[(?:1|2|22|31|32|33|36|39)m/gu;
    await fc.assert(
      fc.asyncProperty(commandLines, text, fc.array(fc.nat(400), { maxLength: 4 }), fc.boolean(), async (argv, input, cuts, coloured) => {
        const bytes = new TextEncoder().encode(input);
        const offsets = [...cuts.map((cut) => Math.min(cut, bytes.length)).sort((left, right) => left - right), bytes.length];
        const chunks = offsets.map((cut, index) => bytes.slice(index === 0 ? 0 : offsets[index - 1], cut));
        const result = await run([...argv, '-'], { stdin: chunks, env: coloured ? { FORCE_COLOR: '1' } : {} });
        expect([0, 1]).toContain(result.code);
        expect(result.out.replaceAll(ownColours, '')).not.toMatch(terminalControlButLineFeed);
      }),
      { numRuns: 300 },
    );
  });

  test('progress goes to a terminal stderr only while standard output is redirected (on a terminal it would mix into the output)', async () => {
    // The clock is the test's: each chunk arrives a second after the last, so progress is due.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const slowStdin = async function* () {
        for (let chunk = 0; chunk < 3; chunk += 1) {
          vi.setSystemTime(Date.now() + 1000);
          yield new TextEncoder().encode('calm prose\n');
        }
      };
      for (const [stdoutIsTerminal, stdinIsTerminal] of [[true, false], [false, true], [false, false]] as const) {
        const base = createTestIo({ tty: true });
        const stdin = Object.assign(slowStdin(), { isTTY: stdinIsTerminal });
        const io = { ...base, stdin, stdout: { write: base.stdout.write, isTTY: stdoutIsTerminal } };
        expect(await runCli({ argv: ['redact', '-'], io, version: '0' })).toBe(0);
        // Nor while a person types the input on the terminal.
        if (stdoutIsTerminal || stdinIsTerminal) expect(io.err()).toBe('');
        // eslint-disable-next-line no-control-regex -- the progress line is made of escapes
        else expect(io.err()).toMatch(/^\r\u001b\[2Kreading standard input: 0\.0 MB.*\r\u001b\[2K$/su);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('numbers are written in digits', () => {
  test('a negative number is explained whole, on one line, not cut after its first sentence', async () => {
    // Node's wording (it may change between versions): one line that ends with how to fix it.
    expect((await run(['check', 'tokens', '--max-listed', '-1', '-'])).err).toMatch(/^parley check tokens: Option '--max-listed' [^\n]*'--max-listed=-XYZ'\.\n$/u);
    expect((await run(['check', 'tokens', '--max-listed=-1', '-'])).err).toBe('parley check tokens: --max-listed must be a whole number from 0 to 999,999,999,999,999\n');
  });

  test('present --limit refuses 1e3, 0x20, -1 and numbers past 15 digits, as --max-listed does', async () => {
    for (const limit of ['1e3', '0x20', '99999999999999999999', ' 20', '15']) {
      const result = await run(['present', `--limit=${limit}`, '-'], { stdin: ['ok'] });
      expect([result.code, result.err]).toEqual([2, 'parley present: --limit must be a whole number from 16 to 999,999,999,999,999\n']);
    }
    expect((await run(['present', '--limit', '16', '-'], { stdin: ['ok'] })).code).toBe(0);
  });
});

describe('check reply --store changes nothing beside the store', () => {
  async function makeStore(): Promise<string> {
    const path = join(mkdtempSync(join(tmpdir(), 'parley-hostile-store-')), 'tasks.db');
    const store = createSqliteTaskStore({ path });
    await createDispatcher({ store }).dispatchTask({ ref: 'eda', title: 'EDA', agent: 'coding_agent', request: 'r' }, { id: 'p1', sessionId: 'chat-1' });
    await store.close();
    return path;
  }
  const argv = (path: string): string[] => ['check', 'reply', '--store', path, '--session', 'chat-1', '--no-disk', '-'];

  test('a closed WAL store is read without leaving -wal or -shm files, and gives the same verdict', async () => {
    const path = await makeStore();
    const folder = join(path, '..');
    expect(readdirSync(folder)).toEqual(['tasks.db']);
    const before = readFileSync(path);
    const result = await run(argv(path), { stdin: ['已建立新任務 #f12d8d10 給 BA。'] });
    expect([result.code, result.err]).toEqual([1, '']);
    expect(JSON.parse(result.out).violations.map((violation: { code: string }) => violation.code)).toContain('HALLUCINATED_DISPATCH');
    expect(readdirSync(folder)).toEqual(['tasks.db']);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test('a store another process has open is read in place, its side files left as they were', async () => {
    const path = await makeStore();
    const writer = new DatabaseSync(path);
    writer.exec('pragma journal_mode = wal; begin immediate; insert into parley_migrations (version) values (1000)');
    try {
      const files = readdirSync(join(path, '..')).sort();
      expect(files).toEqual(['tasks.db', 'tasks.db-shm', 'tasks.db-wal']);
      const result = await run(argv(path), { stdin: ['fine'] });
      expect([result.code, result.err]).toEqual([0, '']);
      expect(readdirSync(join(path, '..')).sort()).toEqual(files);
    } finally {
      writer.exec('rollback');
      writer.close();
    }
  });

  test('a store locked by a writer (rollback journal) is one line after a short wait, not a hang or a crash', { timeout: 120_000 }, async () => {
    const path = await makeStore();
    const writer = new DatabaseSync(path);
    writer.exec('pragma journal_mode = delete; begin exclusive; insert into parley_migrations (version) values (1000)');
    try {
      expect(existsSync(`${path}-journal`)).toBe(true);
      const result = await run(argv(path), { stdin: ['fine'] });
      expect([result.code, result.err]).toEqual([2, `parley check reply: the task store "${path}" is locked by another process: try again when it has finished writing\n`]);
    } finally {
      writer.exec('rollback');
      writer.close();
    }
  });

  test('a FIFO or a device as --store is refused at once, never read (it would block or never end)', async () => {
    const fifo = join(directory, 'store-fifo');
    const made = spawnSync('mkfifo', [fifo]).status === 0;
    for (const path of [...(made ? [fifo] : []), '/dev/zero', '/dev/null']) {
      const result = await run(argv(path), { stdin: ['fine'] });
      expect([result.code, result.err]).toEqual([2, `parley check reply: --store "${path}" is not a regular file, not a Parley task store\n`]);
    }
  });

  test('a leftover -wal without -shm (a crashed writer) is one line naming the store, not an unexpected error', async () => {
    const path = await makeStore();
    writeFileSync(`${path}-wal`, '');
    const result = await run(argv(path), { stdin: ['fine'] });
    // Where SQLite can create the -shm it reads the store; where it cannot, it says so in one line.
    if (result.code === 2) expect(result.err).toMatch(/^parley check reply: cannot read the task store "[^"]+": [^\n]+\n$/u);
    else expect([result.code, result.err]).toEqual([0, '']);
    expect(result.err).not.toContain('unexpected error');
  });
});
