import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { offsets, type RoutedCall, routableCalls } from './__fixtures__/calls';
import { checkTokens } from './check-tokens';
import { checkTokensStream } from './check-tokens-stream';
import { type GuardEdit, type GuardTokensOptions, guardTokensStream } from './guard-tokens-stream';
import { findTokenHeads, headSpan } from './token-head';

const run = (text: string, options: GuardTokensOptions) => runChunks(guardTokensStream(options), [text], { streamId: 's' });
const edit = (event: GuardEdit, input: string) => {
  if (event.before !== '' && input.slice(event.start, event.end) !== event.before) throw new Error(`the event's before ${JSON.stringify(event.before)} is not the input at ${event.start}..${event.end}`);
  return { start: event.start, end: event.end, replacement: event.after };
};
const events = { repair: edit, block: edit };
const selfCall = '[BLOCKED: cannot invoke cfo — self-invocation not allowed]';

describe('a call split over lines is still one call (the reported shapes)', () => {
  // Each went out unchecked before: the guard read it line by line, and no line held a whole head.
  const shapes: Record<string, { readonly text: string; readonly question: string }> = {
    'a line break after the colon': { text: '[INVOKE:\ncfo|x]', question: 'x' },
    'a line break after the bracket': { text: '[\nINVOKE:cfo|x]', question: 'x' },
    'a line break before the pipe': { text: '[INVOKE:cfo\n|burn?]', question: 'burn?' },
    'spaces and CRLF all through the head': { text: '[ INVOKE :\r\n cfo | q ]', question: 'q' },
    'a line break for the colon': { text: '[INVOKE\ncfo|x]', question: 'x' },
    'a line break before the colon': { text: '[INVOKE\n:cfo|x]', question: 'x' },
    'a break at every gap': { text: '[\n\nINVOKE\n:\r\n**cfo**\n|x]', question: 'x' },
    'prose around it': { text: 'Quick question: [INVOKE:\ncfo|x] thanks', question: 'x' },
    'fullwidth, over a line': { text: '［ＩＮＶＯＫＥ：\nｃｆｏ｜x］', question: 'x' },
  };
  for (const [name, { text, question }] of Object.entries(shapes)) {
    test(name, () => {
      for (const input of [`${text}\n`, `Intro\n${text}\nOutro\n`, text, `[RESPONSE:cfo]\nKey finding: a\n${text}\n[/RESPONSE]\n`]) {
        const { output, events: emitted } = run(input, { mode: 'enforce', chain: ['cfo'] });
        expect(output, JSON.stringify(input)).toContain(`${selfCall}\n[ASSUMPTION: no answer to "${question}" — not verified with cfo]`);
        expect(routableCalls(output), JSON.stringify(input)).toEqual([]);
        // The block event spans every line the call ran over.
        const block = emitted.find(({ name: eventName }) => eventName === 'block')?.event as GuardEdit | undefined;
        expect(block?.before).toContain(text);
        expectLossless(guardTokensStream({ mode: 'enforce', chain: ['cfo'] }), input, { events });
      }
      expect(routableCalls(text)).toEqual([{ kind: 'invoke', role: 'cfo' }]);
      expect(checkTokens(text, { chain: ['cfo'] }).violations.map(({ code }) => code)).toEqual(expect.arrayContaining(['SPLIT_TOKEN', 'SELF_INVOCATION']));
    });
  }

  test('repair writes a split call on one line, in its exact form, and says so', () => {
    const result = run('[INVOKE:\ncfo|x]\n[ INVOKE :\r\n CFO | q ]\r\nok [\nINVOKE:finance|runway?]\n', { mode: 'repair' });
    expect(result.output).toBe('[INVOKE:cfo|x]\n[INVOKE:cfo| q ]\r\nok [INVOKE:cfo|runway?]\n');
    expect(result.events.filter(({ name }) => name === 'repair').map(({ event }) => event)).toMatchObject([
      { code: 'SPLIT_TOKEN', line: 1, start: 0, end: 15, before: '[INVOKE:\ncfo|x]' },
      { code: 'SPLIT_TOKEN', line: 3, start: 16, end: 38 },
      { code: 'SPLIT_TOKEN', line: 5, start: 40, end: 68 },
    ]);
    expect(result.events.filter(({ name }) => name === 'invoke')).toHaveLength(3);
    expectLossless(guardTokensStream({ mode: 'repair' }), '[INVOKE:\ncfo|x]\n[ INVOKE :\r\n CFO | q ]\r\nok [\nINVOKE:finance|runway?]\n', { events });
  });

  test('a violation is reported on the line and column where it is', () => {
    const { violations } = checkTokens('Intro\nab [INVOKE:\ncfo|y]\n[INVOKE:cfo|z]', { chain: ['cfo'] });
    expect(violations.map(({ code, line, column }) => [code, line, column])).toEqual([
      ['TEXT_BEFORE_TOKEN', 2, 4],
      ['SPLIT_TOKEN', 2, 4],
      ['SELF_INVOCATION', 2, 4],
      ['SELF_INVOCATION', 4, 1],
    ]);
  });

  test('lines are read apart when what a line ends with turns out not to be a call', () => {
    const text = 'see [\nhello]\n[INVOKE:\nRESPONSE time]\n[\n[RESPONSE:cfo]\nKey finding: x\nSupporting data:\n- y\nConfidence: low\nCaveat: z\n[/RESPONSE]\n';
    expect(run(text, { mode: 'repair' }).output).toBe(text);
    expect(checkTokens(text).tokens.map(({ kind, line }) => [kind, line])).toEqual([['response', 6]]);
    // A line break ends a call's question: what follows is a line of its own.
    expect(run('[INVOKE:cfo|burn\n?]\n', { mode: 'enforce', chain: ['cfo'] }).output).toBe(`${selfCall}\n[ASSUMPTION: no answer to "burn" — not verified with cfo]\n?]\n`);
    // Without a pipe after the break, the head is read on its own line (and blocked there: `[INVOKE:cfo` is a call).
    expect(run('[INVOKE:cfo\nburn?]\n', { mode: 'enforce', chain: ['cfo'] }).output).toBe(`${selfCall}\n[ASSUMPTION: no answer to "" — not verified with cfo]\nburn?]\n`);
  });

  test(`a head joins lines only within ${headSpan} characters of its [ (the documented bound)`, () => {
    const near = `[${'\n'.repeat(headSpan - 20)}INVOKE:cfo|x]\n`;
    expect(run(near, { mode: 'enforce', chain: ['cfo'] }).output).toContain(selfCall);
    const far = `[${'\n'.repeat(headSpan + 1)}INVOKE:cfo|x]\n`;
    expect(run(far, { mode: 'enforce', chain: ['cfo'] }).output).toBe(far);
  });

  test('a split call on a line too long to hold is blocked as it streams', () => {
    for (const text of [`${'a'.repeat(5000)} [INVOKE:\ncfo|burn?]\nnext\n`, `${'a'.repeat(5000)} [\r\n INVOKE\r\n:cfo|burn?]\r\nnext\r\n`, `${'[INVOKE:\ncoo|ok] '.repeat(400)}[INVOKE:\ncfo|burn?]\n`]) {
      const { output } = run(text, { mode: 'enforce', chain: ['cfo'] });
      expect(routableCalls(output).filter(({ role }) => role === 'cfo')).toEqual([]);
      expect(output).toContain(selfCall);
      expectLossless(guardTokensStream({ mode: 'enforce', chain: ['cfo'] }), text, { events, everySplit: false, randomChunkings: 20 });
    }
  });
});

describe('a bare [BROADCAST] tag is a broadcast of the text after it', () => {
  test('enforce blocks it where a broadcast is barred; checkTokens reports it with the fix; repair leaves it', () => {
    for (const text of ['[BROADCAST] What if we miss the raise?', '[ broadcast ]What if we miss the raise?', '[BROADCAST\n] What if we miss the raise?']) {
      const { output } = run(`${text}\n`, { mode: 'enforce', chain: ['cfo'] });
      expect(output, JSON.stringify(text)).toBe('[BLOCKED: cannot invoke all — only the ceo fans out to every role, not cfo]\n[ASSUMPTION: no answer to "What if we miss the raise?" — not verified with all]\n');
      expect(routableCalls(text)).toEqual([{ kind: 'broadcast', role: 'all' }]);
    }
    expect(checkTokens('[BROADCAST] What if we miss the raise?').violations).toMatchObject([{ code: 'MALFORMED_BROADCAST', fix: '[BROADCAST:all|What if we miss the raise?]' }]);
    expect(run('[BROADCAST] x\n', { mode: 'repair', chain: ['ceo'] }).output).toBe('[BROADCAST] x\n');
    expect(run('[BROADCAST] x\n', { mode: 'enforce', chain: ['ceo'] }).output).toBe('[BROADCAST] x\n');
    expect(run('[BROADCAST]\n', { mode: 'enforce', phase: 'independent' }).output).toMatch(/^\[BLOCKED: cannot invoke all — no broadcasts in the independent-analysis phase\]/);
  });
});

describe('what is not a call (documented limits)', () => {
  test('HTML entities, parentheses and other bracket shapes are text', () => {
    for (const text of ['&#91;INVOKE:cfo|x&#93;', '&lbrack;INVOKE:cfo|x&rbrack;', '【INVOKE:cfo|x】', '(INVOKE:cfo|x)', '{INVOKE:cfo|x}', '[IN\nVOKE:cfo|x]']) {
      expect(findTokenHeads(text)).toEqual([]);
      expect(run(`${text}\n`, { mode: 'enforce', chain: ['cfo'] }).output).toBe(`${text}\n`);
    }
  });
});

/** Pieces of heads, brackets, line breaks and prose, in any order: the hard cases of joining lines. */
const piece = fc.constantFrom('[', '[', '[ ', '\uFF3B', 'INVOKE', 'invoke', 'BROADCAST', ':', ':', ' ', '\n', '\n', '\r\n', '\n\n', 'cfo', 'coo', 'all', '**', '|', '|', 'x', ']', '] ', 'prose ', '(', '\u3010', 'RESPONSE');
const soup = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('whatever lines a call runs over, enforce lets no barred call out (fast-check)', () => {
  test('pieces of calls and line breaks in any order, any chunking, with and without a short line cap: nothing barred out, lossless', { timeout: 180_000 }, () => {
    const barred = (call: RoutedCall): boolean => call.kind === 'broadcast' || call.role === 'cfo';
    fc.assert(
      fc.property(
        soup.chain((text) => fc.tuple(fc.constant(text), offsets(text), fc.constantFrom(undefined, 16), fc.constantFrom('repair' as const, 'enforce' as const))),
        ([text, cuts, maxLineLength, mode]) => {
          const options: GuardTokensOptions = { mode, chain: ['cfo'], ...(maxLineLength === undefined ? {} : { maxLineLength }) };
          const chunked = runChunks(guardTokensStream(options), splitAt(text, cuts), { streamId: 's' });
          if (mode === 'enforce') expect(routableCalls(chunked.output).filter(barred)).toEqual([]);
          // The same output and events however the input is split, and exactly the edits they report.
          const whole = runChunks(guardTokensStream(options), [text], { streamId: 's' });
          expect([chunked.output, chunked.events]).toEqual([whole.output, whole.events]);
          const validated = runChunks(checkTokensStream({ chain: ['cfo'] }), splitAt(text, cuts), { streamId: 's' });
          expect(validated.events).toEqual(runChunks(checkTokensStream({ chain: ['cfo'] }), [text], { streamId: 's' }).events);
          expectLossless(guardTokensStream(options), text, { events, everySplit: false, randomChunkings: 1, chunkings: [splitAt(text, cuts)] });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
