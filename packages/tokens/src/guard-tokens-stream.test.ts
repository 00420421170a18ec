import { applyText } from '@parley/core';
import { type EditReaders, expectChunkInvariant, expectLossless, runChunks, splitAt, type TextEdit } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { barredScenarios, offsets, placed, type RoutedCall, routableCalls, spelledCall } from './__fixtures__/calls';
import { checkTokens } from './check-tokens';
import { type GuardEdit, type GuardTokensEvents, guardTokensStream } from './guard-tokens-stream';

const run = (text: string, options: Parameters<typeof guardTokensStream>[0]) => runChunks(guardTokensStream(options), [text], { streamId: 's' });

describe('guardTokensStream', () => {
  test('validate mode passes text through unchanged', () => {
    const text = 'Hey CFO, money?\n[INVOKE:CFO|x?]\n';
    expect(applyText(guardTokensStream({ mode: 'validate' }), text)).toBe(text);
  });

  test('repair fixes case, aliases, the INVOKE form and a missing pipe, and reports each change', () => {
    const text = ['[invoke:cfo|Runway?]', '[INVOKE:CFO|Runway?]', '[INVOKE:finance|Runway?]', 'INVOKE cfo: Runway?', '[INVOKE:cfo Runway?]', 'Hey CFO, runway?', ''].join('\n');
    const result = run(text, { mode: 'repair' });
    expect(result.output).toBe(['[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', 'Hey CFO, runway?', ''].join('\n'));
    expect(result.events.filter(({ name }) => name === 'repair').map(({ event }) => (event as { code: string }).code)).toEqual(['TOKEN_CASE', 'UPPERCASE_ROLE', 'UNKNOWN_ROLE', 'INVOKE_FORM', 'MISSING_PIPE']);
    // Prose that addresses an agent is reported, not rewritten: turning it into a call is not a matter of form.
    expect(result.events.filter(({ name }) => name === 'violation').map(({ event }) => (event as { code: string }).code)).toEqual(['PROSE_INVOCATION']);
  });

  test('repair fixes a response: its role, the confidence case, [END], and a block left open', () => {
    const text = ['[RESPONSE:CFO]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: Medium', 'Caveat: z', '[END]', '[RESPONSE:cfo]', 'Key finding: a', 'Supporting data:', '- b', 'Confidence: low', 'Caveat: c'].join('\n');
    const result = run(text, { mode: 'repair' });
    expect(result.output).toBe(['[RESPONSE:cfo]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: medium', 'Caveat: z', '[/RESPONSE]', '[RESPONSE:cfo]', 'Key finding: a', 'Supporting data:', '- b', 'Confidence: low', 'Caveat: c', '[/RESPONSE]'].join('\n'));
    expect(checkTokens(result.output).violations).toEqual([]);
    expect(result.events.filter(({ name }) => name === 'response')).toHaveLength(2);
  });

  test('enforce replaces a barred INVOKE with BLOCKED + ASSUMPTION before it goes out', () => {
    const result = run("[INVOKE:cro|What's the committed pipeline this quarter?]\n", { mode: 'enforce', chain: ['cro', 'cfo'] });
    expect(result.output).toBe(
      "[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\n[ASSUMPTION: no answer to \"What's the committed pipeline this quarter?\" — not verified with cro]\n",
    );
    expect(result.events.map(({ name }) => name)).toEqual(['block', 'blocked', 'assumption']);
    expect(checkTokens(result.output, { chain: ['cro', 'cfo'] }).violations).toEqual([]);
  });

  test('enforce blocks any INVOKE in the independent-analysis and critique phases', () => {
    for (const phase of ['independent', 'critique'] as const) {
      const result = run('[INVOKE:cfo|Runway?]', { mode: 'enforce', phase });
      expect(result.output).toMatch(/^\[BLOCKED: cannot invoke cfo — no invocations in the (independent-analysis|critique) phase.*\]\n\[ASSUMPTION: no answer to "Runway\?" — not verified with cfo\]$/);
    }
  });

  test('repair and enforce are chunk-invariant, and hold back only the current line', () => {
    const text = ['[INVOKE:CFO|Runway?]', '[RESPONSE:cfo]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: High', 'Caveat: z', '[END]', '[INVOKE:cro|Pipeline?]', 'prose line'].join('\n');
    expectChunkInvariant(guardTokensStream({ mode: 'repair' }), text, { randomChunkings: 40 });
    expectChunkInvariant(guardTokensStream({ mode: 'enforce', chain: ['cro', 'cfo'] }), text, { randomChunkings: 40 });
    const session = guardTokensStream({ mode: 'repair' }).open();
    expect(session.write('hello\nwor')).toBe('hello\n');
    expect(session.write('ld\n')).toBe('world\n');
    expect(session.write('x'.repeat(5000))).toBe('x'.repeat(5000));
  });
});

describe('one normal form: the guard decides on the call a lenient reader sees', () => {
  test('the reported shapes: prose before a barred call, a self-call in lower case, a foreign RESPONSE', () => {
    const self = run('Quick question: [INVOKE:cfo|burn?]\n', { mode: 'enforce', chain: ['cfo'] });
    expect(self.output).toBe('[BLOCKED: cannot invoke cfo — self-invocation not allowed]\n[ASSUMPTION: no answer to "burn?" — not verified with cfo]\n');
    expect(checkTokens('Quick question: [INVOKE:cfo|burn?]', { chain: ['cfo'] }).violations.map(({ code }) => code)).toEqual(['TEXT_BEFORE_TOKEN', 'SELF_INVOCATION']);
    expect(run('Quick question: [INVOKE:cro|pipeline?]\n', { mode: 'enforce', chain: ['cro', 'cfo'] }).output).toMatch(/^\[BLOCKED: cannot invoke cro — circular call/);
    expect(run('So: [INVOKE:chro|comp?] thanks\n', { mode: 'enforce', chain: ['cro', 'cfo', 'coo'] }).output).toMatch(/^\[BLOCKED: cannot invoke chro — chain already at depth 2/);
    const lower = run('[invoke:CFO|burn?]\n', { mode: 'enforce', chain: ['cfo'] });
    expect(lower.output).toBe('[BLOCKED: cannot invoke cfo — self-invocation not allowed]\n[ASSUMPTION: no answer to "burn?" — not verified with cfo]\n');
    expect(lower.events.find(({ name }) => name === 'block')?.event).toMatchObject({ code: 'SELF_INVOCATION', start: 0, end: 18, before: '[invoke:CFO|burn?]' });
    const foreign = checkTokens('[RESPONSE:cmo]\nKey finding: x\nSupporting data:\n- y\nConfidence: low\nCaveat: z\n[/RESPONSE]', { chain: ['cro', 'cfo'] });
    expect(foreign.violations).toMatchObject([{ rule: 'R3', code: 'RESPONSE_ROLE', line: 1, fix: '[RESPONSE:cfo]' }]);
  });

  test('spaces, any case and fullwidth forms inside the brackets are read and repaired', () => {
    const text = '[ invoke : CFO |Runway?]\nok [ＩＮＶＯＫＥ：ｃｆｏ｜Runway?］\n';
    const result = run(text, { mode: 'repair' });
    expect(result.output).toBe('[INVOKE:cfo|Runway?]\nok [INVOKE:cfo|Runway?]\n');
    expect(result.events.filter(({ name }) => name === 'repair').map(({ event }) => event)).toMatchObject([
      { code: 'TOKEN_FORM', start: 0, end: 24 },
      { code: 'TOKEN_FORM', start: 25, end: 25 + 'ok [ＩＮＶＯＫＥ：ｃｆｏ｜Runway?］'.length },
    ]);
    expect(result.events.filter(({ name }) => name === 'invoke')).toHaveLength(2);
  });

  test('a barred call inside a RESPONSE, a second call on a line, and a quoted call in the question are all blocked', () => {
    const inside = run('[RESPONSE:cfo]\nKey finding: ask [INVOKE:cro|x]\n[/RESPONSE]\n', { mode: 'enforce', chain: ['cro', 'cfo'] });
    expect(routableCalls(inside.output)).toEqual([]);
    const second = run('[INVOKE:coo|fine] and [INVOKE:cro|barred]\n', { mode: 'enforce', chain: ['cro', 'cfo'] });
    expect(second.output).toBe('[INVOKE:coo|fine] and \n'.replace(' and \n', '\n') + '[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\n[ASSUMPTION: no answer to "barred" — not verified with cro]\n');
    const quoted = run('[INVOKE:cro|see [INVOKE:cfo|x]]\n', { mode: 'enforce', chain: ['cro', 'cfo'] });
    expect(routableCalls(quoted.output)).toEqual([]);
  });

  test('a barred call on a line too long to hold is blocked as it streams, the rest of its line replaced', () => {
    const text = `${'a'.repeat(50)} [invoke:cfo|burn? ${'b'.repeat(300)}\r\nnext\n`;
    const result = run(text, { mode: 'enforce', chain: ['cfo'], maxLineLength: 20 });
    expect(routableCalls(result.output)).toEqual([]);
    expect(result.output.startsWith(`${'a'.repeat(50)} \n[BLOCKED: cannot invoke cfo — self-invocation not allowed]\n`)).toBe(true);
    expect(result.output.endsWith('\r\nnext\n')).toBe(true);
    expectLossless(guardTokensStream({ mode: 'enforce', chain: ['cfo'], maxLineLength: 20 }), text, { events: editReaders, everySplit: false, randomChunkings: 30 });
  });

  for (const scenario of barredScenarios) {
    test(`enforce never lets out a call barred by ${scenario.name}, in any spelling, place and chunking (fast-check)`, { timeout: 180_000 }, () => {
      const speaker = scenario.chain.at(-1) ?? 'cfo';
      const input = placed(spelledCall(scenario.kind, scenario.role), speaker).chain((text) => fc.tuple(fc.constant(text), offsets(text), fc.constantFrom(undefined, 24)));
      fc.assert(
        fc.property(input, ([text, cuts, maxLineLength]) => {
          // In an isolation phase no call may go out at all; otherwise none to the barred role.
          const isolated = scenario.phase !== 'open';
          const barred = (call: RoutedCall): boolean => call.kind === scenario.kind && (isolated || call.role === scenario.role);
          expect(routableCalls(text).some(barred)).toBe(true);
          const guard = guardTokensStream({ mode: 'enforce', chain: scenario.chain, phase: scenario.phase, ...(maxLineLength === undefined ? {} : { maxLineLength }) });
          const { output } = runChunks(guard, splitAt(text, cuts), { streamId: 's' });
          expect(routableCalls(output).filter(barred)).toEqual([]);
        }),
        { numRuns: 300 },
      );
    });
  }
});

/** The guard's events read as edits of the input; each one's `before` must be the input's text there. */
const edit = (event: GuardEdit, input: string): TextEdit => {
  if (event.before !== '' && input.slice(event.start, event.end) !== event.before) throw new Error(`the event's before ${JSON.stringify(event.before)} is not the input at ${event.start}..${event.end}`);
  return { start: event.start, end: event.end, replacement: event.after };
};
const editReaders: EditReaders<GuardTokensEvents> = { repair: edit, block: edit };

const documentLine = fc.oneof(
  spelledCall('invoke', 'cfo'),
  spelledCall('invoke', 'cro'),
  spelledCall('broadcast', 'all'),
  fc.constantFrom(
    '[RESPONSE:CFO]',
    '[ response : cfo ]',
    'Key finding: x',
    'Supporting data:',
    '- y',
    'Confidence: Medium',
    'Caveat: z',
    '[END]',
    '[/RESPONSE]',
    'INVOKE cfo: runway?',
    '[INVOKE:finance|Runway?]',
    '[INVOKE:cfo Runway?]',
    '[CHAIN: cro -> cfo]',
    'Hey CFO, runway?',
    '',
    '   ',
    'x'.repeat(70),
    `see [INVOKE:cro|${'q'.repeat(60)}]`,
  ),
);
const document = fc.tuple(fc.array(documentLine, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([lines, newline, closed]) => lines.join(newline) + (closed ? newline : ''));
const guardOptions = fc.record({
  mode: fc.constantFrom('repair' as const, 'enforce' as const),
  chain: fc.constantFrom(undefined, ['cfo'], ['cro', 'cfo'], ['ceo']),
  phase: fc.constantFrom('open' as const, 'independent' as const),
  maxLineLength: fc.constantFrom(undefined, 30),
  maxResponseLength: fc.constantFrom(undefined, 60),
});

describe('every mode is lossless: the output is the input with exactly the edits the events report', () => {
  test('validate passes everything through unchanged', () => {
    expectLossless(guardTokensStream({ mode: 'validate', chain: ['cro', 'cfo'] }), ['Quick question: [invoke:CFO|burn?]\n[RESPONSE:cmo]\nx', 'ＩＮＶＯＫＥ', '[ invoke : cro | q ]\r\n'], { events: {} });
  });

  test('repair and enforce, on the reported shapes, split at every offset', () => {
    const inputs = ['Quick question: [INVOKE:cfo|burn?]', '[invoke:CFO|burn?]\r\n[RESPONSE:CFO]\r\nKey finding: x\r\nSupporting data:\r\n- y\r\nConfidence: High\r\nCaveat: z\r\n[END]\r\n', '[RESPONSE:cfo]\nKey finding: a\n[INVOKE:cro|x]\nConfidence: Low'];
    for (const mode of ['repair', 'enforce'] as const) expectLossless(guardTokensStream({ mode, chain: ['cro', 'cfo'] }), inputs, { events: editReaders });
  });

  test('repair and enforce on generated documents, with and without the caps, any chunking (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(document.chain((text) => fc.tuple(fc.constant(text), offsets(text), guardOptions)), ([text, cuts, { chain, maxLineLength, maxResponseLength, ...rest }]) => {
        const options = { ...rest, ...(chain === undefined ? {} : { chain }), ...(maxLineLength === undefined ? {} : { maxLineLength }), ...(maxResponseLength === undefined ? {} : { maxResponseLength }) };
        expectLossless(guardTokensStream(options), text, { events: editReaders, everySplit: false, randomChunkings: 2, chunkings: [splitAt(text, cuts)] });
      }),
      { numRuns: 400 },
    );
  });
});

describe('bounded memory: a session holds back at most a response and a line, whatever streams through', () => {
  const shapes: Record<string, string> = {
    'a RESPONSE that never closes': `[RESPONSE:cfo]\n${'- a data point\n'.repeat(70_000)}`,
    'one endless line inside a RESPONSE': `[RESPONSE:cfo]\nKey finding: ${'x'.repeat(1_000_000)}`,
    'lines of white space inside a RESPONSE': `[RESPONSE:cfo]\n${`${' '.repeat(4000)}-\n`.repeat(250)}`,
    'one endless line of brackets': '[ '.repeat(500_000),
    'endless prose': 'Quick question about the runway. '.repeat(30_000),
    'a flood of [ and line breaks': '[\n'.repeat(150_000),
    'calls split over lines, each line ending in the next head': 'coo|x] [INVOKE:\n'.repeat(60_000),
    'heads spread over blank lines': `[${' \n'.repeat(60)}`.repeat(3_000),
    'heads padded with invisible characters on one endless line': `${'p'.repeat(5000)} ${`[INVOKE:${'\u200b'.repeat(900)}x `.repeat(1000)}`,
    'heads padded between visible characters on one endless line': `${'p'.repeat(5000)} ${`[INVOKE:${'\u200b\u200b\u200bx'.repeat(250)} `.repeat(1000)}`,
  };
  for (const [name, text] of Object.entries(shapes)) {
    test(name, () => {
      for (const mode of ['repair', 'enforce'] as const) {
        const session = guardTokensStream({ mode, chain: ['cro', 'cfo'] }).open();
        let written = 0;
        let released = 0;
        let held = 0;
        for (let at = 0; at < text.length; at += 4096) {
          const chunk = text.slice(at, at + 4096);
          written += chunk.length;
          released += session.write(chunk).length;
          held = Math.max(held, written - released);
        }
        released += session.end().length;
        expect(held, mode).toBeLessThanOrEqual(64 * 1024 + 4096 + 4096);
        expect(released).toBeGreaterThanOrEqual(written);
      }
    });
  }
});

test('in an isolation phase, enforce blocks an invocation of a role the registry does not know as well', () => {
  for (const maxLineLength of [4096, 10]) {
    const result = run('ok [INVOKE:astrologer|stars?]\n', { mode: 'enforce', phase: 'independent', maxLineLength });
    expect(routableCalls(result.output)).toEqual([]);
    expect(result.output).toContain('[BLOCKED: cannot invoke astrologer — no invocations in the independent-analysis phase]');
  }
});
