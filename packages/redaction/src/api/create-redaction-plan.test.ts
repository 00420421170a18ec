import { describe, expect, test } from 'vitest';
import { createRedactionPlan } from './create-redaction-plan';
import { redactSecrets } from './redact-secrets';
import { characters, literal } from '../engine/pattern/secret-pattern';

describe('createRedactionPlan', () => {
  test('plans of the built-in rules share the compiled catalogue, per set of types turned off', () => {
    const first = createRedactionPlan();
    const second = createRedactionPlan({ entropy: { threshold: 4.5 } });
    expect(second.atWordStart).toBe(first.atWordStart);
    expect(second.prefilter).toBe(first.prefilter);
    // The order of `disable` does not matter; its content does.
    const withoutJwt = createRedactionPlan({ disable: ['JWT', 'SLACK_TOKEN'] });
    expect(createRedactionPlan({ disable: ['SLACK_TOKEN', 'JWT'] }).atWordStart).toBe(withoutJwt.atWordStart);
    expect(withoutJwt.atWordStart).not.toBe(first.atWordStart);
    // A different entropy run length compiles its own prefilter over the same matchers (below the
    // shortest key found inside a word, 15, which runs of any longer minimum are judged for).
    expect(createRedactionPlan({ entropy: { minLength: 12 } }).prefilter).not.toBe(first.prefilter);
  });

  test('a shared catalogue gives each plan its own options: types turned off stay off', () => {
    const token = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5';
    expect(redactSecrets(`key ${token} here`)).not.toContain(token);
    expect(redactSecrets(`key ${token} here`, { disable: ['GITHUB_TOKEN', 'HIGH_ENTROPY'] })).toContain(token);
    expect(redactSecrets(`key ${token} here`)).not.toContain(token);
  });

  test('custom pattern rules get a catalogue of their own, and never reach a plan without them', () => {
    const rules = [{ type: 'ACME_KEY', pattern: [literal('acme_'), characters('a-d', { min: 16, max: 16 })] }];
    const text = 'key acme_aaaabbbbccccdddd here';
    expect(createRedactionPlan({ rules }).atWordStart).not.toBe(createRedactionPlan().atWordStart);
    expect(redactSecrets(text, { rules })).toBe('key <REDACTED:ACME_KEY> here');
    expect(redactSecrets(text)).toBe(text);
  });
});
