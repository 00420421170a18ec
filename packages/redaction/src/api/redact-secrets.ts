import { InvalidArgumentError } from '@parley/core';
import { checkRedactionOptions } from './check-options';
import { OTHER } from '../text/fold';
import { needsLines } from './line-redactor';
import { lineTextRedactor } from './line-text';
import { redactSecretsStream } from './redact-secrets-stream';
import { createRedactionPlan } from './create-redaction-plan';
import type { RedactionOptions } from './redaction-options';
import type { RedactionPlan } from '../engine/redaction-plan';
import { render } from './render';
import { type Finding, scan, startCursor } from '../engine/scan';

/** The plan of the default options, made the first time it is needed, not when the package loads (tens of milliseconds). */
let defaultPlan: RedactionPlan | undefined;
const planFor = (options: RedactionOptions | undefined): RedactionPlan =>
  options === undefined ? (defaultPlan ??= createRedactionPlan()) : createRedactionPlan(options);

/** Throws the package's error, not a bare `TypeError` further in, when `text` is not a string. */
function requireText(name: string, text: unknown): void {
  if (typeof text !== 'string') {
    const got = text === null ? 'null' : Array.isArray(text) ? 'an array' : typeof text;
    throw new InvalidArgumentError({ argument: 'text', message: `${name}() takes the text as a string; got ${got}. Use redactValue() for other values.` });
  }
}

/**
 * `redactSecrets()` was the stream middleware before it was `redactSecretsStream()`: a call with no
 * text or with an options object is that old call, answered with the new name.
 */
function requireTextNotOldMiddlewareCall(text: unknown): void {
  const prototype = typeof text === 'object' && text !== null ? (Object.getPrototypeOf(text) as unknown) : undefined;
  if (text === undefined || prototype === Object.prototype || prototype === null) {
    throw new InvalidArgumentError({
      argument: 'text',
      message: `redactSecrets(text) redacts a string; got ${text === undefined ? 'no text' : 'an options object'}. For the stream middleware that was called redactSecrets() before, use redactSecretsStream().`,
    });
  }
}

/** A secret in a whole text, as {@link findSecrets} reports it. */
export interface SecretFinding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Finds the secrets in a whole text, in order. The same rules as {@link redactSecretsStream}. Throws
 * `InvalidArgumentError` (`INVALID_ARGUMENT`) when `text` is not a string.
 *
 * @example
 * ```ts
 * import { findSecrets } from '@parley/redaction';
 *
 * const [finding] = findSecrets('token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8');
 * console.log(finding?.type, finding?.start, finding?.end); // GITHUB_TOKEN 6 46
 * ```
 */
export function findSecrets(text: string, options?: RedactionOptions): SecretFinding[] {
  requireText('findSecrets', text);
  return secretFinder(options)(text);
}

/**
 * {@link findSecrets} with `options` checked and compiled once, for callers that scan many texts
 * with the same options (the secret guard). @internal
 */
export function secretFinder(options?: RedactionOptions): (text: string) => SecretFinding[] {
  checkRedactionOptions(options);
  if (needsLines(options)) {
    const lines = lineTextRedactor(options as RedactionOptions, redactSecretsStream);
    return (text) => lines(text).findings;
  }
  const plan = planFor(options);
  return (text) => {
    const findings: Finding[] = [];
    scan(text, startCursor(OTHER), true, plan, findings);
    return findings;
  };
}

/**
 * Redacts a whole text: the same output {@link redactSecretsStream} streams, however it is chunked.
 * Throws `InvalidArgumentError` (`INVALID_ARGUMENT`) when `text` is not a string; called the old
 * middleware's way (no text, or an options object), its message names `redactSecretsStream()`.
 *
 * @example
 * ```ts
 * import { redactSecrets } from '@parley/redaction';
 *
 * console.log(redactSecrets('export NPM_TOKEN=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')); // export NPM_TOKEN=<REDACTED:NPM_TOKEN>
 * ```
 */
export function redactSecrets(text: string, options?: RedactionOptions): string {
  requireTextNotOldMiddlewareCall(text);
  requireText('redactSecrets', text);
  checkRedactionOptions(options);
  if (needsLines(options)) return lineTextRedactor(options as RedactionOptions, redactSecretsStream)(text).text;
  return redactWithPlan(text, planFor(options));
}

/** {@link redactSecrets} with a compiled plan. @internal */
export function redactWithPlan(text: string, plan: RedactionPlan): string {
  const findings: Finding[] = [];
  scan(text, startCursor(OTHER), true, plan, findings);
  return render(text, findings, text.length, plan);
}

/** The plan for `options`, shared when there are none. @internal */
export { planFor };
