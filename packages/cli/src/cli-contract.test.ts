// The contract every command keeps with scripts, checked for each command: exit codes exactly as
// the help says, one line on stderr for any usage, input or output error, never a stack trace,
// and the same verdict for the same text whatever its encoding. Process-level behaviour (closed
// pipes, real stdin) is in cli-process.test.ts.
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore } from '@parley/dispatch';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CliIo } from './cli-io';
import { commands } from './commands';
import { contractCases } from './contract-cases';
import { runCli } from './run-cli';
import { hostileTerminalText, terminalControl, terminalControlButLineFeed } from './hostile-terminal-text';
import { createTestIo } from './test-io';

const directory = mkdtempSync(join(tmpdir(), 'parley-contract-'));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
};
const utf16 = (text: string, bigEndian: boolean): Uint8Array => {
  const bytes = Buffer.from(text, 'utf16le');
  if (bigEndian) bytes.swap16();
  return Buffer.concat([Buffer.from(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]), bytes]);
};

const png = file('picture.png', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d));
const nul = file('log.bin', 'all fine\u0000\u0000\u0001');
const latin1 = file('latin1.txt', Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0x0a));
const utf32 = file('utf32.txt', Uint8Array.of(0xff, 0xfe, 0, 0, 0x41, 0, 0, 0));
const missing = join(directory, 'nope.txt');
const folder = join(directory, 'folder');
mkdirSync(folder);
const database = join(directory, 'tasks.db');
await createSqliteTaskStore({ path: database }).close();
const unreadable = file('secret.txt', 'text');
chmodSync(unreadable, 0o000);
/** Root reads a mode-000 file anyway: that case cannot be checked there, and is skipped, not faked. */
const permissionsApply = (() => {
  try {
    accessSync(unreadable, constants.R_OK);
    return false;
  } catch {
    return true;
  }
})();

/** Standard input that fails after a first chunk, as a broken device or a dropped connection does. */
const failingStdin = (): CliIo['stdin'] =>
  (async function* () {
    yield new TextEncoder().encode('[INVOKE:coo|');
    throw Object.assign(new Error('EIO: i/o error, read\n    at ReadStream.read (node:internal/fs)'), { code: 'EIO' });
  })();

async function run(argv: readonly string[], options: { readonly stdin?: readonly string[] } = {}) {
  const io = createTestIo(options);
  const code = await runCli({ argv: [...argv], io, version: '0' });
  return { code, out: io.out(), err: io.err() };
}

/** The shape of every failure: exit 2, one line on stderr naming the command, no stack trace. */
function expectOneLineFailure(result: { code: number; err: string }, name: string, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.err).toMatch(/^[^\n]*\n$/u);
  expect(result.err.startsWith(`parley ${name}: `)).toBe(true);
  expect(result.err).toMatch(pattern);
  expect(result.err).not.toMatch(/\bat .*:\d+/u);
}

describe.each(contractCases.map((contract) => ({ ...contract, title: contract.argv.join(' ') })))('parley $title', ({ name, argv, clean, dirty }) => {
  const command = commands.find((candidate) => candidate.path.join(' ') === name);

  test('exits 0 on clean input and 1 on violations, as its help says', async () => {
    expect(command).toBeDefined();
    expect((await run([...argv, '-'], { stdin: [clean] })).code).toBe(0);
    if (dirty !== undefined) {
      expect(command?.description).toMatch(/1 when/u);
      expect((await run([...argv, '-'], { stdin: [dirty] })).code).toBe(1);
    } else expect(command?.description).toMatch(/Exits 0/u);
  });

  test('UTF-16 with a byte order mark reads as the same text: same output, same exit code', async () => {
    for (const text of dirty === undefined ? [clean] : [clean, dirty]) {
      const expected = await run([...argv, file('sample.txt', text)]);
      for (const bigEndian of [false, true]) {
        const result = await run([...argv, file(`sample-utf16${bigEndian ? 'be' : 'le'}.txt`, utf16(text, bigEndian))]);
        expect({ ...result, out: result.out.replaceAll(/sample-utf16[lb]e/gu, 'sample') }).toEqual(expected);
      }
    }
  });

  test('binary and non-UTF-8 input is refused with the byte offset, nothing written', async () => {
    for (const [path, pattern] of [
      [png, /cannot read ".*picture\.png": not UTF-8 text \(an invalid byte sequence\) at byte offset 0$/mu],
      [nul, /cannot read ".*log\.bin": binary data \(a NUL byte\) at byte offset 8$/mu],
      [latin1, /not UTF-8 text \(an invalid byte sequence\) at byte offset 3$/mu],
      [utf32, /UTF-32 text, which parley does not read .* at byte offset 0$/mu],
      [database, /binary data \(a NUL byte\) at byte offset 15$/mu],
    ] as const) {
      const result = await run([...argv, path]);
      expectOneLineFailure(result, name, pattern);
      expect(result.out).toBe('');
    }
  });

  test('a missing file, a directory and an unreadable file are one-line errors', async () => {
    expectOneLineFailure(await run([...argv, missing]), name, /cannot read ".*nope\.txt": no such file$/mu);
    expectOneLineFailure(await run([...argv, folder]), name, /cannot read ".*folder": it is a directory$/mu);
  });

  test.skipIf(!permissionsApply)('an unreadable file is a one-line error (skipped as root, who can read it)', async () => {
    expectOneLineFailure(await run([...argv, unreadable]), name, /cannot read ".*secret\.txt": permission denied$/mu);
  });

  test('empty standard input is an empty document, not an error', async () => {
    expect([0, 1]).toContain((await run([...argv, '-'], { stdin: [] })).code);
  });

  test('standard input that fails mid-read is a one-line error', async () => {
    const io = { ...createTestIo(), stdin: failingStdin() };
    const code = await runCli({ argv: [...argv, '-'], io, version: '0' });
    expectOneLineFailure({ code, err: io.err() }, name, /cannot read standard input: input\/output error$/mu);
  });

  test('usage errors are one line: a missing input, a second input, an unknown option', async () => {
    expectOneLineFailure(await run(argv), name, /missing <input>/u);
    expectOneLineFailure(await run([...argv, 'a.txt', 'b.txt']), name, /unexpected argument "b\.txt"/u);
    expectOneLineFailure(await run([...argv, '--frobnicate', '-']), name, new RegExp(`: unknown option "--frobnicate" \\(see parley ${name} --help\\)\\n$`, 'u'));
  });
});

describe('every command', () => {
  test('is covered by the contract cases (triage takes its query as arguments; inspect and mcp are servers and read no input file)', () => {
    const covered = new Set(contractCases.map(({ name }) => name));
    expect(commands.map((command) => command.path.join(' ')).filter((name) => !covered.has(name))).toEqual(['inspect', 'mcp', 'triage']);
  });

  test('--help and -h exit 0 with the help on stdout and nothing on stderr, for every command, before or after an input', async () => {
    for (const command of commands) {
      for (const argv of [[...command.path, '--help'], [...command.path, '-h'], [...command.path, '-', '--help']]) {
        const result = await run(argv);
        expect([result.code, result.err]).toEqual([0, '']);
        expect(result.out.startsWith(`parley ${command.path.join(' ')} — `)).toBe(true);
      }
    }
  });

  test('an option given twice takes its last value, as the README says', async () => {
    const result = await run(['check', 'tokens', '--format', 'json', '--format', 'pretty', '-'], { stdin: ['[INVOKE:coo|Capacity?]\n'] });
    expect([result.code, result.out]).toEqual([0, '✓ 1 token, no violations\n']);
  });

  test('the overview states the exit codes the contract tests hold commands to', async () => {
    const { out } = await run(['--help']);
    expect(out.replaceAll('\n', ' ')).toContain('Exit codes: 0 clean, 1 violations found, 2 usage, input or output error (one line on stderr), 141 standard output closed before the end');
  });
});

describe('whole-document commands', () => {
  test('refuse an input over the limit with one line that says the limit', { timeout: 180_000 }, async () => {
    const stdin = Array.from({ length: 17 }, () => 'a'.repeat(1024 * 1024));
    for (const [name, documentName] of [['check request', 'a request'], ['check negotiation', 'a structured response'], ['present', 'a reply'], ['check envelope', 'an envelope']] as const) {
      const result = await run([...name.split(' '), '-'], { stdin });
      expect(result.code).toBe(2);
      expect(result.err).toBe(`parley ${name}: standard input is too long: this command reads at most 16,777,216 characters as ${documentName}\n`);
    }
  });
});

describe('parley check reply --store', () => {
  const reply = ['check', 'reply', '--session', 'chat-1', '--no-disk', '-'];

  test('refuses anything but an existing Parley store with one line, and leaves it untouched', async () => {
    const foreign = join(directory, 'foreign.db');
    const { DatabaseSync } = await import('node:sqlite');
    const other = new DatabaseSync(foreign);
    other.exec('create table notes (body text)');
    other.close();
    for (const [path, pattern] of [
      [file('notes.txt', 'remember the milk\n'), /notes\.txt" is not a Parley task store/u],
      [file('empty.txt', ''), /empty\.txt" is not a Parley task store/u],
      [foreign, /foreign\.db" is not a Parley task store/u],
      [folder, /--store ".*folder" is a directory, not a Parley task store/u],
      [missing, /no task store at ".*nope\.txt"/u],
    ] as const) {
      const before = await snapshot();
      const result = await run(['check', 'reply', '--store', path, ...reply.slice(2)], { stdin: ['fine'] });
      expectOneLineFailure(result, 'check reply', pattern);
      expect(await snapshot()).toEqual(before);
    }
  });

  test('a check that reads a store leaves the store file byte for byte as it was', async () => {
    const { readFileSync } = await import('node:fs');
    const { createDispatcher } = await import('@parley/dispatch');
    const path = join(mkdtempSync(join(tmpdir(), 'parley-store-')), 'tasks.db');
    const store = createSqliteTaskStore({ path });
    await createDispatcher({ store }).dispatchTask({ ref: 'eda', title: 'EDA', agent: 'coding_agent', request: 'r' }, { id: 'p1', sessionId: 'chat-1' });
    await store.close();
    const before = readFileSync(path);
    const result = await run(['check', 'reply', '--store', path, ...reply.slice(2)], { stdin: ['已建立新任務 #f12d8d10 給 BA。'] });
    expect([result.code, result.err]).toEqual([1, '']);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test('refuses a store of an older or newer schema version instead of migrating it', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const { readFileSync } = await import('node:fs');
    for (const change of ['delete from parley_migrations where version = (select max(version) from parley_migrations)', 'insert into parley_migrations (version) values (99)']) {
      const path = join(mkdtempSync(join(tmpdir(), 'parley-store-')), 'tasks.db');
      await createSqliteTaskStore({ path }).close();
      const database = new DatabaseSync(path);
      database.exec(`pragma journal_mode = delete; ${change}`);
      database.close();
      const before = readFileSync(path);
      const result = await run(['check', 'reply', '--store', path, ...reply.slice(2)], { stdin: ['fine'] });
      expectOneLineFailure(result, 'check reply', /has another schema version .* never migrates/u);
      expect(readFileSync(path).equals(before)).toBe(true);
    }
  });
});

// The class behind every message defect: whatever the command line and input, `parley` ends
// with 0/1 and a silent stderr, or 2 and exactly one line naming the command, never a stack
// trace or an "unexpected error", and it never changes a file it was given.
describe('any command line', () => {
  const clean = file('clean.txt', 'All calm.\n');
  const utf16File = file('utf16.txt', utf16('[INVOKE:cfo|Runway?]\n', false));
  const notes = file('notes-kept.txt', 'remember the milk\n');
  /** Names built to break a one-line message or drive a terminal: a line feed, ANSI and C1 escapes, a bidi override, a very long name. */
  const hostileNames = [
    join(directory, 'a\nb\u001b]0;pwned\u0007.txt'),
    join(directory, '\u001b[2J\u009b31m\u202eevil\r.txt'),
    `${join(directory, 'long-')}${'x/'.repeat(400)}.txt`,
    '--\u001b[31m',
    '-\n',
  ];
  const hostileFile = file('model\u001b[31m-output\n.txt', 'Hey CFO, \u001b]0;pwned\u0007 ok?\n[INVOKE:CFO|\u009b31m\u202e?]\n[FILE: /x/\u001b[2J.csv] #deadbeef\r\n');
  const values = fc.constantFrom(
    'json', 'pretty', 'html', 'xml', 'validate', 'repair', 'enforce', 'critique', 'independent', 'en', 'zh-Hant', 'lots', '0', '5', '100', '3', '1e3', '0x20', '-1',
    'cro,cfo', 'abc123,,', 's', database, notes, missing, folder, '', ...hostileNames,
  );
  const inputs = fc.constantFrom('-', '-', '-', png, nul, latin1, utf32, missing, folder, clean, utf16File, database, hostileFile, ...hostileNames);
  /** A command with some of its own options (valid values or not) and, mostly, one input. */
  // `inspect` serves until interrupted (src/inspect-command.test.ts runs it as a process).
  const commandLine = fc.constantFrom(...commands.filter((command) => command.path[0] !== 'inspect')).chain((command) => {
    const options = Object.entries(command.options ?? {}).map(([name, option]) =>
      option.type === 'boolean' ? fc.constant([`--${name}`]) : values.map((value) => [`--${name}`, value]),
    );
    return fc.tuple(
      fc.array(fc.oneof(...options.map((arbitrary) => ({ arbitrary, weight: 4 })), fc.constant(['--help']), fc.constant(['--frob'])), { maxLength: 3 }),
      fc.oneof({ weight: 6, arbitrary: inputs.map((input) => [input]) }, { weight: 1, arbitrary: fc.array(fc.oneof(inputs, values), { maxLength: 3 }) }),
    ).map(([chosen, positionals]) => [...command.path, ...chosen.flat(), ...positionals]);
  });
  const argvs = fc.oneof({ weight: 9, arbitrary: commandLine }, { weight: 1, arbitrary: fc.array(fc.oneof(values, fc.constantFrom('check', 'frob', '--help', '--version', '-V')), { maxLength: 3 }) });
  /** Colour asked for, refused, or left to the terminal: JSON must never be coloured. */
  const environments = fc.constantFrom<Record<string, string>>({}, { FORCE_COLOR: '1' }, { NO_COLOR: '1' }, { FORCE_COLOR: '3', NO_COLOR: '' }, { TERM: 'dumb' });
  // eslint-disable-next-line no-control-regex -- the styler's escape sequences
  const ownColours = /\u001b\[(?:1|2|22|31|32|33|36|39)m/gu;
  const stdin = fc.oneof(
    fc.string({ maxLength: 40 }).map((text) => [text]),
    fc.array(hostileTerminalText, { maxLength: 4 }),
    fc.uint8Array({ maxLength: 24 }).map((bytes) => [bytes]),
    fc.constantFrom(['Hey CFO, can we afford it?\n[INVOKE:cfo|x?]'], ['[RESULT_START]**ok**[RESULT_END]'], ['已建立新任務 #f12d8d10 給 BA。']),
  );

  test('ends with 0 or 1 and nothing on stderr, or 2 and one line; never a stack or an unexpected error (fast-check)', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(argvs, stdin, environments, fc.boolean(), async (argv, input, env, tty) => {
        const io = createTestIo({ stdin: input, env, tty });
        const code = await runCli({ argv, io, version: '0' });
        expect([0, 1, 2]).toContain(code);
        if (code === 2) expect(io.err()).toMatch(/^parley(?: [a-z]+){0,2}: [^\n]+\n$/u);
        else expect(io.err()).toBe('');
        expect(io.err()).not.toMatch(/unexpected error|\n {2,}at /u);
        // The line never drives the terminal, whatever file name or option it quotes.
        expect(io.err().slice(0, -1)).not.toMatch(terminalControl);
        expect(io.err().length).toBeLessThanOrEqual(1001);
        if (code === 2 || argv.includes('--help') || argv.includes('-h')) return;
        // Machine output is one JSON document; human output never carries terminal controls.
        const format = outputFormat(argv);
        if (format === 'json') expect(() => JSON.parse(io.out())).not.toThrow();
        // (Colour, when the environment asks for it, is parley's own few codes, removed here.)
        if (format === 'pretty') expect(io.out().replaceAll(ownColours, '')).not.toMatch(terminalControlButLineFeed);
      }),
      { numRuns: 400 },
    );
    expect(await snapshot()).toEqual(before);
  });
});

/** The format a command line asks for (the last --format wins), or what the command writes by default. */
function outputFormat(argv: readonly string[]): string {
  const command = commands.find((candidate) => candidate.path.every((word, index) => argv[index] === word));
  const given = argv.flatMap((argument, index) => (argument === '--format' ? [argv[index + 1]] : argument.startsWith('--format=') ? [argument.slice(9)] : [])).at(-1);
  if (command === undefined) return 'text';
  if (command.path[0] === 'triage') return 'json';
  return given ?? String(command.options?.['format']?.default ?? 'text');
}

/** The contract directory's files and their bytes, to prove a check wrote nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  return Object.fromEntries(
    readdirSync(directory)
      .filter((name) => statSync(join(directory, name)).isFile() && name !== 'secret.txt')
      .map((name) => [name, readFileSync(join(directory, name)).toString('base64')]),
  );
}
