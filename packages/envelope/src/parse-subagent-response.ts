import { excerpt, expectString } from '@parley/core';
import { type RedactionOptions, redactSecrets, redactValue } from '@parley/redaction';
import { checkCompression } from './compression';
import { contractBlock } from './contract-block';
import { detectEnvelope } from './detect-envelope';
import { type Envelope, EnvelopeSchema } from './envelope-schema';
import { type EnvelopeViolation, formatPath } from './envelope-violation';
import { schemaViolationCode } from './envelope-violation-rules';
import { findEnvelopeSecrets } from './find-envelope-secrets';
import { checkForbiddenContent } from './forbidden-content';
import { parseYamlSafely, type YamlLimits } from './parse-yaml-safely';
import { expectOptionsObject } from './expect-options-object';
import { readLimit } from './read-limit';

/** What the quarantine sink receives: the raw response that held a suspected secret. */
export interface QuarantineRecord {
  /** The raw response text(s): the first answer, and the retried one when there was a retry. */
  readonly responses: readonly string[];
  /** The types of secret suspected, such as `["AWS_ACCESS_KEY_ID"]`. */
  readonly secretTypes: readonly string[];
}

/** Something the parent must record, such as a suspected secret leak. Never holds the secret. */
export interface Incident {
  readonly kind: 'suspected_secret';
  readonly secretTypes: readonly string[];
  /** Whether the quarantine sink accepted the raw response. */
  readonly quarantined: boolean;
  readonly message: string;
}

/** Options of {@link parseSubagentResponse}. */
export interface ParseSubagentResponseOptions {
  /** Asks the subagent once more with a reformat-only prompt; without it there is no retry. */
  readonly retry?: (prompt: string) => string | Promise<string>;
  /** Receives a response that held a suspected secret (where a team keeps quarantined dumps). */
  readonly quarantine?: (record: QuarantineRecord) => void | Promise<void>;
  /** Options of the secret scan (custom rules, allowlists). */
  readonly redaction?: RedactionOptions;
  /** The longest envelope, in characters. Default 256 K. */
  readonly maxEnvelopeLength?: number;
  readonly yaml?: YamlLimits;
}

/** The outcome of the parent parse contract. */
export interface SubagentResult {
  /** The envelope to use: valid, or stubbed to `status: malformed`; never a `_marker`, never a secret. */
  readonly envelope: Envelope;
  readonly status: Envelope['status'];
  /** Every violation found in the response that was used (advisory `COMPRESSION` ones included). */
  readonly violations: EnvelopeViolation[];
  readonly incidents: Incident[];
  /** Whether the reformat-only retry was used. */
  readonly retried: boolean;
}

interface Attempt {
  readonly envelope: Envelope | undefined;
  readonly violations: EnvelopeViolation[];
  /** `reported_by` as the child wrote it, for the stub, when it could be read. */
  readonly reportedBy: string[] | undefined;
}


/** Violation messages can quote the response (a YAML parser's error does): never let them carry a secret. */
function attempt(text: string, options: ParseSubagentResponseOptions): Attempt {
  const result = check(text, options);
  return { ...result, violations: result.violations.map((violation) => ({ ...violation, message: redactSecrets(violation.message, options.redaction) })) };
}

function check(text: string, options: ParseSubagentResponseOptions): Attempt {
  const detected = detectEnvelope(text, options.maxEnvelopeLength === undefined ? {} : { maxEnvelopeLength: options.maxEnvelopeLength });
  const violations = [...detected.violations];
  if (detected.yaml === undefined) return { envelope: undefined, violations, reportedBy: undefined };
  const parsed = parseYamlSafely(detected.yaml, options.yaml);
  if (!parsed.ok) return { envelope: undefined, violations: [...violations, ...parsed.violations], reportedBy: undefined };
  violations.push(...checkForbiddenContent(parsed.value, options.redaction));
  const reportedBy = (parsed.value as { reported_by?: unknown } | null)?.reported_by;
  const readableReporters = Array.isArray(reportedBy) && reportedBy.every((agent) => typeof agent === 'string') ? (reportedBy as string[]) : undefined;
  const validated = EnvelopeSchema.safeParse(parsed.value);
  if (!validated.success) {
    for (const issue of validated.error.issues) {
      violations.push({ rule: 'SCHEMA', code: schemaViolationCode(issue.code), path: formatPath(issue.path), message: excerpt(issue.message, 200) });
    }
    return { envelope: undefined, violations, reportedBy: readableReporters };
  }
  violations.push(...checkCompression(validated.data));
  return { envelope: validated.data, violations, reportedBy: readableReporters };
}

/** Violations that make an envelope unusable (compression ones are advice; secrets have their own step). */
const isFatal = (violation: EnvelopeViolation): boolean => violation.rule !== 'COMPRESSION' && violation.rule !== 'D5';

/** The reformat-only prompt the retry sends, listing what was wrong. */
export function reformatPrompt(violations: readonly EnvelopeViolation[]): string {
  return [
    'Your previous answer did not follow the response contract. Reformat it; do not change its content.',
    'What was wrong:',
    ...violations.map((violation) => `- ${violation.path === '' ? '' : `${violation.path}: `}${violation.message}`),
    '',
    contractBlock(),
  ].join('\n');
}

function stub(reason: string, reportedBy: string[] | undefined): Envelope {
  return {
    schema_version: '1',
    status: 'malformed',
    summary: 'subagent response unusable',
    findings: [],
    next_actions: [],
    open_questions: [],
    artifacts: [],
    reported_by: reportedBy !== undefined && reportedBy.length > 0 ? reportedBy : ['unknown'],
    degraded_reason: reason,
  };
}

/**
 * The parent parse contract, in its eight steps: detect → validate → retry (one reformat-only
 * retry through `options.retry`) → stub (`status: malformed` with a `degraded_reason`) →
 * fuzzy-redact (a suspected secret anywhere in the raw response goes to `options.quarantine`, the
 * envelope becomes `malformed` with `degraded_reason: suspected_secret_in_output`, an incident is
 * recorded, and the secret is never echoed) → strip `_marker`. Aggregate and synthesize are
 * {@link aggregateEnvelopes} and {@link synthesize}.
 *
 * Never throws on any response text; a failing `retry` or `quarantine` callback is reported, not
 * thrown.
 */
export async function parseSubagentResponse(text: string, options: ParseSubagentResponseOptions = {}): Promise<SubagentResult> {
  expectString(text, 'text');
  expectOptionsObject(options, 'options');
  if (options.yaml !== undefined) expectOptionsObject(options.yaml, 'yaml');
  // Every limit is checked up front, whether or not this response reaches the step that uses it.
  readLimit(options.maxEnvelopeLength, 'maxEnvelopeLength', 0);
  for (const limit of ['maxAliasCount', 'maxDepth', 'maxLength'] as const) readLimit(options.yaml?.[limit], `yaml.${limit}`, 0);
  const responses = [text];
  let current = attempt(text, options);
  let retried = false;
  const firstFatal = current.violations.filter(isFatal);
  if (firstFatal.length > 0 && options.retry !== undefined) {
    retried = true;
    try {
      const again = await options.retry(reformatPrompt(firstFatal));
      responses.push(again);
      current = attempt(again, options);
    } catch (error) {
      current = {
        ...current,
        violations: [...current.violations, { rule: 'D6', code: 'RETRY_FAILED', path: '', message: `The reformat retry failed: ${excerpt(String((error as Error | undefined)?.message ?? error), 200)}` }],
      };
    }
  }
  const fatal = current.violations.filter(isFatal);
  let envelope = fatal.length > 0 || current.envelope === undefined ? stub(`invalid_envelope: ${(fatal[0]?.code ?? 'NO_ENVELOPE').toLowerCase()}`, current.reportedBy) : current.envelope;

  const incidents: Incident[] = [];
  const secretTypes = [...new Set(responses.flatMap((response) => findEnvelopeSecrets(response, options.redaction).map((finding) => finding.type)))];
  if (secretTypes.length > 0) {
    let quarantined = false;
    try {
      if (options.quarantine !== undefined) {
        await options.quarantine({ responses, secretTypes });
        quarantined = true;
      }
    } catch {
      quarantined = false;
    }
    envelope = { ...redactValue(envelope, options.redaction), status: 'malformed', degraded_reason: 'suspected_secret_in_output' };
    incidents.push({
      kind: 'suspected_secret',
      secretTypes,
      quarantined,
      message: `Suspected ${secretTypes.join(', ')} in the subagent output: treat it as leaked and rotate it.${quarantined ? ' The raw response was quarantined.' : ' No quarantine sink took the raw response.'}`,
    });
  }
  const { _marker: _dropped, ...withoutMarker } = envelope;
  return { envelope: withoutMarker, status: withoutMarker.status, violations: current.violations, incidents, retried };
}
