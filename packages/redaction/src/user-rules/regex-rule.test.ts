import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { builtInTypes } from '../rules/built-in-rules';
import { translateGoRegex } from './go-regex';
import { InvalidRuleError } from './invalid-rule-error';
import { keywordAutomaton } from '../api/keyword-automaton';
import type { RegexSecretRule } from './regex-rule';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const only = { disable: builtInTypes, entropy: false } as const;
const redact = (text: string, rule: RegexSecretRule): string => redactSecrets(text, { rules: [rule], ...only });

describe('Go (RE2) syntax', () => {
  test.each([
    ['(?i)acme', { source: 'acme', flags: 'i' }],
    ['(?is)a.b', { source: 'a.b', flags: 'is' }],
    ['(?i)(?m)^x', { source: '^x', flags: 'im' }],
    ['(?P<key>[a-z]+)', { source: '(?<key>[a-z]+)', flags: '' }],
    [String.raw`\Aab\z`, { source: '^ab$', flags: '' }],
    [String.raw`(?m)\Aab\z`, { source: String.raw`(?<![\s\S])ab(?![\s\S])`, flags: 'm' }],
    [String.raw`\Qa.b*\E+`, { source: String.raw`a\.b\*+`, flags: '' }],
    ['[[:alpha:][:digit:]_]', { source: '[A-Za-z0-9_]', flags: '' }],
    [String.raw`\x{41}`, { source: String.raw`\u0041`, flags: '' }],
    ['[]a]', { source: String.raw`[\]a]`, flags: '' }],
    ['(?i:abc)d', { source: '(?i:abc)d', flags: '' }],
  ])('%s is translated', (pattern, expected) => {
    expect(translateGoRegex(pattern)).toEqual(expected);
  });

  test.each([
    ['a(?i)b', /after the start/u],
    ['(?U)a+', /no JavaScript equivalent/u],
    [String.raw`\pL+`, /Unicode classes/u],
    [String.raw`(a)\1`, /back-references/u],
    ['[[:punct:]]', /not supported/u],
    [String.raw`\x{1F600}`, /one to four hex digits/u],
  ])('%s is refused with a reason', (pattern, reason) => {
    const translated = translateGoRegex(pattern);
    expect('problem' in translated && translated.problem).toMatch(reason);
  });
});

describe('RE2 translation keeps the meaning (fast-check)', () => {
  // Each piece as RE2 writes it and as JavaScript does; a pattern is built from both at once.
  const atom = fc.constantFrom(
    ['a', 'a'],
    ['[[:digit:]]', '[0-9]'],
    ['[[:alpha:]_]', '[A-Za-z_]'],
    ['[]a]', String.raw`[\]a]`],
    [String.raw`\Q.*\E`, String.raw`\.\*`],
    [String.raw`\x{41}`, 'A'],
    [String.raw`\d`, String.raw`\d`],
  );
  type Piece = [go: string, js: string];
  const piece: fc.Arbitrary<Piece> = fc.letrec<{ piece: Piece }>((tie) => ({
    piece: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom as fc.Arbitrary<Piece>,
      fc.tuple(tie('piece'), fc.constantFrom('', '?', '{1,3}')).map(([[go, js], quantifier]): Piece => [`(?:${go})${quantifier}`, `(?:${js})${quantifier}`]),
      fc.tuple(tie('piece'), tie('piece')).map(([[goA, jsA], [goB, jsB]]): Piece => [`${goA}${goB}`, `${jsA}${jsB}`]),
      fc.tuple(tie('piece'), tie('piece')).map(([[goA, jsA], [goB, jsB]]): Piece => [`(?P<n${goA.length}>${goA}|${goB})`, `(?<n${goA.length}>${jsA}|${jsB})`]),
    ),
  })).piece;

  test('a translated pattern matches exactly what its JavaScript twin matches', () => {
    fc.assert(
      fc.property(piece, fc.boolean(), fc.boolean(), fc.array(fc.string({ unit: fc.constantFrom(...'aA0_.*]b9'), maxLength: 8 }), { minLength: 1, maxLength: 8 }), ([rawGo, rawJs], caseless, anchored, samples) => {
        // Group names must be unique: number them in order, the same in both.
        let goCount = 0;
        let jsCount = 0;
        const go = rawGo.replaceAll(/\(\?P<n\d+>/gu, () => `(?P<g${(goCount += 1)}>`);
        const js = rawJs.replaceAll(/\(\?<n\d+>/gu, () => `(?<g${(jsCount += 1)}>`);
        const translated = translateGoRegex(`${caseless ? '(?i)' : ''}${anchored ? String.raw`\A` : ''}${go}${anchored ? String.raw`\z` : ''}`);
        if ('problem' in translated) throw new Error(translated.problem);
        const ours = new RegExp(translated.source, translated.flags);
        const twin = new RegExp(`${anchored ? '^' : ''}${js}${anchored ? '$' : ''}`, caseless ? 'i' : '');
        for (const sample of samples) expect(ours.test(sample)).toBe(twin.test(sample));
      }),
      { numRuns: 500 },
    );
  });
});

describe('regex rules as gitleaks writes them', () => {
  test('secretGroup picks the group; by default the first group that matched, else the whole match', () => {
    const regex = String.raw`(key|token)=([a-z0-9]{8})`;
    expect(redact('token=abcd1234', { type: 'T', regex, keywords: ['token'] })).toBe('<REDACTED:T>=abcd1234');
    expect(redact('token=abcd1234', { type: 'T', regex, keywords: ['token'], secretGroup: 2 })).toBe('token=<REDACTED:T>');
    expect(redact('token=abcd1234', { type: 'T', regex, keywords: ['token'], secretGroup: 0 })).toBe('<REDACTED:T>');
    expect(redact('xy abcd1234', { type: 'T', regex: String.raw`(?:q(z)|abcd)\d{4}` })).toBe('xy <REDACTED:T>');
  });

  test('entropy: the secret must carry more than the rule asks', () => {
    const rule: RegexSecretRule = { type: 'E', regex: String.raw`secret=([A-Za-z0-9]{16})`, keywords: ['secret'], entropy: 3.5 };
    expect(redact('secret=aaaaaaaabbbbbbbb', rule)).toBe('secret=aaaaaaaabbbbbbbb');
    expect(redact('secret=a8Zt3vN1xR7bLk2m', rule)).toBe('secret=<REDACTED:E>');
  });

  test('allowlists: regexes (secret, match or line), stopwords, condition AND', () => {
    const base = { type: 'A', regex: String.raw`pass=(\w{6,})`, keywords: ['pass='] };
    expect(redact('pass=example123', { ...base, allow: { regexes: ['^example'] } })).toBe('pass=example123');
    expect(redact('pass=hunter222', { ...base, allow: { regexes: ['^example'] } })).toBe('pass=<REDACTED:A>');
    expect(redact('pass=hunter222', { ...base, allow: { regexes: ['^pass='], regexTarget: 'match' } })).toBe('pass=hunter222');
    expect(redact('test: pass=hunter222', { ...base, allow: { regexes: ['^test:'], regexTarget: 'line' } })).toBe('test: pass=hunter222');
    expect(redact('pass=MyDUMMYvalue', { ...base, allow: { stopwords: ['dummy'] } })).toBe('pass=MyDUMMYvalue');
    expect(redact('pass=dummy_1', { ...base, allow: { stopwords: ['dummy'], regexes: ['^x'], condition: 'AND' } })).toBe('pass=<REDACTED:A>');
    expect(redact('pass=xdummy', { ...base, allow: [{ regexes: ['^q'] }, { stopwords: ['dummy'], regexes: ['^x'], condition: 'AND' }] })).toBe('pass=xdummy');
  });

  test('(?i) makes the whole rule case-insensitive; keywords always are', () => {
    const rule: RegexSecretRule = { type: 'C', regex: String.raw`(?i)acme_[a-f0-9]{8}`, keywords: ['ACME'] };
    expect(redact('ACME_ABCDEF12 and acme_abcdef12', rule)).toBe('<REDACTED:C> and <REDACTED:C>');
  });
});

describe('refused at construction with InvalidRuleError (rule, field, problem)', () => {
  const refuse = (rule: unknown, field: string, problem: RegExp): void => {
    let error: unknown;
    try {
      redactSecretsStream({ rules: [rule as RegexSecretRule] });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidRuleError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_RULE', field });
    expect((error as InvalidRuleError).problem).toMatch(problem);
  };

  test.each([
    ['(a+)+b', /exponential/u],
    [String.raw`\s*\s*x`, /polynomial/u],
    ['[a-z]+_key', /every start position/u],
    // eslint-disable-next-line regexp/no-super-linear-move -- the point: such a regex is refused
    [/(?:a|ab)*c/u, /time/u],
  ])('the super-linear regex %s', (regex, problem) => refuse({ type: 'SLOW', regex }, 'regex', problem));

  test('the other mistakes', () => {
    refuse({ type: 'lower', regex: 'x' }, 'type', /upper-case/u);
    refuse({ type: 'X', regex: '' }, 'regex', /non-empty/u);
    refuse({ type: 'X', regex: '(' }, 'regex', /not a valid regular expression/u);
    refuse({ type: 'X', regex: '(?U)x' }, 'regex', /flag/u);
    refuse({ type: 'X', regex: '(a)', secretGroup: 2 }, 'secretGroup', /0 to 1/u);
    refuse({ type: 'X', regex: 'a', entropy: 'high' }, 'entropy', /number/u);
    refuse({ type: 'X', regex: 'a', keywords: [''] }, 'keywords', /non-empty/u);
    refuse({ type: 'X', regex: 'a', colour: 'red' }, 'colour', /not a field/u);
    refuse({ type: 'X', regex: 'a', allow: { paths: ['x'] } }, 'allow.paths', /not a field/u);
    refuse({ type: 'X', regex: 'a', allow: { regexes: ['(a|a)*$'] } }, 'allow.regexes[0]', /time/u);
    refuse({ type: 'X', regex: 'a', allow: { regexTarget: 'file' } }, 'allow.regexTarget', /secret/u);
  });

  test('the message names the rule and the field', () => {
    expect(() => redactSecretsStream({ rules: [{ type: 'SLOW', id: 'slow-rule', regex: '(a+)+b' }] })).toThrow(/^rule "slow-rule", regex: it can take exponential time/u);
  });
});

describe('keywords', () => {
  test('every occurrence is reported, overlapping ones included, in any case (fast-check)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'A'), minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5, selector: (keyword) => keyword.toLowerCase() }), fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'A', 'c'), maxLength: 40 }), (keywords, text) => {
        const automaton = keywordAutomaton(keywords);
        const found: string[] = [];
        let state = 0;
        for (let index = 0; index < text.length; index += 1) {
          state = automaton.step(state, text.charCodeAt(index));
          for (const keyword of automaton.endings[state] ?? []) found.push(`${index + 1 - (automaton.lengths[keyword] as number)}:${keyword}`);
          expect(automaton.depth[state]).toBeLessThanOrEqual(index + 1);
        }
        const expected: string[] = [];
        for (let end = 1; end <= text.length; end += 1) {
          keywords.forEach((keyword, index) => {
            const start = end - keyword.length;
            if (start >= 0 && text.slice(start, end).toLowerCase() === keyword.toLowerCase()) expected.push(`${start}:${index}`);
          });
        }
        expect(found.sort()).toEqual(expected.sort());
      }),
      { numRuns: 500 },
    );
  });
});
