import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InvalidRuleError } from './invalid-rule-error';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { rulesFromGitleaksConfig } from './rules-from-gitleaks-config';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** What smol-toml returns for a typical team config. */
const config = {
  title: 'team rules',
  extend: { useDefault: true },
  allowlist: { description: 'global', regexes: ['^EXAMPLE'], stopwords: ['placeholder'], paths: ['vendor/'] },
  rules: [
    {
      id: 'acme-api-key',
      description: 'Acme API key',
      regex: String.raw`(?i)\b(acme_(?:live|test)_[a-z0-9]{24})(?:['"\s;]|$)`,
      keywords: ['acme_live_', 'acme_test_'],
      tags: ['acme'],
    },
    {
      id: 'widget-secret',
      regex: String.raw`(?i)widget[\w.-]{0,20}[\s'"]{0,3}(?:=|:|=>)[\s'"]{0,5}([a-z0-9/+]{32})`,
      secretGroup: 1,
      entropy: 3.5,
      keywords: ['widget'],
      path: String.raw`\.env$`,
      allowlists: [{ regexTarget: 'line', regexes: ['(?i)test fixture'] }, { stopwords: ['sample'] }],
    },
  ],
};

describe('rulesFromGitleaksConfig', () => {
  const { rules, allow } = rulesFromGitleaksConfig(config);

  test('maps ids to placeholder types and keeps the rule facts', () => {
    expect(rules.map((rule) => rule.type)).toEqual(['ACME_API_KEY', 'WIDGET_SECRET']);
    expect(rules[1]).toMatchObject({ id: 'widget-secret', secretGroup: 1, entropy: 3.5, keywords: ['widget'] });
    expect(allow).toHaveLength(2);
  });

  test('each shape: keywords, secretGroup, entropy, rule allowlists, global allowlist, (?i)', () => {
    // The entropy rule off: a rule's allowlist frees a finding from that rule only, not from the built-in ones.
    const redact = (text: string): string => redactSecrets(text, { rules, allow, entropy: false });
    expect(redact('key ACME_LIVE_abcdefghijklmnopqrstuvwx;')).toBe('key <REDACTED:ACME_API_KEY>;');
    expect(redact('WIDGET_TOKEN = "k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a"')).toBe('WIDGET_TOKEN = "<REDACTED:WIDGET_SECRET>"');
    expect(redact('widget: aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb')).toBe('widget: aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb');
    expect(redact('widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a # Test fixture')).toBe('widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a # Test fixture');
    expect(redact('widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gSAMPLE')).toBe('widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gSAMPLE');
    expect(redact('acme_test_placeholderplaceholderxx ok')).toBe('acme_test_placeholderplaceholderxx ok');
  });

  test('every chunking gives the same lossless output (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream({ rules, allow });
    const line = fc.constantFrom(
      'key ACME_LIVE_abcdefghijklmnopqrstuvwx;',
      'WIDGET_TOKEN = "k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a"',
      'widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a # test fixture',
      'acme is fine',
      'widget',
      '',
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(200), { maxLength: 8 }), (lines, offsets) => {
        const text = lines.join('\n');
        const chunks = splitAt(text, offsets);
        expect(runChunks(redactor, chunks).output).toBe(redactSecrets(text, { rules, allow }));
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 2, chunkings: [chunks] });
      }),
      { numRuns: 150 },
    );
  });

  const refuse = (bad: unknown, rule: string, field: string, problem: RegExp): void => {
    let error: unknown;
    try {
      rulesFromGitleaksConfig(bad);
    } catch (caught) {
      error = caught;
    }
    expect(InvalidRuleError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_RULE', rule, field });
    expect((error as InvalidRuleError).problem).toMatch(problem);
  };

  test('refuses bad configs with the rule id, the field and the problem', () => {
    refuse('rules', '', 'config', /table/u);
    refuse({ rule: [] }, '', 'rule', /not a gitleaks config field/u);
    refuse({ rules: {} }, '', 'rules', /array/u);
    refuse({ rules: [{ regex: 'x' }] }, '#1', 'id', /non-empty string/u);
    refuse({ rules: [{ id: 'a', regex: 'x' }, { id: 'a', regex: 'y' }] }, 'a', 'id', /earlier rule/u);
    refuse({ rules: [{ id: 'a', regex: 'x', severity: 'high' }] }, 'a', 'severity', /not a gitleaks rule field/u);
    refuse({ rules: [{ id: 'paths-only', path: 'x' }] }, 'paths-only', 'regex', /missing/u);
    refuse({ rules: [{ id: 'slow', regex: '(a|a)*b' }] }, 'slow', 'regex', /polynomial|exponential/u);
    refuse({ rules: [{ id: 'a', regex: 'x', allowlist: { regex: ['y'] } }] }, 'a', 'allowlist.regex', /not a gitleaks allowlist field/u);
    refuse({ rules: [{ id: 'a', regex: 'x', allowlists: [{ stopwords: 'y' }] }] }, 'a', 'allowlists[0].stopwords', /list/u);
    refuse({ rules: [{ id: 'a', regex: 'x', keywords: 'x' }] }, 'a', 'keywords', /list/u);
    refuse({ allowlist: { regexTarget: 'line', regexes: ['x'] } }, '', 'allowlist.regexTarget', /secret only/u);
    refuse({ allowlist: { regexes: ['(a+)+$'] } }, '', 'allowlist.regexes[0]', /exponential/u);
  });

  test("a rule's allowlist frees a finding from that rule only; the global allowlist from every rule", () => {
    const text = 'widget: k8Zt3vN1xR7bLk2mWp9sQ4dF6gH8jL0a # test fixture';
    expect(redactSecrets(text, { rules, allow })).toBe('widget: <REDACTED:HIGH_ENTROPY> # test fixture');
    expect(redactSecrets('EXAMPLEk8Zt3vN1xR7bLk2mWp9sQ4dF6', { rules, allow })).toBe('EXAMPLEk8Zt3vN1xR7bLk2mWp9sQ4dF6');
  });

  test('a global [[allowlists]] with targetRules works as those rules\' own allowlist', () => {
    const targeted = rulesFromGitleaksConfig({
      rules: [
        { id: 'one', regex: 'one=([a-z]{8})', keywords: ['one='] },
        { id: 'two', regex: 'two=([a-z]{8})', keywords: ['two='] },
      ],
      allowlists: [{ targetRules: ['one'], regexTarget: 'line', regexes: ['^# example'] }],
    });
    expect(targeted.allow).toEqual([]);
    const text = '# example one=abcdefgh two=abcdefgh';
    expect(redactSecrets(text, { ...targeted, entropy: false })).toBe('# example one=abcdefgh two=<REDACTED:TWO>');
    refuse({ rules: [{ id: 'one', regex: 'x' }], allowlists: [{ targetRules: ['three'], regexes: ['y'] }] }, '', 'allowlists[0].targetRules', /"three"/u);
    refuse({ rules: [{ id: 'both', regex: 'x', required: [{ id: 'one' }] }] }, 'both', 'required', /composite rules/u);
  });

  test('a rule id that is not a type becomes one', () => {
    expect(rulesFromGitleaksConfig({ rules: [{ id: '1password-token', regex: 'ops_[a-z]{8}' }] }).rules[0]?.type).toBe('RULE_1PASSWORD_TOKEN');
  });
});
