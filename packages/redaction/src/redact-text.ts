import { OTHER } from './fold';
import { createRedactionPlan, type RedactionOptions, type RedactionPlan } from './redaction-plan';
import { render } from './render';
import { type Finding, scan, startCursor } from './scan';

const defaultPlan = createRedactionPlan();
const planFor = (options: RedactionOptions | undefined): RedactionPlan =>
  options === undefined ? defaultPlan : createRedactionPlan(options);

/** A secret in a whole text, as {@link findSecrets} reports it. */
export interface SecretFinding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Finds the secrets in a whole text, in order. The same rules as {@link redactSecrets}.
 *
 * @example
 * ```ts
 * findSecrets('token ghp_…'); // [{ type: 'GITHUB_TOKEN', start: 6, end: 46 }]
 * ```
 */
export function findSecrets(text: string, options?: RedactionOptions): SecretFinding[] {
  const findings: Finding[] = [];
  scan(text, startCursor(OTHER), true, planFor(options), findings);
  return findings;
}

/**
 * Redacts a whole text: the same output {@link redactSecrets} streams, however it is chunked.
 *
 * @example
 * ```ts
 * redactText('export NPM_TOKEN=npm_…'); // 'export NPM_TOKEN=<REDACTED:NPM_TOKEN>'
 * ```
 */
export function redactText(text: string, options?: RedactionOptions): string {
  return redactWithPlan(text, planFor(options));
}

/** {@link redactText} with a compiled plan. @internal */
export function redactWithPlan(text: string, plan: RedactionPlan): string {
  const findings: Finding[] = [];
  scan(text, startCursor(OTHER), true, plan, findings);
  return render(text, findings, text.length, plan);
}

/** The plan for `options`, shared when there are none. @internal */
export { planFor };
