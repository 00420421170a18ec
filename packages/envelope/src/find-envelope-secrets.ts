import { findSecrets, HIGH_ENTROPY, type RedactionOptions, type SecretFinding } from '@parley/redaction';
import { isAllowlistedPath } from './allowlisted-path';

/**
 * The secrets the fuzzy-redaction step finds in envelope text: `@parley/redaction`'s
 * {@link findSecrets}, except a high-entropy finding that is a path made only of allowlisted pieces
 * (UUIDs, hex SHAs, ordinary names and extensions, such as `runs/<uuid>/<sha1>.json`): the spec
 * allowlists UUIDs and SHAs, so each path segment is judged on its own (issue 13).
 */
export function findEnvelopeSecrets(text: string, redaction: RedactionOptions | undefined): SecretFinding[] {
  return findSecrets(text, redaction).filter((finding) => finding.type !== HIGH_ENTROPY || !isAllowlistedPath(text.slice(finding.start, finding.end)));
}
