import type { RedactionPlan } from '../engine/redaction-plan';
import type { Finding } from '../engine/scan';

/** `text` up to `end`, each finding replaced by its placeholder. */
export function render(text: string, findings: readonly Finding[], end: number, plan: RedactionPlan): string {
  if (findings.length === 0) return end === text.length ? text : text.slice(0, end);
  let output = '';
  let cursor = 0;
  for (const finding of findings) {
    output += text.slice(cursor, finding.start) + plan.placeholder(finding.type);
    cursor = finding.end;
  }
  return output + text.slice(cursor, end);
}
