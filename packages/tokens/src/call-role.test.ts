import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invisibles, offsets, spelledCall } from './__fixtures__/calls';
import { resolveCallRole, unknownRoleName } from './call-role';
import { checkTokens } from './check-tokens';
import { checkInvocation } from './loop-guard';
import { createCouncil } from './council';
import { type GuardEdit, guardTokensStream } from './guard-tokens-stream';
import { createRoleRegistry } from './role-registry';
import { serializeToken } from './token';
import type { IsolationPhase } from './token-violation';

const enforce = (text: string, options: { chain?: readonly string[]; phase?: IsolationPhase }, chunks: readonly string[] = [text]) =>
  runChunks(guardTokensStream({ mode: 'enforce', ...options }), chunks, { streamId: 's' }).output;
const edit = (event: GuardEdit) => ({ start: event.start, end: event.end, replacement: event.after });
/** Reads every line whatever its length, so a call on an overlong line is read too. */
const wide = 1 << 20;
const phaseCodes = new Set(['INVOKE_IN_INDEPENDENT_PHASE', 'INVOKE_IN_CRITIQUE_PHASE', 'BROADCAST_IN_PHASE']);
const loopCodes = new Set(['SELF_INVOCATION', 'CIRCULAR_CALL', 'DEPTH_LIMIT']);
const codes = (text: string, options: { chain?: readonly string[]; phase?: IsolationPhase }) => checkTokens(text, { ...options, maxLineLength: wide }).violations.map(({ code }) => code);

describe('one reading of a call target for the validator, the guard, the council and the chain', () => {
  const registry = createRoleRegistry();

  test('a target read past spaces, punctuation and look-alikes, then word by word', () => {
    const cfo = ['cfo', 'CFO', 'c fo', 'cfo:', 'the cfo', '«cfo»', '[cfo]', 'cfo\\', 'ᴄꜰᴏ', 'c\u2800fo', 'Chief Finance Officer', 'C.F.O.', '(cfo)', 'cfo)'];
    for (const written of cfo) expect(resolveCallRole(written, registry), written).toBe('cfo');
    expect(['финансы', 'x'.repeat(33), '', '!!', 'astrologer'].map((written) => resolveCallRole(written, registry))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // A chain member wins: a loop is found whatever else the target names.
    expect(resolveCallRole('sales or the cfo', registry, ['cro', 'cfo'])).toBe('cfo');
    // A role token wins over an alias.
    expect(resolveCallRole('sales or the cfo', registry)).toBe('cfo');
    expect(resolveCallRole('sales or revenue', registry)).toBe('cro');
    expect(resolveCallRole('the c ro', registry, ['cro', 'cfo'])).toBe('cro');
  });

  test('a name for a target no role fits holds no bracket, pipe or space', () => {
    expect(['astrologer', 'data-science', 'финансы', 'x'.repeat(33), '[a] | b', '', '!!'].map(unknownRoleName)).toEqual(['astrologer', 'data-science', 'финансы', 'x'.repeat(32), 'ab', 'unknown', 'unknown']);
  });
});

describe('in an isolation phase enforce lets out no call the validator reads (the reported shapes)', () => {
  const shapes = [
    '[INVOKE:c fo|burn?]', '[INVOKE:cfo:|burn?]', '[INVOKE:the cfo|burn?]', '[INVOKE:«cfo»|burn?]', '[INVOKE:[cfo]|burn?]', '[INVOKE:cfo\\|burn?]',
    '[INVOKE:ᴄꜰᴏ|burn?]', '[INVOKE:c\u2800fo|burn?]', '[INVOKE:Chief Finance Officer|burn?]', '[INVOKE:финансы|burn?]', `[INVOKE:${'x'.repeat(33)}|burn?]`,
    '[INVOKE:|burn?]', '[INVOKE:]',
    // Disguised pipes, colons and keywords.
    '[INVOKE:cfo\uFFE4burn?]', '[INVOKE:cfo⎸burn?]', '[INVOKE:cfo⼁burn?]', '[INVOKE:cfo丨burn?]', '[INVOKE:cfo\\burn?]', '[INVOKE:cfo>burn?]',
    '[INVOKE-cfo|burn?]', '[INVOKE.cfo|burn?]', '[INVOKE_cfo|burn?]', '[INVOKE>cfo|burn?]', '[INVOKE→cfo|burn?]', '[INVOKE(cfo)|burn?]', '[INVOKE᠄cfo|burn?]', '[INVOKE፡cfo|burn?]',
    '[INV0KE:cfo|burn?]', '[ɪɴᴠᴏᴋᴇ:cfo|burn?]', '[I\u2800N\u2800V\u2800O\u2800K\u2800E:cfo|burn?]', '[BR0ADCAST:all|q]', '[BROAD CAST|q]', '[IN VOKE:cfo|q]',
    // Invisible padding does not push a role out of the window of an overlong line.
    `${'p'.repeat(5000)} [INVOKE:${'\u200b'.repeat(257)}cfo|x]`,
    `${'p'.repeat(5000)} [${' '.repeat(300)}INVOKE:cfo|x]`,
    `${'p'.repeat(5000)} [INVOKE:${'\u200b'.repeat(2000)}cfo|x]`,
  ];
  for (const phase of ['independent', 'critique'] as const) {
    test(`${phase}: each is read as a call, and enforce blocks it in any chunking`, () => {
      for (const text of shapes) {
        expect(codes(text, { phase }).some((code) => phaseCodes.has(code)), JSON.stringify(text.slice(-40))).toBe(true);
        for (const chunks of [[text], [...text].length < 200 ? [...text] : splitAt(text, [5001, 5003, 5100, 5300])]) {
          const output = enforce(text, { phase }, chunks);
          expect(output, JSON.stringify(text.slice(-40))).toContain('[BLOCKED: cannot invoke ');
          expect(codes(output, { phase }).filter((code) => phaseCodes.has(code))).toEqual([]);
        }
      }
    });
  }

  test('with a chain, a target that folds to a chain member is a loop', () => {
    for (const role of ['c fo', 'cfo:', 'the cfo', '«cfo»', '[cfo]', 'cfo\\', 'ᴄꜰᴏ', 'c\u2800fo', 'Chief Finance Officer', 'C-F-O']) {
      const text = `[INVOKE:${role}|burn?]`;
      expect(codes(text, { chain: ['ceo', 'cfo'] }), role).toContain('SELF_INVOCATION');
      expect(enforce(text, { chain: ['ceo', 'cfo'] }), role).toMatch(/^\[BLOCKED: cannot invoke cfo — self-invocation not allowed\]/);
    }
    expect(enforce('[INVOKE:the cro|burn?]', { chain: ['CRO', 'c fo'] })).toMatch(/^\[BLOCKED: cannot invoke cro — circular call/);
  });

  test('prose in brackets stays prose', () => {
    for (const text of ['[in progress] | x', '[invoke the method] | then', 'See [Response time was 5s]', '[Broadcasting soon] | ok', '[INVOKER:cfo|x]']) {
      expect(enforce(text, { phase: 'independent' })).toBe(text);
    }
  });
});

// Generators of disguises: look-alike tables, digits, small capitals, blank characters, punctuation around the role.
const fullwidth = (character: string): string => (character >= '!' && character <= '~' ? String.fromCharCode(character.charCodeAt(0) + 0xfee0) : character);
const lookAlikes: Readonly<Record<string, readonly string[]>> = {
  a: ['а', 'α', 'ᴀ', '4'], b: ['В', 'ʙ'], c: ['с', 'С', 'ᴄ', 'ϲ'], d: ['ᴅ'], e: ['е', 'ε', 'ᴇ', '3'], f: ['ꜰ'], i: ['і', 'ι', 'ɪ', '1'], k: ['к', 'κ', 'ᴋ'],
  n: ['ɴ', 'Ν'], o: ['о', 'ο', 'ᴏ', '0'], r: ['ʀ'], s: ['ѕ', 'ꜱ', '5'], t: ['т', 'ᴛ', '7'], v: ['ᴠ', 'ν'], l: ['ʟ'], h: ['ʜ', 'һ'],
};
const blanks = [...invisibles, '\u2800', '\u3164'];
const hidden = fc.constantFrom('', '', '', ...blanks);
/** A keyword in disguise: each letter in any case, fullwidth, a look-alike or a digit (not first), blanks between letters, at most one space inside. */
const keywordOf = (word: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.tuple(...[...word].map((letter, index) => fc.tuple(fc.constantFrom(letter, letter.toUpperCase(), fullwidth(letter.toUpperCase()), ...(lookAlikes[letter] ?? []).filter((alike) => index > 0 || !/\d/u.test(alike))), hidden))), fc.nat(word.length * 3))
    .map(([letters, gap]) => letters.map(([letter, blank], index) => (index === gap && index > 0 && !/\d/u.test(letter) ? ' ' : '') + letter + blank).join(''));
/** A role in disguise: look-alikes and blanks in its letters, punctuation, spaces or words around it. */
const roleOf = (role: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.tuple(...[...role].map((letter) => fc.tuple(fc.constantFrom(letter, letter.toUpperCase(), fullwidth(letter), ...(lookAlikes[letter] ?? []).filter((alike) => !/\d/u.test(alike))), hidden, fc.constantFrom('', '', '', ' ', '.', '-')))), fc.constantFrom(['', ''], ['**', '**'], ['«', '»'], ['[', ']'], ['', ':'], ['', '\\'], ['the ', ''], ['"', '".'], ['(', ')'], ['@', '']))
    .map(([letters, [open, close]]) => open + letters.map(([letter, blank, gap], index) => letter + blank + (index < letters.length - 1 ? gap : '')).join('').trimEnd() + close);
const junkRole = fc.oneof(
  fc.constantFrom('Chief Finance Officer', 'финансы', 'x'.repeat(33), '', 'astrologer', '!!', 'the finance team'),
  fc.string({ maxLength: 12 }).map((text) => text.replace(/[\r\n[\]\uFF3B\uFF3D\uFE47\uFE48]/gu, ' ')),
);
const padding = fc.oneof({ weight: 6, arbitrary: fc.array(fc.constantFrom(...blanks, ' '), { maxLength: 6 }).map((parts) => parts.join('')) }, { weight: 1, arbitrary: fc.constantFrom('\u200b'.repeat(257), ' '.repeat(300), '\u00ad'.repeat(200)) });
const colon = fc.constantFrom(':', ':', '\uFF1A', '\u1804', '\u1361', ' ', '=', ';', ',', '-', '.', '_', '>', '\u2192', '(');
const pipe = fc.constantFrom('|', '|', '\uFF5C', '\u00A6', '\uFFE4', '\u23B8', '\u2F01', '\u4E28', '\u2223');
const realColons = new Set([':', '\uFF1A', '\u1804', '\u1361']);
const noPipe = fc.constantFrom(':', ' ', '/', '\\', '>', ',', ';');
const before = fc.constantFrom('', '', 'Quick question: ', '`', '> ', `${'p'.repeat(5000)} `);

/** An INVOKE or BROADCAST in any mix of the disguises, to `role`. */
function disguisedCall(role: fc.Arbitrary<string>, withoutPipe = true, broadcasts = true): fc.Arbitrary<string> {
  const invoke = fc
    .record({ before, open: fc.constantFrom('[', '\uFF3B'), pad: fc.tuple(padding, padding, padding), keyword: keywordOf('invoke'), colon, role, pipe: withoutPipe ? fc.oneof({ weight: 4, arbitrary: pipe }, { weight: 1, arbitrary: noPipe }) : pipe, close: fc.constantFrom(']', '\uFF3D', '', '] thanks') })
    // A loose separator after the keyword makes a call only with a pipe after the role, before any `]`.
    .map(({ before: prose, open, pad: [a, b, c], keyword, colon: separator, role: written, pipe: bar, close }) => {
      const loose = !realColons.has(separator);
      // …and a visible target before that pipe (`[INVOKE |q]` is no call: README, limits).
      const target = loose ? written.replace(/[[\]]/gu, '') : written;
      return `${prose}${open}${a}${keyword}${separator}${b}${loose && !/[^\s\p{Cf}\p{Cc}\p{Mn}\p{Me}\u2800\u3164]/u.test(target) ? 'x' : target}${c}${loose ? '|' : bar}burn?${close}`;
    });
  const broadcast = fc
    .record({ before, keyword: keywordOf('broadcast'), form: fc.constantFrom(':all|', '|', ' all|', '] ', ':all\uFFE4') })
    .map(({ before: prose, keyword, form }) => `${prose}[${keyword}${form}What if we miss the raise?]`);
  return broadcasts ? fc.oneof({ weight: 4, arbitrary: invoke }, { weight: 1, arbitrary: broadcast }) : invoke;
}

/** Where the call sits: alone, among lines, inside a RESPONSE, with CRLF. */
const placedIn = (call: string, place: number, speaker: string): string =>
  [
    `${call}\n`,
    `Some analysis.\n${call}\nMore.\n`,
    `[RESPONSE:${speaker}]\nKey finding: x\n${call}\nSupporting data:\n- y\nConfidence: low\nCaveat: z\n[/RESPONSE]\n`,
    `Intro\r\n${call}\r\nOutro`,
  ][place] as string;

describe('properties: what the validator reads as a call, enforce bars wherever the rules bar it', () => {
  test('(a) isolation phases: no INVOKE or BROADCAST the validator reads gets out, in any disguise and chunking; lossless (fast-check)', { timeout: 180_000 }, () => {
    const input = fc
      .record({
        call: disguisedCall(fc.oneof(fc.constantFrom('cfo', 'cro', 'gc', 'caio').chain(roleOf), junkRole)),
        place: fc.nat(3),
        phase: fc.constantFrom<IsolationPhase>('independent', 'critique'),
        chain: fc.constantFrom<readonly string[]>([], ['ceo'], ['cmo']),
      })
      .chain((value) => {
        const text = placedIn(value.call, value.place, value.chain.at(-1) ?? 'cmo');
        return fc.tuple(fc.constant({ ...value, text }), offsets(text));
      });
    fc.assert(
      fc.property(input, ([{ text, phase, chain }, cuts]) => {
        const options = { phase, chain };
        expect(codes(text, options).some((code) => phaseCodes.has(code))).toBe(true);
        const guard = guardTokensStream({ mode: 'enforce', ...options });
        const { output } = runChunks(guard, splitAt(text, cuts), { streamId: 's' });
        expect(codes(output, options).filter((code) => phaseCodes.has(code))).toEqual([]);
        expectLossless(guard, text, { events: { repair: edit, block: edit }, everySplit: false, randomChunkings: 1, chunkings: [splitAt(text, cuts)] });
      }),
      { numRuns: 400 },
    );
  });

  test('(a) loops: a target that folds to a chain member never gets out, in any disguise and chunking (fast-check)', { timeout: 180_000 }, () => {
    const input = fc
      .record({ call: disguisedCall(fc.constantFrom('cfo', 'cro').chain(roleOf), false, false), place: fc.constantFrom(0, 1, 3) })
      .chain((value) => {
        const text = placedIn(value.call, value.place, 'cfo');
        return fc.tuple(fc.constant(text), offsets(text));
      });
    const chain = ['cro', 'cfo'];
    fc.assert(
      fc.property(input, ([text, cuts]) => {
        // Every target here folds to a chain member: the validator reads a loop…
        expect(codes(text, { chain }).some((code) => loopCodes.has(code))).toBe(true);
        // …and enforce lets none out.
        const { output } = runChunks(guardTokensStream({ mode: 'enforce', chain }), splitAt(text, cuts), { streamId: 's' });
        expect(codes(output, { chain }).filter((code) => loopCodes.has(code))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('(b) the council routes exactly the calls checkTokens lists, as it lists them (differential, fast-check)', { timeout: 180_000 }, async () => {
    const answer = (role: string) => serializeToken({ kind: 'response', role, keyFinding: 'k', supportingData: ['d'], confidence: 'low', caveat: 'c' });
    const line = fc.oneof(
      fc.constantFrom('cro', 'cto', 'cfo', 'gc').chain((role) => spelledCall('invoke', role)),
      disguisedCall(fc.oneof(fc.constantFrom('cro', 'cto', 'cfo').chain(roleOf), junkRole)).filter((call) => !call.startsWith('p')),
      fc.constantFrom('[INVOKE:CRO|q]', '[ INVOKE : CRO | q ]', '[INVOKE:cro q?]', '[INVOKE:cro:q?]', '[INVOKE:cro/q?]', '[INVOKE:cro,q]', '[INVOKE:cro;q]', 'Some prose.', answer('cfo')),
    );
    const reply = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
    // The reply streams in any chunking.
    const streamed = reply.chain((text) => fc.tuple(fc.constant(text), offsets(text)));
    await fc.assert(
      fc.asyncProperty(streamed, async ([text, cuts]) => {
        const chunks = splitAt(text, cuts);
        const asked: string[] = [];
        const agents = Object.fromEntries(
          ['cfo', 'cro', 'cto'].map((role) => [
            role,
            (message: string, context: { chain: readonly string[] }) => {
              if (role === 'cfo' && context.chain.length === 1 && !message.includes('RESPONSE')) {
                return (async function* stream() {
                  yield* chunks;
                })();
              }
              if (role !== 'cfo') asked.push(message);
              return answer(role);
            },
          ]),
        );
        const council = createCouncil({ agents, maxTurns: 1 });
        await council.ask('cfo', 'start?');
        const listed = checkTokens(text, { chain: ['cfo'] })
          .tokens.filter((token) => token.kind === 'invoke')
          .filter((token) => token.role in agents && checkInvocation(['cfo'], token.role).allowed)
          .map((token) => serializeToken({ kind: 'invoke', role: token.role, question: token.question }));
        expect(asked.sort()).toEqual(listed.sort());
      }),
      { numRuns: 200 },
    );
  });
});
