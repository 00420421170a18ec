import { InvalidArgumentError } from '@parley/core';
import type { RedactionOptions } from './redaction-options';
import { compileUserRegex } from '../user-rules/regex-rule';

/** What a value is, in words, for an error message. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number') return String(value);
  return typeof value;
}

const isTable = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (argument: string, message: string, cause?: unknown): never => {
  throw new InvalidArgumentError({ argument, message, cause });
};

/** Allow-list patterns already checked (and copied without `g`/`y`), by the caller's object. */
const checkedPatterns = new WeakMap<RegExp, RegExp>();

/**
 * The `allow` entries, checked: exact strings, and patterns that cannot backtrack super-linearly
 * (the analysis regex rules get; a bad one throws `InvalidRuleError` naming `allow[i]`). The
 * patterns come back as copies without `g`, `y` and `d`, so no `lastIndex` is shared.
 */
export function checkedAllow(allow: unknown): { readonly strings: ReadonlySet<string>; readonly patterns: readonly RegExp[] } {
  if (allow === undefined) return { strings: new Set(), patterns: [] };
  if (!Array.isArray(allow)) refuse('allow', `allow must be a list of exact strings and RegExps; got ${describe(allow)}.`);
  const strings = new Set<string>();
  const patterns: RegExp[] = [];
  (allow as unknown[]).forEach((entry, index) => {
    if (typeof entry === 'string') strings.add(entry);
    else if (entry instanceof RegExp) {
      let pattern = checkedPatterns.get(entry);
      if (pattern === undefined) {
        pattern = compileUserRegex(entry, '', `allow[${index}]`, '');
        checkedPatterns.set(entry, pattern);
      }
      patterns.push(pattern);
    } else refuse('allow', `allow[${index}] must be an exact string or a RegExp; got ${describe(entry)}.`);
  });
  return { strings, patterns };
}

/** Whether `secret` is one of the checked allow entries, or a pattern matches it. */
export function allowCheck(allow: unknown): (secret: string) => boolean {
  const { strings, patterns } = checkedAllow(allow);
  if (patterns.length === 0) return (secret) => strings.has(secret);
  return (secret) => strings.has(secret) || patterns.some((pattern) => pattern.test(secret));
}

const entropyFields = new Set(['threshold', 'minLength']);

/**
 * Checks every option {@link RedactionOptions} (and `onSecret`) holds, so a bad one throws
 * `InvalidArgumentError` (`INVALID_ARGUMENT`) — or `InvalidRuleError` for a rule or an allow
 * pattern — when the redactor is made, never a bare `TypeError` and never in the middle of a
 * stream. Fields it does not know are left alone. Returns the options, typed.
 */
export function checkRedactionOptions(options: unknown): RedactionOptions & { readonly onSecret?: unknown } {
  if (options === undefined) return {};
  if (!isTable(options)) return refuse('options', `The options must be an object (or left out); got ${describe(options)}.`);
  const { rules, disable, allow, entropy, maxTokenLength, placeholder, allowMarker, maxLineLength, onSecret } = options;
  if (rules !== undefined) {
    if (!Array.isArray(rules)) refuse('rules', `rules must be a list of rules; got ${describe(rules)}.`);
    (rules as unknown[]).forEach((rule, index) => {
      if (!isTable(rule)) refuse('rules', `rules[${index}] must be a rule object ({ type, pattern } or { type, regex }); got ${describe(rule)}.`);
    });
  }
  if (disable !== undefined && (!Array.isArray(disable) || disable.some((type) => typeof type !== 'string'))) {
    refuse('disable', `disable must be a list of types such as ["JWT"]; got ${describe(disable)}.`);
  }
  checkedAllow(allow);
  const tokenLength = maxTokenLength ?? 1024;
  if (typeof tokenLength !== 'number' || !Number.isInteger(tokenLength) || tokenLength < 64 || tokenLength > 65536) {
    refuse('maxTokenLength', `maxTokenLength must be a whole number from 64 to 65536; got ${describe(tokenLength)}.`);
  }
  if (entropy !== undefined && entropy !== false) {
    if (!isTable(entropy)) refuse('entropy', `entropy must be false or { threshold?, minLength? }; got ${describe(entropy)}.`);
    const table = entropy as Record<string, unknown>;
    for (const key of Object.keys(table)) {
      if (!entropyFields.has(key)) refuse('entropy', `entropy.${key} is not an option of the entropy rule (threshold, minLength).`);
    }
    const { threshold, minLength } = table;
    if (threshold !== undefined && (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold < 0 || threshold > 16)) {
      refuse('entropy', `entropy.threshold must be a number of bits per character from 0 to 16; got ${describe(threshold)}.`);
    }
    if (minLength !== undefined && (typeof minLength !== 'number' || !Number.isInteger(minLength) || minLength < 1 || minLength > 65_536)) {
      refuse('entropy', `entropy.minLength must be a whole number from 1 to 65536; got ${describe(minLength)}. To turn the rule off, pass entropy: false.`);
    }
  }
  if (placeholder !== undefined) {
    if (typeof placeholder !== 'function') refuse('placeholder', `placeholder must be a function from a type to its replacement, such as (type) => \`[\${type}]\`; got ${describe(placeholder)}.`);
    let sample: unknown;
    try {
      sample = (placeholder as (type: string) => unknown)('HIGH_ENTROPY');
    } catch (error) {
      refuse('placeholder', 'placeholder threw when asked for the replacement of HIGH_ENTROPY.', error);
    }
    if (typeof sample !== 'string') refuse('placeholder', `placeholder must return a string; it returned ${describe(sample)} for HIGH_ENTROPY.`);
  }
  if (allowMarker !== undefined && typeof allowMarker !== 'boolean') refuse('allowMarker', `allowMarker must be true or false; got ${describe(allowMarker)}.`);
  const lineLength = maxLineLength ?? 16_384;
  if (typeof lineLength !== 'number' || !Number.isInteger(lineLength) || lineLength < 256 || lineLength > 1_048_576) {
    refuse('maxLineLength', `maxLineLength must be a whole number from 256 to 1048576; got ${describe(lineLength)}.`);
  }
  if (onSecret !== undefined && typeof onSecret !== 'function') refuse('onSecret', `onSecret must be a function of the redaction event; got ${describe(onSecret)}.`);
  return options as RedactionOptions;
}
