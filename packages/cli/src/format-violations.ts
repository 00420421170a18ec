import type { DispatchViolation } from '@parley/dispatch';
import type { Styler } from './style';

/**
 * A readable list of dispatch violations for `--format pretty`. `dropped` counts violations found
 * but not kept (see `--max-listed`): they count in the summary and are mentioned at the end.
 */
export function formatViolations(violations: readonly DispatchViolation[], style: Styler, clean: string, dropped = 0): string {
  const total = violations.length + dropped;
  if (total === 0) return `${style('green', `✓ ${clean}`)}\n`;
  const lines = [style('red', `✗ ${total.toLocaleString('en-US')} violation${total === 1 ? '' : 's'}`)];
  for (const violation of violations) {
    const where = violation.line === undefined ? '' : `${style('dim', `line ${violation.line}`)} `;
    lines.push(`  ${where}${style('yellow', `${violation.rule} ${violation.code}`)} ${violation.message}`);
    if (violation.fix !== undefined) lines.push(`    ${style('green', 'fix:')} ${violation.fix}`);
  }
  if (dropped > 0) lines.push(style('dim', `  … and ${dropped.toLocaleString('en-US')} more not listed (--max-listed)`));
  return `${lines.join('\n')}\n`;
}
