import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { readInput } from './read-input';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';
import { UsageError } from './usage-error';

/** A check command shaped like the real ones: reads an input, prints JSON, exits 1 on findings. */
const countCommand: Command = {
  path: ['check', 'shouting'],
  summary: 'Find words in capitals.',
  arguments: '<input>',
  options: { format: { type: 'string', valueName: '<json|text>', description: 'Output format.', default: 'json' } },
  examples: ['parley check shouting reply.txt'],
  async run({ positionals, io, values, style }) {
    const [path] = positionals;
    if (path === undefined) throw new UsageError({ message: 'missing <input> (a file path, or - for stdin)' });
    let text = '';
    for await (const chunk of await readInput(path, io)) text += chunk;
    const shouted = text.match(/\b[A-Z]{2,}\b/g) ?? [];
    if (values['format'] === 'text') io.stdout.write(`${style('red', String(shouted.length))} shouted\n`);
    else io.stdout.write(`${JSON.stringify({ violations: shouted })}\n`);
    return shouted.length > 0 ? ExitCode.Violations : ExitCode.Clean;
  },
};
const lintCommand: Command = { ...countCommand, path: ['check', 'lint'], summary: 'Another check.' };
const commands = [countCommand, lintCommand];

const run = async (argv: string[], io = createTestIo()) => ({ code: await runCli({ argv, io, version: '1.2.3', commands }), io });

describe('parley', () => {
  test('--version prints the version', async () => {
    const { code, io } = await run(['--version']);
    expect(code).toBe(0);
    expect(io.out()).toBe('1.2.3\n');
  });

  test('--help and no arguments list the commands', async () => {
    for (const argv of [['--help'], [], ['-h']]) {
      const { code, io } = await run(argv);
      expect(code).toBe(0);
      expect(io.out()).toContain('check shouting');
      expect(io.out()).toContain('Exit codes: 0 clean, 1 violations found');
    }
  });

  test('a group lists its subcommands with --help, and asks for one without', async () => {
    const help = await run(['check', '--help']);
    expect(help.code).toBe(0);
    expect(help.io.out()).toContain('Usage: parley check <command>');
    const bare = await run(['check']);
    expect(bare.code).toBe(2);
    expect(bare.io.err()).toBe('parley: "check" needs a subcommand: shouting, lint (see parley check --help)\n');
  });

  test('every command has --help', async () => {
    const { code, io } = await run(['check', 'shouting', '--help']);
    expect(code).toBe(0);
    expect(io.out()).toContain('Usage: parley check shouting [options] <input>');
    expect(io.out()).toContain('--format <json|text>');
    expect(io.out()).toContain('$ parley check shouting reply.txt');
  });

  test('unknown commands and options exit 2 with one line on stderr', async () => {
    for (const argv of [['frobnicate'], ['--frob'], ['check', 'shouting', '--frob', 'x']]) {
      const { code, io } = await run(argv);
      expect(code).toBe(ExitCode.Usage);
      expect(io.err().trimEnd().split('\n')).toHaveLength(1);
      expect(io.out()).toBe('');
    }
  });

  test('reads stdin with -, prints JSON, and exits 1 on violations and 0 when clean', async () => {
    const dirty = await run(['check', 'shouting', '-'], createTestIo({ stdin: ['please STOP', ' now'] }));
    expect(dirty.code).toBe(1);
    expect(JSON.parse(dirty.io.out())).toEqual({ violations: ['STOP'] });
    const clean = await run(['check', 'shouting', '-'], createTestIo({ stdin: ['all calm'] }));
    expect(clean.code).toBe(0);
  });

  test('reads files, and reports unreadable ones as usage errors', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-cli-'));
    const file = join(directory, 'reply.txt');
    writeFileSync(file, 'HELLO there');
    expect((await run(['check', 'shouting', file])).code).toBe(1);
    const missing = await run(['check', 'shouting', join(directory, 'nope.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.io.err()).toMatch(/^parley check shouting: cannot read ".*nope\.txt": no such file\n$/);
    const folder = await run(['check', 'shouting', directory]);
    expect(folder.io.err()).toContain('it is a directory');
  });

  test('colours text output only on a terminal, and never with NO_COLOR', async () => {
    const argv = ['check', 'shouting', '--format', 'text', '-'];
    const piped = await run(argv, createTestIo({ stdin: ['NO'] }));
    expect(piped.io.out()).toBe('1 shouted\n');
    const terminal = await run(argv, createTestIo({ stdin: ['NO'], tty: true }));
    expect(terminal.io.out()).toBe('\u001b[31m1\u001b[39m shouted\n');
    const noColor = await run(argv, createTestIo({ stdin: ['NO'], tty: true, env: { NO_COLOR: '1' } }));
    expect(noColor.io.out()).toBe('1 shouted\n');
  });

  test('NO_COLOR counts only when not empty; FORCE_COLOR=0 or false turns colour off, anything else on', async () => {
    const argv = ['check', 'shouting', '--format', 'text', '-'];
    const coloured = '\u001b[31m1\u001b[39m shouted\n';
    const cases: ReadonlyArray<readonly [Record<string, string>, boolean, string]> = [
      [{ NO_COLOR: '' }, true, coloured],
      [{ FORCE_COLOR: '0' }, true, '1 shouted\n'],
      [{ FORCE_COLOR: 'false' }, true, '1 shouted\n'],
      [{ FORCE_COLOR: '1' }, false, coloured],
      [{ FORCE_COLOR: '' }, false, coloured],
      [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, coloured],
      [{ TERM: 'dumb' }, true, '1 shouted\n'],
    ];
    for (const [env, tty, expected] of cases) {
      expect((await run(argv, createTestIo({ stdin: ['NO'], tty, env }))).io.out()).toBe(expected);
    }
  });

  test('turns an unexpected crash into exit 2 and one line', async () => {
    const crashing: Command = {
      path: ['crash'],
      summary: 'Crashes.',
      run: () => Promise.reject(new TypeError('cannot read properties of undefined\n    at somewhere')),
    };
    const io = createTestIo();
    expect(await runCli({ argv: ['crash'], io, version: '0', commands: [crashing] })).toBe(2);
    expect(io.err()).toBe('parley crash: unexpected error: cannot read properties of undefined (a bug in parley: please report it with the output of PARLEY_DEBUG=1)\n');
  });
});
