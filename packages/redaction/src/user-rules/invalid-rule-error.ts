import { ParleyError } from '@parley/core';

const marker = 'parley.error.InvalidRuleError';

/**
 * Thrown when a rule of your own cannot be used: a regular expression that could take
 * super-linear time, Go syntax with no JavaScript equivalent, an unknown field, a wrong type.
 * Names the rule, the field and the problem, so a config file can be fixed from the message alone.
 *
 * @example
 * ```ts
 * import { InvalidRuleError, redactSecretsStream } from '@parley/redaction';
 *
 * let refused = '';
 * try {
 *   redactSecretsStream({ rules: [{ type: 'ACME', regex: '(a+)+b' }] });
 * } catch (error) {
 *   if (InvalidRuleError.isInstance(error)) refused = `${error.rule} ${error.field}`;
 *   else throw error;
 * }
 * console.log(refused); // ACME regex
 * ```
 */
export class InvalidRuleError extends ParleyError {
  override readonly code: 'INVALID_RULE' = 'INVALID_RULE';

  /** The rule's id (a gitleaks `id`), or its type when it has no id; `""` for the config as a whole. */
  readonly rule: string;
  /** The offending field, such as `"regex"` or `"allowlist.stopwords"`. */
  readonly field: string;
  /** What is wrong with it and what would be right. */
  readonly problem: string;

  constructor(options: { readonly rule: string; readonly field: string; readonly problem: string; readonly cause?: unknown }) {
    const where = options.rule === '' ? options.field : `rule "${options.rule}", ${options.field}`;
    super({ code: 'INVALID_RULE', message: `${where}: ${options.problem}`, cause: options.cause });
    this.name = 'InvalidRuleError';
    this.mark(marker);
    this.rule = options.rule;
    this.field = options.field;
    this.problem = options.problem;
  }

  /** Whether `error` is an {@link InvalidRuleError} from any installed copy of `@parley/redaction`. */
  static override isInstance(error: unknown): error is InvalidRuleError {
    return ParleyError.hasMarker(error, marker);
  }
}
