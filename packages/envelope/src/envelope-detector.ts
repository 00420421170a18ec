import { LineReader, type TextObserver } from '@parley/core';
import type { EnvelopeViolation } from './envelope-violation';
import type { EnvelopeViolationCode } from './envelope-violation-rules';

/** The default cap on the envelope's YAML: 256 K characters. */
export const DEFAULT_MAX_ENVELOPE_LENGTH: number = 256 * 1024;

type State = 'before' | 'inside' | 'after' | 'foreign';

/** How much of a line outside the envelope is kept to classify it (a fence opener and its tag). */
const CLASSIFY_LENGTH = 1024;

/** A fence line: its run of backticks and the text after it (the info string), trimmed. */
interface Fence {
  readonly length: number;
  readonly info: string;
}

/**
 * Reads a backtick fence as CommonMark does: up to three spaces, then three or more backticks;
 * an opener's info string holds no backtick. `undefined` when the line is not a fence.
 */
function readFence(line: string): Fence | undefined {
  let at = 0;
  while (at < 3 && line.charCodeAt(at) === 32) at += 1;
  const start = at;
  while (line.charCodeAt(at) === 96) at += 1;
  const length = at - start;
  if (length < 3) return undefined;
  const info = line.slice(at).trim();
  return info.includes('`') ? undefined : { length, info };
}

/** Whether `line` closes a block opened by a fence of `openLength` backticks: as long or longer, nothing after it but blanks. */
const closes = (line: string, openLength: number): boolean => {
  const fence = readFence(line);
  return fence !== undefined && fence.length >= openLength && fence.info === '';
};

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
  /** The backticks of the open fence (the envelope's or a foreign block's). */
  #fenceLength = 0;
  /** The text as lines, CommonMark's way (LF, CRLF, a lone CR; a leading byte order mark dropped). */
  readonly #lines: LineReader = new LineReader({ appendToLine: (part) => this.#append(part), endLine: () => this.#endLine() });

  constructor(options: {
    readonly maxLength: number;
    readonly onViolation: (violation: EnvelopeViolation) => void;
    readonly onEnvelope: (yaml: string) => void;
  }) {
    this.#maxLength = options.maxLength;
    this.#onViolation = options.onViolation;
    this.#onEnvelope = options.onEnvelope;
  }

  /**
   * Splits the text into lines as CommonMark does (core's `LineReader`): LF, CRLF and a lone CR
   * each end a line (a CRLF cut between two chunks included). A byte order mark as the response's
   * first character is not content.
   */
  observe(text: string): void {
    this.#lines.write(text);
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
      // Past the cap only a closing fence matters: its backticks and a few blanks are kept.
      if (this.#overflow) this.#line = this.#line.slice(0, this.#fenceLength + 8);
    } else if (this.#line.length < CLASSIFY_LENGTH) {
      this.#line += part.slice(0, CLASSIFY_LENGTH - this.#line.length);
    }
  }

  #violate(code: StructureCode): void {
    if (this.#seen.has(code)) return;
    this.#seen.add(code);
    this.#onViolation({ rule: 'D6', code, path: '', message: violationText[code] });
  }

  #endLine(): void {
    const line = this.#line;
    this.#line = '';
    switch (this.#state) {
      case 'before':
      case 'after': {
        const fence = readFence(line);
        if (fence !== undefined) {
          const tag = fence.info.toLowerCase();
          const yaml = tag === 'yaml' || tag === 'yml';
          if (this.#state === 'after') this.#violate('SECOND_BLOCK');
          else if (!yaml) this.#violate('FENCE_NOT_YAML');
          this.#state = this.#state === 'before' && yaml ? 'inside' : 'foreign';
          this.#fenceLength = fence.length;
        } else if (line.trim().length > 0) {
          this.#violate(this.#state === 'before' ? 'PROSE_BEFORE_FENCE' : 'PROSE_AFTER_FENCE');
        }
        return;
      }
      case 'foreign':
        if (closes(line, this.#fenceLength)) this.#state = 'after';
        return;
      case 'inside':
        if (closes(line, this.#fenceLength)) {
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
