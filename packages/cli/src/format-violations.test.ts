// One vocabulary (issue 17): every check command prints every package's violations the same way —
// through core's formatViolation in pretty mode, and as one JSON shape {rule, code, message, line?,
// column?, path?, fix?, …} — whatever the input.
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatViolations, violationJson } from './format-violations';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const plain = (_format: string, text: string): string => text;

/** Each check command, with input that breaks its rules. */
const commands = [
  { argv: ['check', 'tokens'], input: 'Hey CFO, can we afford it?\n[INVOKE:CFO|x?]\n' },
  { argv: ['check', 'envelope'], input: '```yaml\nstatus: nope\nsummary: 7\n```\nthanks!\n' },
  { argv: ['check', 'negotiation'], input: '## Findings\n- a\nConfidence: SURE\n' },
  { argv: ['check', 'reply', '--no-disk', '--dispatched', 'abcdef12'], input: '已派工，任務編號：#9f3e2a71\n報告已生成\n' },
  { argv: ['check', 'request'], input: 'OK' },
] as const;

const run = async (argv: readonly string[], input: string): Promise<{ code: number; out: string }> => {
  const io = createTestIo({ stdin: [input] });
  const code = await runCli({ argv: [...argv, '-'], io, version: '0' });
  return { code, out: io.out() };
};

/** A violation line of a pretty report: `  <RULE> <CODE>[ at <where>]: <message>[ (fix: …)]`, checked up to the message. */
const prettyLine = /^ {2}[A-Z][A-Z0-9]* [A-Z][A-Z0-9_]*(?: at |: )/u;

describe('formatViolations and violationJson', () => {
  test('the exact shapes: a token violation with a fix, an envelope one with a path, a dispatch one with a task id', () => {
    const token = { rule: 'R2', code: 'UPPERCASE_ROLE', message: 'Role tokens are lowercase.', line: 1, column: 9, fix: '[INVOKE:cfo|x?]' } as const;
    const envelope = { rule: 'SCHEMA', code: 'SCHEMA_INVALID_TYPE', message: 'Expected string.', path: 'summary' } as const;
    const dispatch = { rule: 'P0', code: 'HALLUCINATED_DISPATCH', message: 'No such task.', taskId: '9f3e2a71', line: 1 } as const;
    expect(formatViolations([token, envelope, dispatch], plain, { clean: 'fine' })).toBe(
      [
        '✗ 3 violations',
        '  R2 UPPERCASE_ROLE at 1:9: Role tokens are lowercase. (fix: [INVOKE:cfo|x?])',
        '  SCHEMA SCHEMA_INVALID_TYPE at summary: Expected string.',
        '  P0 HALLUCINATED_DISPATCH at line 1: No such task.',
        '',
      ].join('\n'),
    );
    expect(Object.keys(violationJson(dispatch))).toEqual(['rule', 'code', 'message', 'line', 'taskId']);
    expect(Object.keys(violationJson(token))).toEqual(['rule', 'code', 'message', 'line', 'column', 'fix']);
    expect(formatViolations([], plain, { clean: 'fine' })).toBe('✓ fine\n');
  });

  test('a fix over several lines and control characters stay on one escaped line', () => {
    const out = formatViolations([{ rule: 'R3', code: 'WRONG_CLOSE', message: 'bad\u001b[2J', fix: '[RESPONSE:cfo]\n[/RESPONSE]' }], plain, { clean: '' });
    expect(out.split('\n')[1]).toBe('  R3 WRONG_CLOSE: bad\\x1b[2J (fix: [RESPONSE:cfo]\\n[/RESPONSE])');
  });

  test.each(commands)('$argv.1: JSON violations start rule, code, message; pretty lines are formatViolation\'s', async ({ argv, input }) => {
    const json = await run(argv, input);
    expect(json.code).toBe(1);
    const { violations } = JSON.parse(json.out) as { violations: Array<Record<string, unknown>> };
    expect(violations.length).toBeGreaterThan(0);
    for (const violation of violations) {
      expect(Object.keys(violation).slice(0, 3)).toEqual(['rule', 'code', 'message']);
      expect(violation['rule']).toMatch(/^[A-Z][A-Z0-9]*$/u);
    }
    const pretty = await run([...argv, '--format', 'pretty'], input);
    expect(pretty.code).toBe(1);
    const lines = pretty.out.trimEnd().split('\n').slice(1);
    expect(lines).toHaveLength(violations.length);
    for (const line of lines) expect(line).toMatch(prettyLine);
  });

  test('property: for any mix of breaking pieces, every command\'s pretty report is one formatViolation line per JSON violation (150 inputs)', { timeout: 180_000 }, async () => {
    const piece = fc.constantFrom('Hey CFO, ', '[INVOKE:CFO|x?]', '```yaml\n', '```\n', 'status: ok\n', '## Findings\n', '- a\n', 'Confidence: HIGH\n', '任務編號：#9f3e2a71', '報告已生成', '[FILE: /x.csv]', 'OK', '\n', ' ');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands), fc.array(piece, { maxLength: 10 }), async ({ argv }, pieces) => {
        const input = pieces.join('');
        const json = await run(argv, input);
        const { violations } = JSON.parse(json.out) as { violations: Array<Record<string, unknown>> };
        const pretty = await run([...argv, '--format', 'pretty'], input);
        expect(pretty.code).toBe(json.code);
        const lines = pretty.out.trimEnd().split('\n').slice(1);
        expect(lines).toHaveLength(violations.length);
        lines.forEach((line, index) => {
          expect(line).toMatch(prettyLine);
          expect(line.startsWith(`  ${String(violations[index]?.['rule'])} ${String(violations[index]?.['code'])}`)).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });
});
