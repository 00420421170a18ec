import { abbreviatedKeyMatcher } from './abbreviated-key-matcher';
import { authorizationMatcher } from './authorization-matcher';
import { awsSecretKeyMatcher } from './aws-secret-key-matcher';
import type { Matcher } from './matcher';
import type { PatternRule } from './pattern-matcher';
import { privateKeyMatcher } from './private-key-matcher';
import { characters, literal, type SecretPattern } from './secret-pattern';
import { urlPasswordMatcher } from './url-password-matcher';

const base64Url = 'A-Za-z0-9_-';

/**
 * The provider formats, each a pattern with a stable type. Order matters where prefixes
 * overlap: the first rule that matches at a position wins (`sk-ant-` before `sk-proj-` before
 * legacy `sk-`).
 */
export const providerPatterns: ReadonlyArray<readonly [type: string, pattern: SecretPattern]> = [
  ['AWS_ACCESS_KEY_ID', [literal(['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AROA', 'AIDA']), characters('A-Z0-9', { min: 16, max: 16 })]],
  ['SLACK_WEBHOOK_URL', [literal('https://hooks.slack.com/'), literal(['services/', 'workflows/', 'triggers/']), characters('A-Za-z0-9/_', { min: 20, max: 160 })]],
  ['SLACK_TOKEN', [literal(['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxe-', 'xoxe.xoxp-', 'xapp-']), characters('A-Za-z0-9-', { min: 10, max: 256 })]],
  ['ANTHROPIC_API_KEY', [literal(['sk-ant-api03-', 'sk-ant-admin01-', 'sk-ant-']), characters(base64Url, { min: 32, max: 256 })]],
  ['OPENAI_API_KEY', [literal(['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-']), characters(base64Url, { min: 20, max: 256 })]],
  ['OPENAI_API_KEY', [literal('sk-'), characters('A-Za-z0-9', { min: 32, max: 64 })]],
  ['STRIPE_SECRET_KEY', [literal(['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_']), characters('A-Za-z0-9', { min: 16, max: 247 })]],
  ['GITHUB_TOKEN', [literal(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']), characters('A-Za-z0-9', { min: 36, max: 251 })]],
  ['GITHUB_TOKEN', [literal('github_pat_'), characters('A-Za-z0-9_', { min: 22, max: 251 })]],
  [
    'GITLAB_TOKEN',
    [
      literal(['glpat-', 'gldt-', 'glrt-', 'glrtr-', 'glptt-', 'glft-', 'glsoat-', 'glcbt-', 'gloas-', 'glimt-', 'glagent-', 'glffct-', 'glwt-', 'GR1348941']),
      characters(base64Url, { min: 20, max: 256 }),
    ],
  ],
  ['NPM_TOKEN', [literal('npm_'), characters('A-Za-z0-9', { min: 36, max: 36 })]],
  ['FIGMA_TOKEN', [literal(['figd_', 'figu_']), characters(base64Url, { min: 40, max: 128 })]],
  ['TWILIO_API_KEY', [literal('SK'), characters('0-9a-f', { min: 32, max: 32 })]],
  ['SENDGRID_API_KEY', [literal('SG.'), characters(base64Url, { min: 22, max: 22 }), literal('.'), characters(base64Url, { min: 43, max: 43 })]],
  ['GOOGLE_API_KEY', [literal('AIza'), characters(base64Url, { min: 35, max: 35 })]],
  [
    'JWT',
    [
      literal('eyJ'),
      characters(base64Url, { min: 8, max: 2048 }),
      literal('.eyJ'),
      characters(base64Url, { min: 8, max: 4096 }),
      literal('.'),
      characters(base64Url, { min: 0, max: 1024 }),
    ],
  ],
];

/** The provider formats as pattern rules, matched together in one pass (see `patternRulesMatcher`). */
export const builtInPatternRules: readonly PatternRule[] = providerPatterns.map(([type, pattern]) => ({ type, pattern }));

/** The built-in rules that are not patterns, in the order they are tried at a position. */
export const builtInMatchers: readonly Matcher[] = [privateKeyMatcher, urlPasswordMatcher, authorizationMatcher, awsSecretKeyMatcher, abbreviatedKeyMatcher];

/** The type reported by the generic entropy rule. */
export const HIGH_ENTROPY = 'HIGH_ENTROPY';

/**
 * The stable types of the built-in rules, for `disable`. `ABBREVIATED_KEY` is the rule for keys a
 * model abbreviated (`AKIA…`); its placeholders name the key's own type.
 */
export const builtInTypes: readonly string[] = [
  ...new Set([privateKeyMatcher.type, ...builtInPatternRules.map((rule) => rule.type), ...builtInMatchers.map((matcher) => matcher.type), HIGH_ENTROPY]),
];
