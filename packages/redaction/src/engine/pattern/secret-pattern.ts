import { InvalidArgumentError } from '@parley/core';
import { characterSet } from '../../text/fold';

/** A literal part of a pattern, such as `"ghp_"`; several options mean "one of these". */
export interface LiteralSegment {
  readonly kind: 'literal';
  readonly options: readonly string[];
  /** Compare ASCII letters without case. */
  readonly ignoreCase: boolean;
}

/** A run of characters from a class, such as 36 of `A-Za-z0-9`. */
export interface CharactersSegment {
  readonly kind: 'characters';
  /** The class as written, such as `"A-Za-z0-9_-"`. */
  readonly spec: string;
  /** Membership by ASCII code. */
  readonly set: Uint8Array;
  readonly min: number;
  readonly max: number;
}

/** One part of a {@link SecretPattern}. */
export type PatternSegment = LiteralSegment | CharactersSegment;

/**
 * A secret's shape as a sequence of literals and character runs. Matching is
 * separator-insensitive: spaces, newlines, `-`, `.`, `_` and zero-width characters inserted
 * between any two characters are skipped (see the package README).
 */
export type SecretPattern = readonly PatternSegment[];

/** A literal segment: one of `options`, compared exactly (or without case). */
export function literal(options: string | readonly string[], settings: { readonly ignoreCase?: boolean } = {}): LiteralSegment {
  const list = typeof options === 'string' ? [options] : [...options];
  if (list.length === 0 || list.some((option) => option.length === 0 || /[^\u0020-\u007e]/.test(option))) {
    throw new InvalidArgumentError({ argument: 'options', message: 'literal() needs non-empty printable ASCII strings.' });
  }
  // Longer options first, so `sk-proj-` is preferred to `sk-` when both could match.
  list.sort((left, right) => right.length - left.length);
  return { kind: 'literal', options: list, ignoreCase: settings.ignoreCase === true };
}

/** A run of `min` to `max` characters from a class such as `"A-Za-z0-9_-"` (ranges and single characters). */
export function characters(spec: string, length: { readonly min: number; readonly max: number }): CharactersSegment {
  const { min, max } = length;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < Math.max(min, 1) || max > 8192) {
    throw new InvalidArgumentError({
      argument: 'length',
      message: `characters("${spec}") needs whole lengths with 0 <= min <= max, 1 <= max <= 8192; got ${min}..${max}.`,
    });
  }
  if (spec.length === 0 || /[^\u0020-\u007e]/.test(spec)) {
    throw new InvalidArgumentError({ argument: 'spec', message: 'characters() needs a printable ASCII class such as "A-Za-z0-9".' });
  }
  return { kind: 'characters', spec, set: characterSet(spec), min, max };
}
