import { applyText } from '@parley/core';
import { guardTokensStream } from '@parley/tokens';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo, splitBytes } from './test-io';

/** Token-protocol text built to be hard: prose invocations, tokens cut anywhere, JSON escapes, astral characters. */
const hostileText = fc.string({
  unit: fc.constantFrom('[INVOKE:', 'CFO', 'cfo', 'cro', '|', ']', '?', '\n', 'Hey CFO, can we afford it?', ' ', '😀', '"', '\\', 'é', '\u2028', '[RESPONSE:cfo]', '[BLOCKED: ', '\t'),
  maxLength: 40,
});

async function check(argv: readonly string[], stdin: readonly (string | Uint8Array)[]) {
  const io = createTestIo({ stdin });
  const code = await runCli({ argv: ['check', 'tokens', ...argv, '-'], io, version: '0' });
  return { code, out: io.out(), err: io.err() };
}

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
    // Every package's violations print through core's formatViolation.
    expect(io.out()).toContain('R2 UPPERCASE_ROLE at 1:1: ');
    expect(io.out()).toContain('(fix: [INVOKE:cfo|x?])');
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

  test('the report lists at most --max-listed violations (1,000 by default) and counts the rest', async () => {
    const text = 'Hey CFO, can we afford it?\n'.repeat(1500);
    const byDefault = JSON.parse((await check([], [text])).out);
    expect(byDefault.violations).toHaveLength(1000);
    expect(byDefault.dropped).toEqual({ tokens: 0, violations: 500 });
    const capped = await check(['--max-listed', '10', '--format', 'pretty'], [text]);
    expect(capped.code).toBe(1);
    expect(capped.out.split('\n')[0]).toBe('✗ 1,500 violations, 0 tokens');
    expect(capped.out).toContain('… and 1,490 more violations not listed (--max-listed 10)');
    expect(capped.out.match(/PROSE_INVOCATION/gu)).toHaveLength(10);
    const none = JSON.parse((await check(['--max-listed', '0'], [text])).out);
    expect(none).toMatchObject({ ok: false, violations: [], dropped: { violations: 1500 } });
    expect((await check(['--max-listed', 'lots'], [text])).err).toBe('parley check tokens: --max-listed must be a whole number from 0 to 999,999,999,999,999\n');
  });

  test('tokens are capped too', async () => {
    const report = JSON.parse((await check(['--max-listed', '3'], ['[INVOKE:coo|Capacity?]\n'.repeat(8)])).out);
    expect(report.tokens).toHaveLength(3);
    expect(report.dropped).toEqual({ tokens: 5, violations: 0 });
  });

  // The invariants: the report is a function of the text alone (not of how the bytes arrive), the
  // cap keeps a prefix of the uncapped lists and counts the rest, and the streamed "output" is
  // exactly what the library's session produces for the whole text.
  test('report and streamed output are chunk-invariant, capped to a prefix, and equal the library (fast-check)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.constantFrom('validate', 'repair', 'enforce'),
        fc.nat(4),
        fc.array(fc.nat(200), { maxLength: 6 }),
        async (text, mode, maxListed, offsets) => {
          const argv = ['--mode', mode, '--chain', 'cro,cfo'];
          const whole = await check([...argv, '--max-listed', '100000'], [text]);
          const split = await check([...argv, '--max-listed', String(maxListed)], splitBytes(new TextEncoder().encode(text), offsets));
          const full = JSON.parse(whole.out);
          const capped = JSON.parse(split.out);
          expect(split.code).toBe(whole.code);
          expect(capped.ok).toBe(full.ok);
          expect(capped.violations).toEqual(full.violations.slice(0, maxListed));
          expect(capped.tokens).toEqual(full.tokens.slice(0, maxListed));
          expect(capped.dropped).toEqual({ tokens: Math.max(0, full.tokens.length - maxListed), violations: Math.max(0, full.violations.length - maxListed) });
          if (mode === 'validate') expect(capped).not.toHaveProperty('output');
          else expect(capped.output).toBe(applyText(guardTokensStream({ mode, chain: ['cro', 'cfo'] }), text));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the reported shape: input that turns binary after output began still leaves one JSON document', async () => {
    const text = 'Hey CFO, can we afford it?\n'.repeat(3);
    const result = await check(['--mode', 'repair'], [text, Uint8Array.of(0xff)]);
    expect(result.code).toBe(2);
    const document = JSON.parse(result.out);
    expect(document.error).toEqual({ code: 'INPUT_ENCODING', message: `cannot read standard input: not UTF-8 text (an invalid byte sequence) at byte offset ${text.length}` });
    expect(document.output.length).toBeGreaterThan(0);
    expect(applyText(guardTokensStream({ mode: 'repair' }), text).startsWith(document.output)).toBe(true);
    expect(result.err).toBe(`parley check tokens: cannot read standard input: not UTF-8 text (an invalid byte sequence) at byte offset ${text.length}\n`);
  });

  // The class: whatever the input (text, bytes that are not text, at any place) and however it is
  // split, stdout is exactly one JSON document — the report (exit 0/1) or, when the input fails,
  // the output so far and the error (exit 2, when output had begun) — and nothing else.
  test('stdout is one JSON document whatever the bytes and their chunking, also when the input fails midway (fast-check)', { timeout: 180_000 }, async () => {
    const bad = fc.constantFrom(Uint8Array.of(0xff), Uint8Array.of(0), Uint8Array.of(0xed, 0xa0, 0x80), Uint8Array.of(0xe2, 0x82));
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.option(fc.tuple(bad, hostileText), { nil: undefined }),
        fc.constantFrom('validate', 'repair', 'enforce'),
        fc.array(fc.nat(200), { maxLength: 6 }),
        async (text, failure, mode, offsets) => {
          const encoder = new TextEncoder();
          const bytes = failure === undefined ? encoder.encode(text) : Uint8Array.from([...encoder.encode(text), ...failure[0], ...encoder.encode(failure[1])]);
          const result = await check(['--mode', mode, '--max-listed', '1'], splitBytes(bytes, offsets));
          if (result.code === 2) {
            expect(result.err).toMatch(/^parley check tokens: cannot read standard input: [^\n]+ at byte offset \d+\n$/u);
            if (result.out === '') return;
            const document = JSON.parse(result.out);
            expect(Object.keys(document)).toEqual(['output', 'error']);
            expect(applyText(guardTokensStream({ mode: mode as 'repair' }), text).startsWith(document.output)).toBe(true);
          } else {
            expect(failure).toBeUndefined();
            expect(Object.keys(JSON.parse(result.out))).toEqual([...(mode === 'validate' ? [] : ['output']), 'ok', 'tokens', 'violations', 'dropped']);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
