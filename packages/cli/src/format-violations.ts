import type { DispatchViolation } from '@parley/dispatch';
import { escapeControlCharacters } from './escape-control-characters';
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
    // Messages and fixes quote the model's text: escaped, so that it cannot drive the terminal.
    lines.push(`  ${where}${style('yellow', `${violation.rule} ${violation.code}`)} ${escapeControlCharacters(violation.message)}`);
    if (violation.fix !== undefined) lines.push(`    ${style('green', 'fix:')} ${escapeControlCharacters(violation.fix)}`);
  }
  if (dropped > 0) lines.push(style('dim', `  … and ${dropped.toLocaleString('en-US')} more not listed (--max-listed)`));
  return `${lines.join('\n')}\n`;
}
