import { InvalidArgumentError, ParleyError } from '@parley/core';
import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { InvalidRuleError } from '../user-rules/invalid-rule-error';
import type { RedactionOptions } from './redaction-options';
import { redactSecretsStream } from './redact-secrets-stream';
import { findSecrets, redactSecrets } from './redact-secrets';
import { redactValue } from './redact-value';
import { rulesFromGitleaksConfig } from '../user-rules/rules-from-gitleaks-config';
import { characters, literal } from '../engine/pattern/secret-pattern';

const github = samples.find((sample) => sample.type === 'GITHUB_TOKEN')?.text ?? '';
const text = `see ${github} end\n`;
const codes = new Set(['INVALID_ARGUMENT', 'INVALID_RULE']);

/** Runs `make`; a throw must be a ParleyError with a stable code, never a bare TypeError or RangeError. */
function typedOrMade<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch (error) {
    if (!ParleyError.isInstance(error) || !codes.has(error.code)) throw error;
    return undefined;
  }
}

const bad = (options: unknown): unknown => options as RedactionOptions;

/** A user's pattern built from text, so our own lint does not judge the hostile ones the tests give. */
const hostile = (source: string): RegExp => new RegExp(source, 'u');

describe('bad options are typed errors when the redactor is made (the reported shapes)', () => {
  const argument = (make: () => unknown, name: string): void => {
    let thrown: unknown;
    try {
      make();
    } catch (error) {
      thrown = error;
    }
    expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
    expect((thrown as InvalidArgumentError).argument).toBe(name);
  };

  test('the wrong shape of a field', () => {
    argument(() => redactSecrets(text, bad({ allow: 'AKIA' }) as RedactionOptions), 'allow');
    argument(() => redactSecrets(text, bad({ allow: [5] }) as RedactionOptions), 'allow');
    argument(() => redactSecrets(text, bad({ rules: {} }) as RedactionOptions), 'rules');
    argument(() => redactSecrets(text, bad({ rules: [null] }) as RedactionOptions), 'rules');
    argument(() => redactSecretsStream(bad({ rules: [{ type: ['ACME'], pattern: [literal('acme_')] }]}) as RedactionOptions), 'rules');
    argument(() => redactSecrets(text, null as unknown as RedactionOptions), 'options');
    argument(() => redactSecretsStream(null as unknown as RedactionOptions), 'options');
    argument(() => findSecrets(text, 'x' as unknown as RedactionOptions), 'options');
    argument(() => redactValue({ a: text }, null as unknown as RedactionOptions), 'options');
    argument(() => redactSecretsStream(bad({ disable: 'JWT' }) as RedactionOptions), 'disable');
    argument(() => redactSecretsStream(bad({ allowMarker: 'yes' }) as RedactionOptions), 'allowMarker');
    argument(() => redactSecretsStream(bad({ maxLineLength: 100 }) as RedactionOptions), 'maxLineLength');
  });

  test('placeholder and onSecret must be functions, checked before any text', () => {
    argument(() => redactSecretsStream(bad({ placeholder: 'X' }) as RedactionOptions), 'placeholder');
    argument(() => redactSecretsStream(bad({ placeholder: () => 5 }) as RedactionOptions), 'placeholder');
    argument(
      () =>
        redactSecretsStream({
          placeholder: () => {
            throw new Error('no');
          },
        }),
      'placeholder',
    );
    argument(() => redactSecretsStream(bad({ onSecret: 5 }) as RedactionOptions), 'onSecret');
    expect(redactSecrets(`t ${github}`, { placeholder: (type) => `[${type}]` })).toBe('t [GITHUB_TOKEN]');
  });

  test('entropy settings: never silently off (minLength 0), never NaN or a string', () => {
    argument(() => redactSecretsStream({ entropy: { minLength: 0 } }), 'entropy');
    argument(() => redactSecretsStream({ entropy: { minLength: 70_000 } }), 'entropy');
    argument(() => redactSecretsStream({ entropy: { threshold: Number.NaN } }), 'entropy');
    argument(() => redactSecretsStream(bad({ entropy: { threshold: '4' } }) as RedactionOptions), 'entropy');
    argument(() => redactSecretsStream(bad({ entropy: { minLength: 'x' } }) as RedactionOptions), 'entropy');
    argument(() => redactSecretsStream(bad({ entropy: 'yes' }) as RedactionOptions), 'entropy');
    argument(() => redactSecretsStream(bad({ entropy: true }) as RedactionOptions), 'entropy');
    argument(() => redactSecretsStream(bad({ entropy: { minLen: 10 } }) as RedactionOptions), 'entropy');
    expect(redactSecrets('see Zq8Lk2Vx9Tn4wRm7Pb3Yc6HdQ4a8Zt3v end', { entropy: { minLength: 1 } })).toBe('see <REDACTED:HIGH_ENTROPY> end');
    expect(redactSecrets('see Zq8Lk2Vx9Tn4wRm7Pb3Yc6HdQ4a8Zt3v end', { entropy: false })).toBe('see Zq8Lk2Vx9Tn4wRm7Pb3Yc6HdQ4a8Zt3v end');
  });

  test('an allow pattern that could backtrack super-linearly is refused, naming the entry', () => {
    let thrown: unknown;
    try {
      redactSecrets('see Zq8Lk2Vx9Tn4wRm7Pb3Yc6HdQ4a8Zt3v end', { allow: ['ok', hostile('^([A-Za-z0-9]+)+!$')] });
    } catch (error) {
      thrown = error;
    }
    expect(InvalidRuleError.isInstance(thrown)).toBe(true);
    expect((thrown as InvalidRuleError).field).toBe('allow[1]');
    expect(() => redactSecretsStream({ allow: [hostile('^(x{1,20}){1,20}!$')] })).toThrow(InvalidRuleError);
    // A safe pattern with the g flag works every time (no lastIndex carried between findings).
    const allow = [/^ghp_/gu];
    expect(redactSecrets(`${github} ${github}`, { allow })).toBe(`${github} ${github}`);
  });

  test('a gitleaks condition other than OR or AND is refused, in a rule or the global allowlist', () => {
    const rule = { id: 'acme', regex: 'acme_[a-z]{8}', keywords: ['acme_'] };
    expect(() => rulesFromGitleaksConfig({ rules: [{ ...rule, allowlist: { condition: 'XOR', stopwords: ['x'] } }] })).toThrow(InvalidRuleError);
    expect(() => rulesFromGitleaksConfig({ rules: [rule], allowlist: { condition: 'XOR', stopwords: ['x'] } })).toThrow(/condition/);
    expect(() => rulesFromGitleaksConfig({ rules: [rule], allowlist: { condition: 'or', stopwords: ['x'] } })).not.toThrow();
  });

  test('redactValue: a BigInt becomes its digits, redacted; a value nested too deep is a typed error', () => {
    expect(redactValue({ a: 1n })).toEqual({ a: '1' });
    expect(JSON.stringify(redactValue({ a: 12_345_678_901_234_567_890n }))).toBe('{"a":"12345678901234567890"}');
    let deep: unknown = 'x';
    for (let index = 0; index < 20_000; index += 1) deep = [deep];
    expect(() => redactValue(deep)).toThrow(InvalidArgumentError);
    let shallow: unknown = github;
    for (let index = 0; index < 900; index += 1) shallow = [shallow];
    expect(JSON.stringify(redactValue(shallow))).toContain('<REDACTED:GITHUB_TOKEN>');
  });
});

describe('any options: made and then redacting, or a typed error when made', () => {
  const regexes = fc.constantFrom(/^x/u, /^AKIA0{16}$/u, hostile('(a+)+b'), hostile('^(x{1,30}){1,30}$'), /\d{3}/gu);
  const field = (specific: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.option(fc.oneof(fc.anything(), specific), { nil: undefined });
  const options = fc.record(
    {
      rules: field(
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.record({ type: fc.oneof(fc.constant('ACME_KEY'), fc.anything()), pattern: fc.oneof(fc.anything(), fc.constant([literal('acme_'), characters('a-z0-9', { min: 8, max: 8 })])) }),
            fc.record({ type: fc.oneof(fc.constant('ACME_KEY'), fc.anything()), regex: fc.oneof(fc.anything(), fc.constantFrom('acme_[a-z]{8}', '(a+)+', /acme/u)), keywords: field(fc.constant(['acme'])) }),
          ),
          { maxLength: 3 },
        ),
      ),
      disable: field(fc.array(fc.oneof(fc.constantFrom('JWT', 'HIGH_ENTROPY'), fc.anything()), { maxLength: 3 })),
      allow: field(fc.array(fc.oneof(fc.string(), regexes, fc.anything()), { maxLength: 3 })),
      entropy: field(fc.oneof(fc.constant(false), fc.record({ threshold: field(fc.double()), minLength: field(fc.integer({ min: -2, max: 2000 })) }))),
      maxTokenLength: field(fc.integer({ min: 0, max: 70_000 })),
      placeholder: field(fc.constantFrom((type: string) => `[${type}]`, () => 5, () => '')),
      onSecret: field(fc.constantFrom(() => undefined, 'log')),
      allowMarker: field(fc.boolean()),
      maxLineLength: field(fc.integer({ min: 0, max: 2_000_000 })),
    },
    { requiredKeys: [] },
  );

  test('every option object (fc.anything() in each field, biased to near-valid values) (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(options, fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 4 }), (given, cuts) => {
        const middleware = typedOrMade(() => redactSecretsStream(given as RedactionOptions));
        const whole = typedOrMade(() => redactSecrets(text, given as RedactionOptions));
        // Made by one entry point means made by every one: the checks are the same.
        expect(middleware === undefined).toBe(whole === undefined);
        if (middleware === undefined || whole === undefined) return;
        const chunks: string[] = [];
        let at = 0;
        for (const cut of [...new Set(cuts)].sort((left, right) => left - right)) {
          chunks.push(text.slice(at, cut));
          at = cut;
        }
        chunks.push(text.slice(at));
        // Nothing throws mid-stream, and the planted key never comes through.
        const streamed = runChunks(middleware, chunks).output;
        expect(streamed).not.toContain(github);
        expect(whole).not.toContain(github);
        expect(JSON.stringify(redactValue({ note: text }, given as RedactionOptions))).not.toContain(github);
      }),
      { numRuns: 400 },
    );
  });
});
