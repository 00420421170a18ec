import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const token = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;

describe('parley redact', () => {
  test('streams stdin to stdout redacted, even with the secret split across reads', async () => {
    const io = createTestIo({ stdin: ['deploy with ', token.slice(0, 9), token.slice(9), ' and go\n'] });
    expect(await runCli({ argv: ['redact', '-'], io, version: '0' })).toBe(0);
    expect(io.out()).toBe('deploy with <REDACTED:GITHUB_TOKEN> and go\n');
    expect(io.err()).toBe('');
  });

  test('--report writes one JSON line per secret to stderr, offsets in the input', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-redact-'));
    const file = join(directory, 'agent.log');
    writeFileSync(file, `a ${token}\nb ${token}\n`);
    const io = createTestIo();
    expect(await runCli({ argv: ['redact', '--report', file], io, version: '0' })).toBe(0);
    expect(io.out()).toBe('a <REDACTED:GITHUB_TOKEN>\nb <REDACTED:GITHUB_TOKEN>\n');
    expect(io.err().trim().split('\n').map((line) => JSON.parse(line))).toEqual([
      { type: 'GITHUB_TOKEN', start: 2, end: 42 },
      { type: 'GITHUB_TOKEN', start: 45, end: 85 },
    ]);
  });

  test('needs exactly one input', async () => {
    const missing = createTestIo();
    expect(await runCli({ argv: ['redact'], io: missing, version: '0' })).toBe(2);
    expect(missing.err()).toBe('parley redact: missing <input> (a file path, or - for standard input)\n');
    expect(await runCli({ argv: ['redact', 'a', 'b'], io: createTestIo(), version: '0' })).toBe(2);
  });
});
