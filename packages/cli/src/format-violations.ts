import type { DispatchViolation } from '@parley/dispatch';
import type { Styler } from './style';

/** A readable list of dispatch violations for `--format pretty`. */
export function formatViolations(violations: readonly DispatchViolation[], style: Styler, clean: string): string {
  if (violations.length === 0) return `${style('green', `✓ ${clean}`)}\n`;
  const lines = [style('red', `✗ ${violations.length} violation${violations.length === 1 ? '' : 's'}`)];
  for (const violation of violations) {
    const where = violation.line === undefined ? '' : `${style('dim', `line ${violation.line}`)} `;
    lines.push(`  ${where}${style('yellow', `${violation.rule} ${violation.code}`)} ${violation.message}`);
    if (violation.fix !== undefined) lines.push(`    ${style('green', 'fix:')} ${violation.fix}`);
  }
  return `${lines.join('\n')}\n`;
}

