/** What a matcher decided at one position. */
export type MatchOutcome =
  | { readonly kind: 'none' }
  /** The decision needs text that has not arrived yet: hold from here. */
  | { readonly kind: 'more' }
  | {
      readonly kind: 'match';
      readonly type: string;
      /** First character to redact. */
      readonly start: number;
      /** Just past the last character to redact. */
      readonly end: number;
      /** Where scanning continues (at or after `end`). */
      readonly resume: number;
    }
  /** A secret whose end has not arrived (a private key block): redact from `start` until `closer` finds its end. */
  | { readonly kind: 'open'; readonly type: string; readonly start: number; readonly resume: number };

/** The text a matcher looks at, and whether more can still arrive. */
export interface ScanInput {
  readonly text: string;
  /** No more text will come: decide instead of asking for more. */
  readonly final: boolean;
}

/** Finds one kind of secret starting at a position. */
export interface Matcher {
  /** The placeholder type of what it finds, such as `"GITHUB_TOKEN"`. */
  readonly type: string;
  /** Folded ASCII characters a match can begin with. */
  readonly triggers: string;
  /** Whether a match may begin inside a word (after a letter or digit); default only at a word start. */
  readonly anywhere?: boolean;
  /**
   * A regular-expression source that matches, at every position where {@link Matcher.match} can
   * answer anything but `none`, exactly the one (ASCII) character there, followed by lookaheads
   * for what must come next (see `prefilter.ts`). A necessary condition only: it may match where
   * the rule finds nothing. Without it, the trigger characters are the condition.
   */
  readonly prefilter?: string;
  match(input: ScanInput, at: number): MatchOutcome;
}

/** Shared outcomes, so matchers allocate nothing on the common paths. */
export const NONE: MatchOutcome = { kind: 'none' };
/**
 * The type of a match that is public text a rule has read whole (a certificate block): the scan
 * passes over it, redacting nothing, and no other rule judges what it holds.
 */
export const PUBLIC_TEXT = '';
export const MORE: MatchOutcome = { kind: 'more' };
