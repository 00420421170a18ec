import { type Envelope, type EnvelopeStatus, envelopeStatuses, type Finding, severities } from './envelope-schema';

/** Many children's envelopes as one view for the parent. */
export interface EnvelopeAggregate {
  /** The worst status among the children (`ok` < `partial` < `blocked` < `error` < `malformed`). */
  readonly status: EnvelopeStatus;
  /** Each child's summary with who reported it, in input order. */
  readonly summaries: ReadonlyArray<{ readonly reportedBy: readonly string[]; readonly status: EnvelopeStatus; readonly summary: string }>;
  /** All findings, de-duplicated, most severe first. */
  readonly findings: readonly Finding[];
  readonly nextActions: readonly string[];
  readonly openQuestions: readonly string[];
  readonly artifacts: readonly string[];
  /** Every reporting agent, once, in order of appearance. */
  readonly reportedBy: readonly string[];
  /** Why children were degraded, such as `suspected_secret_in_output`. */
  readonly degradedReasons: readonly string[];
}

const unique = <Value>(values: Iterable<Value>): Value[] => [...new Set(values)];

/** Merges children's envelopes: worst status, de-duplicated findings and lists, union of reporters. */
export function aggregateEnvelopes(envelopes: readonly Envelope[]): EnvelopeAggregate {
  const rank = (status: EnvelopeStatus): number => envelopeStatuses.indexOf(status);
  const status = envelopes.reduce<EnvelopeStatus>((worst, envelope) => (rank(envelope.status) > rank(worst) ? envelope.status : worst), 'ok');
  const seen = new Map<string, Finding>();
  for (const finding of envelopes.flatMap((envelope) => envelope.findings)) {
    const key = JSON.stringify([finding.category, finding.severity, finding.path ?? '', finding.line ?? 0, finding.note.trim().toLowerCase()]);
    if (!seen.has(key)) seen.set(key, finding);
  }
  const findings = [...seen.values()].sort((left, right) => severities.indexOf(right.severity) - severities.indexOf(left.severity));
  return {
    status,
    summaries: envelopes.map((envelope) => ({ reportedBy: envelope.reported_by, status: envelope.status, summary: envelope.summary })),
    findings,
    nextActions: unique(envelopes.flatMap((envelope) => envelope.next_actions)),
    openQuestions: unique(envelopes.flatMap((envelope) => envelope.open_questions)),
    artifacts: unique(envelopes.flatMap((envelope) => envelope.artifacts)),
    reportedBy: unique(envelopes.flatMap((envelope) => envelope.reported_by)),
    degradedReasons: unique(envelopes.flatMap((envelope) => (envelope.degraded_reason === undefined ? [] : [envelope.degraded_reason]))),
  };
}
