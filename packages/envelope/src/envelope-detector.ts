import { feedLines, type LineSink, type TextObserver } from '@parley/core';
import type { EnvelopeViolation } from './envelope-violation';
import type { EnvelopeViolationCode } from './envelope-violation-rules';

/** The default cap on the envelope's YAML: 256 K characters. */
export const DEFAULT_MAX_ENVELOPE_LENGTH: number = 256 * 1024;

type State = 'before' | 'inside' | 'after' | 'foreign';

type StructureCode = 'PROSE_BEFORE_FENCE' | 'PROSE_AFTER_FENCE' | 'SECOND_BLOCK' | 'FENCE_NOT_YAML' | 'UNCLOSED_FENCE' | 'NO_ENVELOPE';

const violationText: Record<StructureCode, string> = {
  PROSE_BEFORE_FENCE: 'Text before the ```yaml fence: a subagent emits only the envelope.',
  PROSE_AFTER_FENCE: 'Non-whitespace content after the closing fence: the envelope must be the last content (D6).',
  SECOND_BLOCK: 'A second fenced block: the response must be exactly one ```yaml envelope.',
  FENCE_NOT_YAML: 'A fenced block that is not ```yaml: the envelope is a ```yaml block.',
  UNCLOSED_FENCE: 'The ```yaml fence is never closed.',
  NO_ENVELOPE: 'No ```yaml envelope in the response.',
};

/**
 * A line-by-line state machine over a response that finds its fenced ```yaml envelope and every
 * way the response breaks "exactly one envelope, as the last content" (D6). It keeps only the
 * envelope's YAML (up to `maxLength`) and the start of the current line, so memory is bounded.
 * It is the observer of `detectEnvelopeStream`; `detectEnvelope` runs it over a whole text.
 *
 * @internal Use `detectEnvelope` or `detectEnvelopeStream`.
 */
export class EnvelopeDetector implements TextObserver {
  readonly #maxLength: number;
  readonly #onViolation: (violation: EnvelopeViolation) => void;
  readonly #onEnvelope: (yaml: string) => void;
  #state: State = 'before';
  #seen = new Set<EnvelopeViolationCode>();
  #body: string[] = [];
  #bodyLength = 0;
  #overflow = false;
  /** The current line so far, up to what classification needs (all of it inside the envelope). */
  #line = '';

  constructor(options: {
    readonly maxLength: number;
    readonly onViolation: (violation: EnvelopeViolation) => void;
    readonly onEnvelope: (yaml: string) => void;
  }) {
    this.#maxLength = options.maxLength;
    this.#onViolation = options.onViolation;
    this.#onEnvelope = options.onEnvelope;
  }

  readonly #lines: LineSink = { appendToLine: (part) => this.#append(part), endLine: () => this.#endLine() };

  observe(text: string): void {
    feedLines(text, this.#lines);
  }

  end(): void {
    if (this.#line.length > 0) this.#endLine();
    if (this.#state === 'inside') this.#violate('UNCLOSED_FENCE');
    if (this.#state === 'before') this.#violate('NO_ENVELOPE');
  }

  #append(part: string): void {
    if (this.#state === 'inside') {
      this.#line += part;
      if (this.#bodyLength + this.#line.length > this.#maxLength && !this.#overflow) {
        this.#overflow = true;
        this.#onViolation({
          rule: 'D6',
          code: 'ENVELOPE_TOO_LARGE',
          path: '',
          message: `The envelope is longer than ${this.#maxLength} characters; put large content in artifacts[] as <REF:…> tokens.`,
        });
      }
      if (this.#overflow) this.#line = this.#line.slice(0, 8);
    } else if (this.#line.length < 64) {
      this.#line += part.slice(0, 64 - this.#line.length);
    }
  }

  #violate(code: StructureCode): void {
    if (this.#seen.has(code)) return;
    this.#seen.add(code);
    this.#onViolation({ rule: 'D6', code, path: '', message: violationText[code] });
  }

  #endLine(): void {
    const line = this.#line.endsWith('\r') ? this.#line.slice(0, -1) : this.#line;
    this.#line = '';
    const trimmed = line.trim();
    const fence = /^ {0,3}```/.test(line);
    switch (this.#state) {
      case 'before':
      case 'after':
        if (fence) {
          const tag = trimmed.slice(3).trim().toLowerCase();
          if (this.#state === 'after') this.#violate('SECOND_BLOCK');
          else if (tag !== 'yaml' && tag !== 'yml') this.#violate('FENCE_NOT_YAML');
          this.#state = this.#state === 'before' && (tag === 'yaml' || tag === 'yml') ? 'inside' : 'foreign';
        } else if (trimmed.length > 0) {
          this.#violate(this.#state === 'before' ? 'PROSE_BEFORE_FENCE' : 'PROSE_AFTER_FENCE');
        }
        return;
      case 'foreign':
        if (fence && trimmed === '```') this.#state = 'after';
        return;
      case 'inside':
        if (fence && trimmed === '```') {
          this.#state = 'after';
          if (!this.#overflow) this.#onEnvelope(this.#body.join('\n'));
          this.#body = [];
          return;
        }
        if (!this.#overflow) {
          this.#body.push(line);
          this.#bodyLength += line.length + 1;
        }
    }
  }
}
