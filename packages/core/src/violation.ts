/**
 * A protocol rule that a text broke, in the one shape every Parley package reports.
 *
 * `Rule` is the specification's identifier for the clause (`R4`, `D6`, `P1B`); `Code` is a literal
 * union of stable, machine-matchable codes (`PROSE_INVOCATION`), so `switch (violation.code)` is
 * checked by the compiler. Everything else is optional context: where the violation is and what
 * would be right.
 *
 * @example
 * ```ts
 * import { formatViolation, type Violation } from '@parley/core';
 *
 * type ReplyViolation = Violation<'P2', 'UNCITED_TASK' | 'UNKNOWN_TASK'>;
 * const violation: ReplyViolation = { rule: 'P2', code: 'UNKNOWN_TASK', message: 'No task t9 was dispatched.' };
 * console.log(formatViolation(violation)); // P2 UNKNOWN_TASK: No task t9 was dispatched.
 * ```
 */
export interface Violation<Rule extends string = string, Code extends string = string> {
  /** The specification's identifier for the clause broken. */
  readonly rule: Rule;
  /** Stable and machine-matchable; one of the package's documented codes. */
  readonly code: Code;
  /** What is wrong and what would be right, in one or two sentences. */
  readonly message: string;
  /** 1-based line of the text, when the violation has one. */
  readonly line?: number;
  /** 1-based column of the text, when the violation has one. */
  readonly column?: number;
  /** A field path such as `findings[0].note`, or a file path, when the violation concerns one. */
  readonly path?: string;
  /** The conforming text, when there is one right answer. */
  readonly fix?: string;
}

/** Options for {@link formatViolation}. */
export interface FormatViolationOptions {
  /**
   * Escapes text that quotes the model (message, path, fix) before it is printed; a terminal
   * front end passes one that neutralises control characters. Default: unchanged.
   */
  readonly escape?: (text: string) => string;
}

/**
 * One line for a person: `R4 PROSE_INVOCATION at 3:7: <message>`, then ` (fix: …)` when there is
 * one. Every package's violations print the same way.
 *
 * @example
 * ```ts
 * import { formatViolation } from '@parley/core';
 *
 * console.log(formatViolation({ rule: 'D6', code: 'PROSE_AFTER_FENCE', message: 'Text follows the fence.', line: 9 })); // D6 PROSE_AFTER_FENCE at line 9: Text follows the fence.
 * ```
 */
export function formatViolation(violation: Violation, options: FormatViolationOptions = {}): string {
  const escape = options.escape ?? ((text: string) => text);
  const where = describeWhere(violation, escape);
  const fix = violation.fix === undefined ? '' : ` (fix: ${escape(violation.fix)})`;
  return `${violation.rule} ${violation.code}${where === '' ? '' : ` at ${where}`}: ${escape(violation.message)}${fix}`;
}

function describeWhere(violation: Violation, escape: (text: string) => string): string {
  const parts: string[] = [];
  if (violation.line !== undefined) {
    parts.push(violation.column === undefined ? `line ${violation.line}` : `${violation.line}:${violation.column}`);
  }
  if (violation.path !== undefined && violation.path !== '') parts.push(escape(violation.path));
  return parts.join(' ');
}
