import { expectChunkInvariant, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkTokens, parseToken } from './check-tokens';
import { checkTokensStream } from './check-tokens-stream';
import { checkInvocation } from './loop-guard';
import { createRoleRegistry, defaultRoles } from './role-registry';
import { serializeToken, type Token, TokenSchema } from './token';

const role = fc.constantFrom(...defaultRoles);
const text = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((value) => value.replace(/[\r\n\]—;|]/g, ' ').trim())
  .filter((value) => value.length > 0 && !value.includes(' says ') && !value.includes('not verified with'));
const token: fc.Arbitrary<Token> = fc.oneof(
  fc.record({ kind: fc.constant('invoke' as const), role, question: text }),
  fc.record({ kind: fc.constant('response' as const), role, keyFinding: text, supportingData: fc.array(text.filter((value) => !value.startsWith('-')), { minLength: 1, maxLength: 3 }), confidence: fc.constantFrom('high', 'medium', 'low' as const), caveat: text }),
  fc.record({ kind: fc.constant('blocked' as const), role, reason: text }),
  fc.record({ kind: fc.constant('assumption' as const), fact: text, role }),
  fc.record({ kind: fc.constant('conflict' as const), first: fc.record({ role, claim: text }), second: fc.record({ role, claim: text }) }),
  fc.record({ kind: fc.constant('broadcast' as const), question: text }),
  fc.record({ kind: fc.constant('chain' as const), roles: fc.array(role, { minLength: 1, maxLength: 3 }) }),
);

describe('grammar', () => {
  test('parse(serialize(token)) is the token, for every kind (fast-check)', () => {
    fc.assert(
      fc.property(token, (value) => {
        expect(TokenSchema.parse(value)).toEqual(value);
        const written = serializeToken(value);
        // A BLOCKED token owes its ASSUMPTION: check it with one.
        const context = value.kind === 'blocked' ? `${written}\n[ASSUMPTION: x — not verified with ${value.role}]` : written;
        const { tokens, violations } = checkTokens(context);
        expect(violations).toEqual([]);
        const { line: _line, ...parsed } = tokens[0] ?? { line: 0 };
        expect(parsed).toEqual(value);
        if (value.kind !== 'blocked') expect(parseToken(written)).toEqual(value);
      }),
    );
  });

  test('the checker never throws, whatever the text (fast-check)', () => {
    const pieces = fc.constantFrom('[', ']', '[INVOKE:', 'cfo', '|', '[RESPONSE:cto]', '[/RESPONSE]', 'Key finding:', 'Confidence:', '- ', '\n', 'Hey ', 'CFO', ',', '@', 'Everyone:', '[CHAIN: ', ' → ', '[BLOCKED: cannot invoke ', ' — ');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(''))), (input) => {
        const report = checkTokens(input, { chain: ['cro', 'cfo'] });
        expect(Array.isArray(report.violations)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('streaming', () => {
  const transcript = [
    'Hey CFO, can we afford it?',
    '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
    '[RESPONSE:cfo]',
    'Key finding: Runway drops from 14 to 9 months.',
    'Supporting data:',
    '- Burn rises ~$280K → ~$380K',
    'Confidence: Medium',
    'Caveat: Assumes a 3-month ramp.',
    '[/RESPONSE]',
    '[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]',
    '[ASSUMPTION: pipeline ~$3M — not verified with cro]',
    '[CHAIN: cro → cfo]',
    '[INVOKE:CFO|x',
  ].join('\n');

  test('tokens and violations are the same however the stream is chunked', () => {
    expectChunkInvariant(checkTokensStream({ chain: ['cro', 'cfo'] }), transcript, { randomChunkings: 60 });
  });

  test('chunk invariance under fast-check chunkings', () => {
    const validator = checkTokensStream({ chain: ['cro', 'cfo'] });
    fc.assert(
      fc.property(fc.array(fc.nat(transcript.length), { maxLength: 30 }), (offsets) => {
        const whole = runChunks(validator, [transcript], { streamId: 's' });
        const chunked = runChunks(validator, splitAt(transcript, offsets), { streamId: 's' });
        expect(chunked.output).toBe(whole.output);
        expect(chunked.events).toEqual(whole.events);
      }),
      { numRuns: 200 },
    );
  });

  test('passes the text through and reports from the stream context', () => {
    const events: string[] = [];
    const validator = checkTokensStream();
    validator.on('invoke', ({ token }) => events.push(`invoke ${token.role}`));
    validator.on('violation', ({ code }) => events.push(code));
    const session = validator.open({ chain: ['cfo'], phase: 'open' });
    expect(session.write('[INVOKE:cfo|runway?]\n')).toBe('[INVOKE:cfo|runway?]\n');
    session.end();
    expect(events).toEqual(['SELF_INVOCATION', 'invoke cfo']);
  });

  test('memory is bounded: an overlong token line is reported, not kept', () => {
    expect(checkTokens(`[INVOKE:cfo|${'x'.repeat(10_000)}]`).violations).toMatchObject([{ code: 'TOKEN_TOO_LONG' }]);
    expect(checkTokens(`[RESPONSE:cfo]\n${'- data\n'.repeat(20_000)}`, { maxResponseLength: 1000 }).violations).toMatchObject([{ code: 'RESPONSE_TOO_LONG' }]);
    // A token past the kept part of a long line is noticed too, however the line is chunked.
    const late = `${'x'.repeat(5000)} [INVOKE:cfo|x]`;
    expect(checkTokens(late).violations).toMatchObject([{ code: 'TOKEN_TOO_LONG' }]);
    expectChunkInvariant(checkTokensStream(), late, { randomChunkings: 20 });
    expect(checkTokens(`${'x'.repeat(5000)} no token here`).violations).toEqual([]);
  });
});

describe('loop guard', () => {
  test.each([
    [['cfo'], 'cfo', 'self-invocation', 'self-invocation not allowed'],
    [['cro', 'cfo'], 'cro', 'circular', 'circular call; cro is already upstream in this chain'],
    [['cro', 'cfo', 'coo'], 'chro', 'depth', 'chain already at depth 2 (cro → cfo → coo)'],
  ] as const)('%j invoking %s is blocked (%s)', (chain, target, reason, explanation) => {
    expect(checkInvocation(chain, target)).toEqual({ allowed: false, reason, explanation });
  });

  test('allows calls within depth 2 that are neither self nor upstream', () => {
    expect(checkInvocation(['cro'], 'cfo')).toEqual({ allowed: true });
    expect(checkInvocation(['cro', 'cfo'], 'coo')).toEqual({ allowed: true });
  });
});

describe('role registry', () => {
  const registry = createRoleRegistry();
  test.each([
    ['CFO', 'cfo'],
    ['finance', 'cfo'],
    ['FinanceAgent', 'cfo'],
    ['cfo-advisor', 'cfo'],
    ['HR', 'chro'],
    ['People', 'chro'],
    ['legal', 'gc'],
    ['Security', 'ciso'],
    ['AI/ML', 'caio'],
    ['sales', 'cro'],
    ['Revenue Agent', 'cro'],
    ['ops', 'coo'],
    ['VP of Engineering', 'vpe'],
    ['customer success', 'cco'],
    ['astrologer', undefined],
  ])('%s → %s', (name, token) => {
    expect(registry.resolve(name)).toBe(token);
  });

  test('another org chart', () => {
    const studio = createRoleRegistry({ roles: ['director', 'producer'], aliases: { money: 'producer' } });
    expect(studio.isRole('cfo')).toBe(false);
    expect(studio.resolve('Money')).toBe('producer');
    expect(checkTokens('[INVOKE:cfo|budget?]', { registry: studio }).violations).toMatchObject([{ code: 'UNKNOWN_ROLE' }]);
  });
});
