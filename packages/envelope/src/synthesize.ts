import type { EnvelopeAggregate } from './aggregate-envelopes';

const statusLine: Record<string, string> = {
  ok: 'All subagents finished.',
  partial: 'Subagents finished in part.',
  blocked: 'A subagent is blocked.',
  error: 'A subagent failed.',
  malformed: 'A subagent answer could not be used as it was.',
};

/**
 * What the parent tells its user about its subagents' work: plain text from the aggregate, with
 * no raw YAML and no `_marker`.
 */
export function synthesize(aggregate: EnvelopeAggregate): string {
  const lines = [`${statusLine[aggregate.status] ?? ''} (${aggregate.reportedBy.join(', ')})`];
  for (const { reportedBy, status, summary } of aggregate.summaries) lines.push(`- ${reportedBy.join(', ')} [${status}]: ${summary}`);
  if (aggregate.findings.length > 0) {
    lines.push('', 'Findings:');
    for (const finding of aggregate.findings) {
      const where = finding.path === undefined ? '' : ` (${finding.path}${finding.line === undefined ? '' : `:${finding.line}`})`;
      lines.push(`- ${finding.severity} ${finding.category}${where}: ${finding.note}`);
    }
  }
  if (aggregate.nextActions.length > 0) lines.push('', 'Next:', ...aggregate.nextActions.map((action) => `- ${action}`));
  if (aggregate.openQuestions.length > 0) lines.push('', 'Open questions:', ...aggregate.openQuestions.map((question) => `- ${question}`));
  if (aggregate.degradedReasons.length > 0) lines.push('', `Degraded: ${aggregate.degradedReasons.join(', ')}.`);
  return lines.join('\n');
}
