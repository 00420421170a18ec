import { formatViolation, type Violation } from '@parley/core';
import { escapeControlCharacters } from '@parley/core';
import type { Styler } from './style';

/** Options of {@link formatViolations}. */
export interface FormatViolationsOptions {
  /** The summary when there is nothing to report, after a check mark. */
  readonly clean: string;
  /** Violations found but not kept (see `--max-listed`): counted in the summary, mentioned at the end. */
  readonly dropped?: number;
  /** Replaces the summary line (a command that reports more than violations, such as tokens). */
  readonly summary?: string;
  /** Says how to list more, after "not listed"; default `(--max-listed)`. */
  readonly moreHint?: string;
}

const plural = (count: number, word: string): string => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/**
 * A readable list of any package's violations for `--format pretty`: a summary line, then one line
 * per violation as core's `formatViolation` words it (`R4 PROSE_INVOCATION at 3:7: … (fix: …)`),
 * its rule and code highlighted. Messages, paths and fixes quote the model's text, so they are
 * escaped: nothing printed can drive the terminal.
 */
export function formatViolations(violations: readonly Violation[], style: Styler, options: FormatViolationsOptions): string {
  const dropped = options.dropped ?? 0;
  const total = violations.length + dropped;
  const summary = options.summary ?? (total === 0 ? style('green', `✓ ${options.clean}`) : style('red', `✗ ${plural(total, 'violation')}`));
  const lines = [summary];
  for (const violation of violations) {
    const line = formatViolation(violation, { escape: escapeControlCharacters });
    const head = `${violation.rule} ${violation.code}`;
    lines.push(`  ${style('yellow', head)}${line.slice(head.length)}`);
  }
  if (dropped > 0) lines.push(style('dim', `  … and ${plural(dropped, 'more violation')} not listed ${options.moreHint ?? '(--max-listed)'}`));
  return `${lines.join('\n')}\n`;
}

/**
 * One JSON shape for every package's violations: `rule`, `code`, `message`, then `line`, `column`,
 * `path` and `fix` when set, then the package's own fields (dispatch's `taskId`), in that order.
 */
export function violationJson(violation: Violation): Record<string, unknown> {
  const { rule, code, message, line, column, path, fix, ...rest } = violation;
  return {
    rule,
    code,
    message,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(path === undefined ? {} : { path }),
    ...(fix === undefined ? {} : { fix }),
    ...rest,
  };
}
