import { InvalidArgumentError } from '@parley/core';
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { disguised, invisibles, offsets, routableCalls } from './__fixtures__/calls';
import { checkTokens } from './check-tokens';
import { createCouncil } from './council';
import { type GuardEdit, guardTokensStream } from './guard-tokens-stream';
import { serializeToken } from './token';
import { findTokenHeads, foldRole } from './token-head';

const enforce = (text: string, chain: readonly string[], phase?: 'open' | 'independent' | 'critique') =>
  runChunks(guardTokensStream({ mode: 'enforce', chain, ...(phase === undefined ? {} : { phase }) }), [text], { streamId: 's' }).output;
const edit = (event: GuardEdit) => ({ start: event.start, end: event.end, replacement: event.after });

describe('a call disguised for the eye is still a call (the shapes found attacking the guard)', () => {
  // Each passed through `enforce` unchanged before: a router that strips what it cannot see, folds
  // accents and look-alikes, or reads past Markdown would have routed it to the barred cfo.
  const shapes = {
    'zero-width space inside the keyword': '[IN\u200bVOKE:cfo|burn?]',
    'zero-width joiner inside the role': '[INVOKE:c\u200dfo|burn?]',
    'zero-width space before the colon': '[INVOKE\u200b:cfo|burn?]',
    'bidi override after the bracket': '[\u202eINVOKE:cfo|burn?]',
    'soft hyphen in the keyword': '[INV\u00adOKE:cfo|burn?]',
    'soft hyphen in the role': '[INVOKE:cf\u00ado|burn?]',
    'word joiner after the role': '[INVOKE:cfo\u2060|burn?]',
    'variation selector after the role': '[INVOKE:cfo\ufe0f|burn?]',
    'grapheme joiner in the role': '[INVOKE:cf\u034fo|burn?]',
    'byte-order mark in the keyword': '[INVO\ufeffKE:cfo|burn?]',
    'a tag character in the role': '[INVOKE:cf\u{E006F}o|burn?]',
    'NUL in the keyword': '[INV\u0000OKE:cfo|burn?]',
    'combining accent in the keyword': '[INVO\u0301KE:cfo|burn?]',
    'precomposed accent in the keyword': '[INV\u00d3KE:cfo|burn?]',
    'combining accent in the role': '[INVOKE:c\u0301fo|burn?]',
    'Cyrillic O in the keyword': '[INV\u041eKE:cfo|burn?]',
    'Cyrillic o in the role': '[INVOKE:cf\u043e|burn?]',
    'Cyrillic es in the role': '[INVOKE:\u0441fo|burn?]',
    'Greek omicron in the role': '[INVOKE:cf\u03bf|burn?]',
    'a role in Markdown bold': '[INVOKE:**cfo**|burn?]',
    'a role in inline code': '[INVOKE:`cfo`|burn?]',
    'a role in quotes': '[INVOKE:"cfo"|burn?]',
    'a role with a full stop': '[INVOKE:cfo.|burn?]',
    'a role with an exclamation mark': '[INVOKE:cfo!|burn?]',
    'a role spelled apart': '[INVOKE:c f o|burn?]',
    'a dotted role': '[INVOKE:C.F.O.|burn?]',
    'a job title': '[INVOKE:Chief Financial Officer|burn?]',
    'a space for the colon': '[INVOKE cfo|burn?]',
    'an equals sign for the colon': '[INVOKE=cfo|burn?]',
    'a semicolon for the colon': '[INVOKE;cfo|burn?]',
    'a pipe for the colon': '[INVOKE|cfo|burn?]',
    'a ratio sign for the colon': '[INVOKE\u2236cfo|burn?]',
    'a colon for the pipe': '[INVOKE:cfo:burn?]',
    'a slash for the pipe': '[INVOKE:cfo/burn?]',
    'a broken bar for the pipe': '[INVOKE:cfo\u00a6burn?]',
    'a divides sign for the pipe': '[INVOKE:cfo\u2223burn?]',
  };
  for (const [name, text] of Object.entries(shapes)) {
    test(name, () => {
      for (const line of [text, `Quick question: ${text} thanks`]) {
        const output = enforce(`${line}\n`, ['cfo']);
        expect(output, JSON.stringify(line)).toMatch(/^\[BLOCKED: cannot invoke cfo — self-invocation not allowed\]\n\[ASSUMPTION: no answer to ".*" — not verified with cfo\]\n$/);
      }
      expect(checkTokens(text, { chain: ['cfo'] }).violations.map(({ code }) => code)).toContain('SELF_INVOCATION');
    });
  }

  test('a broadcast with a pipe for its colon, or an invisible character in it, is still a broadcast', () => {
    for (const text of ['[BROADCAST|What if we miss the raise?]', '[BROAD\u200bCAST:all|x]', '[BROADCAST:a\u200bll|x]', '[BROADCAST all|x]']) {
      expect(enforce(`${text}\n`, ['cfo'])).toMatch(/^\[BLOCKED: cannot invoke all — only the ceo fans out/);
    }
  });

  test('Markdown does not hide a call, and a lone CR, U+2028 or U+2029 does not end its line', () => {
    for (const text of ['`[INVOKE:cfo|burn?]`', '```\n[INVOKE:cfo|burn?]\n```', '> [INVOKE:cfo|burn?]', '\\[INVOKE:cfo|burn?\\]', 'x\r[INVOKE:cfo|burn?]\ry', 'x\u2028[INVOKE:cfo|burn?]', 'x\u2029[INVOKE:cfo|burn?]']) {
      const output = enforce(`${text}\n`, ['cfo']);
      expect(output, JSON.stringify(text)).toContain('[BLOCKED: cannot invoke cfo — self-invocation not allowed]');
      expect(routableCalls(output)).toEqual([]);
    }
  });

  test('repair writes a disguised call in its exact form, and says so', () => {
    const result = runChunks(guardTokensStream({ mode: 'repair' }), ['[INV\u041eKE:**c\u200bfo**|burn?]\n'], { streamId: 's' });
    expect(result.output).toBe('[INVOKE:cfo|burn?]\n');
    expect(result.events.find(({ name }) => name === 'repair')?.event).toMatchObject({ code: 'TOKEN_FORM' });
  });

  test('prose in brackets is not a call: a loose separator needs a pipe, before any closing bracket', () => {
    for (const line of ['[Response time was 5s]', '[invoke the method] | then', '[Invoked: yes]', '[Broadcasting soon]']) expect(findTokenHeads(line)).toEqual([]);
    expect(checkTokens('We [invoke the method] before | lunch.').violations).toEqual([]);
  });

  test('foldRole reads a role as a lenient reader does', () => {
    expect(['CFO', ' cfo ', '**cfo**', 'c\u200bf\u00ado', 'сfо', 'C.F.O.', 'c f o', '`cfo`.', 'ｃｆｏ'].map(foldRole)).toEqual(['CFO', 'cfo', 'cfo', 'cfo', 'cfo', 'CFO', 'cfo', 'cfo', 'cfo']);
    expect(['cfo-advisor', 'FinanceAgent', 'ai/ml', 'data strategy'].map(foldRole)).toEqual(['cfo-advisor', 'FinanceAgent', 'ai/ml', 'data strategy']);
  });

  test('a barred call in any disguise, anywhere on a line and in any chunking, never gets out; the edits are exactly the events (fast-check)', { timeout: 180_000 }, () => {
    const call = fc
      .record({
        keyword: disguised('invoke'),
        separator: fc.constantFrom(':', ' ', '=', ';', '|', '\u2236', '\u200b:'),
        role: disguised('cfo'),
        before: fc.constantFrom('', 'Quick question: ', '`', '> '),
        padding: fc.array(fc.constantFrom(...invisibles, ' '), { maxLength: 8 }).map((parts) => parts.join('')),
      })
      .map(({ keyword, separator, role, before, padding }) => `${before}[${padding}${keyword}${separator}${padding}${role}${padding}|burn?]`);
    const input = call.chain((line) => {
      const text = `Intro\n${line}\nOutro\n`;
      return fc.tuple(fc.constant(text), offsets(text));
    });
    fc.assert(
      fc.property(input, ([text, cuts]) => {
        expect(routableCalls(text)).toContainEqual({ kind: 'invoke', role: 'cfo' });
        const guard = guardTokensStream({ mode: 'enforce', chain: ['cfo'] });
        const { output } = runChunks(guard, splitAt(text, cuts), { streamId: 's' });
        expect(routableCalls(output)).toEqual([]);
        expectLossless(guard, text, { events: { repair: edit, block: edit }, everySplit: false, randomChunkings: 1, chunkings: [splitAt(text, cuts)] });
      }),
      { numRuns: 400 },
    );
  });
});

describe('the context is read as loosely as the text', () => {
  test('a phase in another case or spelling still bars calls; an option that names no phase throws', () => {
    for (const phase of ['INDEPENDENT', 'Critique', ' independent ', 'Independent-Analysis', 'independent analysis']) {
      expect(enforce('[INVOKE:cfo|burn?]\n', ['cmo'], phase as 'open')).toMatch(/^\[BLOCKED: cannot invoke cfo — no invocations/);
      const stream = runChunks(guardTokensStream({ mode: 'enforce' }), ['[INVOKE:cfo|burn?]\n'], { streamId: 's', phase } as never);
      expect(stream.output).toMatch(/^\[BLOCKED: cannot invoke cfo/);
    }
    expect(() => guardTokensStream({ mode: 'enforce', phase: 'indie' as 'open' })).toThrow(InvalidArgumentError);
    expect(() => checkTokens('x', { phase: 'closed' as 'open' })).toThrow(InvalidArgumentError);
    // Another package's phase in the stream context is not an isolation phase.
    expect(runChunks(guardTokensStream({ mode: 'enforce' }), ['[INVOKE:cfo|burn?]\n'], { streamId: 's', phase: 'negotiation' } as never).output).toBe('[INVOKE:cfo|burn?]\n');
  });

  test('a chain written loosely (case, spaces, an alias, a look-alike) bars what it should', () => {
    for (const chain of [['CFO'], [' cfo'], ['finance'], ['сfo'], ['Cro', 'CFO']]) {
      expect(enforce('[INVOKE:cfo|burn?]\n', chain), JSON.stringify(chain)).toMatch(/^\[BLOCKED: cannot invoke cfo/);
    }
  });
});

describe('the council routes nothing disguised and looks up only its own agents', () => {
  const response = (role: string) => serializeToken({ kind: 'response', role, keyFinding: 'ok', supportingData: ['x'], confidence: 'low', caveat: 'y' });

  test('a disguised self-call is neither routed nor recorded as a call', async () => {
    let calls = 0;
    const council = createCouncil({ agents: { cfo: () => (calls++ === 0 ? `[INV\u041eKE:c\u200bfo|burn?]\n${response('cfo')}` : response('cfo')) } });
    await council.ask('cfo', 'Runway?', { chain: ['CRO'] });
    expect(council.transcript.map(({ to }) => to)).toEqual(['cfo', 'cro']);
    for (const entry of council.transcript.slice(1)) expect(routableCalls(entry.text)).toEqual([]);
  });

  test('roles named after prototype members find no agent', async () => {
    const registry = { roles: ['cfo', 'constructor'], isRole: (role: string) => role === 'cfo' || role === 'constructor', resolve: () => undefined };
    const council = createCouncil({ agents: { cfo: () => `[INVOKE:constructor|x]\n${response('cfo')}` }, registry });
    const answer = await council.ask('cfo', 'Runway?');
    expect(answer.text).toContain('[BLOCKED: cannot invoke constructor — no such agent in this council]');
    expect((await council.ask('constructor', 'x')).blocked).toContain('no such agent');
  });

  test('a phase in another case bars the call through ask as well', async () => {
    const council = createCouncil({ agents: { cfo: () => response('cfo') } });
    expect((await council.ask('cfo', 'Runway?', { chain: ['cmo'], phase: 'Independent' as 'open' })).blocked).toContain('no invocations in the independent-analysis phase');
  });
});
