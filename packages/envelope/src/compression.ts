import { expectString } from '@parley/core';
import { droppableWords } from './caveman';
import type { Envelope, Finding } from './envelope-schema';
import { type EnvelopeViolation, formatPath } from './envelope-violation';

/** How terse a caveman-ultra field is: `score` 1 when nothing could be dropped, and what could. */
export interface CavemanLint {
  /** Share of words a caveman rewrite would keep, from 0 to 1. */
  readonly score: number;
  /** The droppable words found, such as `"article: the"`. */
  readonly hints: string[];
}

/** Scores a caveman-ultra field: the share of its words that a caveman rewrite would keep. */
export function lintCaveman(text: string): CavemanLint {
  expectString(text, 'text');
  const words = text.split(/\s+/).filter((word) => word.length > 0).length;
  const droppable = droppableWords(text);
  return {
    score: words === 0 ? 1 : Number((1 - droppable.length / words).toFixed(3)),
    hints: [...new Set(droppable)].map((word) => `drop "${word}"`),
  };
}

const securityWords = ['auth', 'secret', 'credential', 'token', 'session', 'crypto', 'injection', 'xss', 'csrf', 'ssrf', 'rce', 'privilege', 'permission', 'vuln', 'cve', 'leak', 'pii', 'security'];
const securityAgents = ['secur', 'appsec', 'pentest', 'red-team', 'redteam', 'auth', 'compliance'];

/**
 * Security-autoclarity (source rule §5.2, as our spec notes read it): a finding whose category is
 * security-related, or whose severity is high or critical, or any finding of a blocked or error
 * envelope reported by a security-adjacent agent, must be written in normal prose.
 */
export function isSecurityFinding(finding: Finding, envelope: Pick<Envelope, 'status' | 'reported_by'>): boolean {
  const category = finding.category.toLowerCase();
  if (securityWords.some((word) => category.includes(word))) return true;
  if (finding.severity === 'high' || finding.severity === 'critical') return true;
  return (
    (envelope.status === 'blocked' || envelope.status === 'error') &&
    envelope.reported_by.some((agent) => securityAgents.some((word) => agent.toLowerCase().includes(word)))
  );
}

const functionWords = new Set(['the', 'a', 'an', 'is', 'are', 'was', 'were', 'be', 'to', 'of', 'in', 'for', 'that', 'this', 'it', 'and', 'with', 'on', 'by', 'not', 'can', 'has', 'have']);

/** Whether prose reads as caveman shorthand: arrows or `=`/`+` for words, or no function words at all. */
function looksCompressed(text: string): boolean {
  if (/->|=>| = | \+ /.test(text)) return true;
  const words = text.toLowerCase().split(/[^a-z']+/).filter((word) => word.length > 0);
  return words.length >= 6 && !words.some((word) => functionWords.has(word));
}

/** The minimum {@link lintCaveman} score a caveman-ultra field should reach. */
export const CAVEMAN_THRESHOLD = 0.85;

/**
 * Checks the compression classes: caveman-ultra fields (summary, non-security notes, next
 * actions, open questions) should be terse; security-autoclarity notes must be normal prose with
 * literal negations. These violations are advisory: reported, never a reason to reject.
 */
export function checkCompression(envelope: Envelope): EnvelopeViolation[] {
  const violations: EnvelopeViolation[] = [];
  const terse = (text: string, parts: ReadonlyArray<string | number>): void => {
    const lint = lintCaveman(text);
    if (lint.score < CAVEMAN_THRESHOLD) {
      violations.push({ rule: 'COMPRESSION', code: 'NOT_CAVEMAN', path: formatPath(parts), message: `Caveman-ultra expected (score ${lint.score}): ${lint.hints.join(', ')}.` });
    }
  };
  terse(envelope.summary, ['summary']);
  envelope.next_actions.forEach((action, index) => terse(action, ['next_actions', index]));
  envelope.open_questions.forEach((question, index) => terse(question, ['open_questions', index]));
  envelope.findings.forEach((finding, index) => {
    const path = ['findings', index, 'note'];
    if (!isSecurityFinding(finding, envelope)) {
      terse(finding.note, path);
      return;
    }
    if (looksCompressed(finding.note)) {
      violations.push({ rule: 'COMPRESSION', code: 'SECURITY_NOTE_COMPRESSED', path: formatPath(path), message: 'A security finding must be written in normal prose, not caveman shorthand (security-autoclarity).' });
    }
    if (/!=|¬|(?:^|\s)![a-z]/i.test(finding.note)) {
      violations.push({ rule: 'COMPRESSION', code: 'NEGATION_NOT_LITERAL', path: formatPath(path), message: 'Write negations in words ("is not", "no") in a security finding.' });
    }
  });
  return violations;
}
