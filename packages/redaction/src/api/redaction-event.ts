import type { StreamEvent } from '@parley/core';

/** A secret was redacted. Offsets are in the session's input, in UTF-16 code units. */
export interface RedactionEvent extends StreamEvent {
  /** The rule's type, such as `"GITHUB_TOKEN"`; the placeholder shows it. */
  readonly type: string;
  /** The first redacted character. */
  readonly start: number;
  /** Just past the last redacted character (inserted separators included). */
  readonly end: number;
}

/** The events of {@link redactSecretsStream}. */
export interface RedactionEvents {
  readonly redaction: RedactionEvent;
}
