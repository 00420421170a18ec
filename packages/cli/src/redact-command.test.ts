import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

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

  describe('--config <file.toml>', () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-redact-config-'));
    const write = (name: string, text: string): string => {
      const file = join(directory, name);
      writeFileSync(file, text);
      return file;
    };
    const config = write(
      'rules.toml',
      [
        'title = "team"',
        '[extend]',
        'useDefault = true',
        '[allowlist]',
        "stopwords = ['placeholder']",
        '[[rules]]',
        'id = "acme-api-key"',
        "regex = '''(?i)\\b(acme_(?:live|test)_[a-z0-9]{24})(?:['\"\\s;]|$)'''",
        'keywords = ["acme_live_", "acme_test_"]',
        '[[rules]]',
        'id = "widget-secret"',
        "regex = '''widget[\\w.-]{0,20}\\s{0,3}=\\s{0,3}([a-z0-9]{32})'''",
        'secretGroup = 1',
        'entropy = 3.0',
        'keywords = ["widget"]',
        '[[rules.allowlists]]',
        "regexes = ['''^0{8}''']",
        '',
      ].join('\n'),
    );

    test('adds the rules of a gitleaks-style TOML file, streaming, with --report', async () => {
      const text = 'key acme_live_abcdefghijklmnopqrstuvwx;\nwidget_key = k8zt3vn1xr7blk2mwp9sq4df6gh8jl0a\nwidget_key = 00000000aabbccddeeffgghhiijjkkll\n';
      const io = createTestIo({ stdin: [text.slice(0, 10), text.slice(10, 60), text.slice(60)] });
      expect(await runCli({ argv: ['redact', '--config', config, '--report', '-'], io, version: '0' })).toBe(0);
      expect(io.out()).toBe('key <REDACTED:ACME_API_KEY>;\nwidget_key = <REDACTED:WIDGET_SECRET>\nwidget_key = 00000000aabbccddeeffgghhiijjkkll\n');
      expect(io.err().trim().split('\n').map((line) => JSON.parse(line).type)).toEqual(['ACME_API_KEY', 'WIDGET_SECRET']);
    });

    test.each([
      ['not TOML', 'rules = [', /^parley redact: ".*bad-0\.toml" is not valid TOML \(line 1, column \d+\): .+\n$/u],
      ['an unsafe regex', '[[rules]]\nid = "slow"\nregex = "(a+)+b"\n', /^parley redact: ".*bad-1\.toml": rule "slow", regex: it can take exponential time .*\n$/u],
      ['an unknown field', '[[rules]]\nid = "x"\nregex = "x"\nseverity = "high"\n', /^parley redact: ".*bad-2\.toml": rule "x", severity: is not a gitleaks rule field .*\n$/u],
      ['a Go-only construct', '[[rules]]\nid = "u"\nregex = \'\\pL+\'\n', /^parley redact: ".*bad-3\.toml": rule "u", regex: Unicode classes .*\n$/u],
    ])('a config with %s exits 2 with one line', async (_name, text, line) => {
      const index = ['not TOML', 'an unsafe regex', 'an unknown field', 'a Go-only construct'].indexOf(_name);
      const file = write(`bad-${index}.toml`, text);
      const io = createTestIo({ stdin: ['text'] });
      expect(await runCli({ argv: ['redact', '--config', file, '-'], io, version: '0' })).toBe(2);
      expect(io.err()).toMatch(line);
      expect(io.err().trim().split('\n')).toHaveLength(1);
      expect(io.out()).toBe('');
    });

    test('a missing config exits 2', async () => {
      const io = createTestIo({ stdin: ['text'] });
      expect(await runCli({ argv: ['redact', '--config', join(directory, 'nope.toml'), '-'], io, version: '0' })).toBe(2);
      expect(io.err()).toMatch(/^parley redact: cannot read the rules config ".*nope\.toml": ENOENT\n$/u);
    });
  });

  describe('--allow-marker', () => {
    test('is off by default: the marker does not exempt a line', async () => {
      const io = createTestIo({ stdin: [`fixture ${token} # parley:allow\n`] });
      expect(await runCli({ argv: ['redact', '-'], io, version: '0' })).toBe(0);
      expect(io.out()).toBe('fixture <REDACTED:GITHUB_TOKEN> # parley:allow\n');
    });

    test('leaves lines carrying parley:allow as they are', async () => {
      const io = createTestIo({ stdin: [`fixture ${token} # parley:`, `allow\nreal ${token}\n`] });
      expect(await runCli({ argv: ['redact', '--allow-marker', '-'], io, version: '0' })).toBe(0);
      expect(io.out()).toBe(`fixture ${token} # parley:allow\nreal <REDACTED:GITHUB_TOKEN>\n`);
    });
  });

  describe('--list-rules', () => {
    test('prints one rule per line for people, coloured on a terminal', async () => {
      const io = createTestIo();
      expect(await runCli({ argv: ['redact', '--list-rules'], io, version: '0' })).toBe(0);
      const lines = io.out().trim().split('\n');
      expect(lines.find((line) => line.startsWith('aws-access-key-id '))).toMatch(/^aws-access-key-id +AWS_ACCESS_KEY_ID +AWS: .+ {2}https:\/\/docs\.aws\.amazon\.com\//u);
      expect(lines.at(-1)).toMatch(/^\d+ rules$/u);
      const coloured = createTestIo({ env: { FORCE_COLOR: '1' } });
      await runCli({ argv: ['redact', '--list-rules'], io: coloured, version: '0' });
      expect(coloured.out()).toContain('\u001b[1maws-access-key-id');
    });

    test('--json prints the rules as a JSON array', async () => {
      const io = createTestIo();
      expect(await runCli({ argv: ['redact', '--list-rules', '--json'], io, version: '0' })).toBe(0);
      const rules = JSON.parse(io.out()) as Array<Record<string, string>>;
      expect(rules.length).toBeGreaterThan(80);
      expect(rules.find((rule) => rule.id === 'github-classic-token')).toMatchObject({ type: 'GITHUB_TOKEN', provider: 'GitHub' });
      expect(Object.keys(rules[0] ?? {})).toEqual(['id', 'type', 'provider', 'description', 'docs']);
    });

    test('takes no input, and --json alone is refused', async () => {
      const withInput = createTestIo();
      expect(await runCli({ argv: ['redact', '--list-rules', 'file'], io: withInput, version: '0' })).toBe(2);
      expect(withInput.err()).toBe('parley redact: --list-rules reads no input; leave out the <input>\n');
      const jsonAlone = createTestIo();
      expect(await runCli({ argv: ['redact', '--json', '-'], io: jsonAlone, version: '0' })).toBe(2);
    });
  });
});
