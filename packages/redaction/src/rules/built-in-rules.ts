import { abbreviatedKeyMatcher } from '../detectors/abbreviated-key-matcher';
import { assignmentMatcher } from '../detectors/assignment-matcher';
import { nameValueMatcher } from '../detectors/name-value-matcher';
import { netrcMatcher } from '../detectors/netrc-matcher';
import { pgpassMatcher } from '../detectors/pgpass-matcher';
import { authorizationMatcher } from '../detectors/authorization-matcher';
import { awsSecretKeyMatcher } from '../detectors/aws-secret-key-matcher';
import { catalogue, cataloguePattern } from './catalogue';
import { commandPasswordMatcher } from '../detectors/command-password-matcher';
import { credentialPairMatcher } from '../detectors/credential-pair-matcher';
import { catalogueJudge, midWordJudge } from '../judge/catalogue-judge';
import type { Matcher } from '../engine/matcher';
import type { PatternRule } from '../engine/pattern/pattern-matcher';
import { longOptionMatcher } from '../detectors/long-option-matcher';
import { pemBlockMatcher } from '../detectors/pem-block-matcher';
import type { SecretPattern } from '../engine/pattern/secret-pattern';
import { sqlPasswordMatcher } from '../detectors/sql-password-matcher';
import { urlPasswordMatcher } from '../detectors/url-password-matcher';
import { userOptionMatcher } from '../detectors/user-option-matcher';

/** The catalogue's provider formats as `[type, pattern]` pairs, in priority order (see `catalogue`). */
export const providerPatterns: ReadonlyArray<readonly [type: string, pattern: SecretPattern]> = catalogue.map((rule) => [rule.type, cataloguePattern(rule)] as const);

/** The catalogue's provider formats as pattern rules, matched together in one pass (see `patternRulesMatcher`), each judged by its row (`catalogueJudge`); inside a word too when written contiguously (`midWordJudge`). */
export const builtInPatternRules: readonly PatternRule[] = catalogue.map((rule) => ({ type: rule.type, pattern: cataloguePattern(rule), accept: catalogueJudge(rule), midWordPrefixes: rule.prefixes, acceptMidWord: midWordJudge(rule), labelled: rule.labelled === true }));

/** The built-in rules that are not patterns, in the order they are tried at a position. */
export const builtInMatchers: readonly Matcher[] = [pemBlockMatcher, urlPasswordMatcher, authorizationMatcher, awsSecretKeyMatcher, abbreviatedKeyMatcher, assignmentMatcher, nameValueMatcher, netrcMatcher, pgpassMatcher, userOptionMatcher, commandPasswordMatcher, credentialPairMatcher, longOptionMatcher, sqlPasswordMatcher];

/** The type reported by the generic entropy rule. */
export const HIGH_ENTROPY = 'HIGH_ENTROPY';

/**
 * The stable types of the built-in rules, for `disable`. `ABBREVIATED_KEY` is the rule for keys a
 * model abbreviated (`AKIA…`); its placeholders name the key's own type.
 */
export const builtInTypes: readonly string[] = [
  ...new Set([pemBlockMatcher.type, ...builtInPatternRules.map((rule) => rule.type), ...builtInMatchers.map((matcher) => matcher.type), HIGH_ENTROPY]),
];
