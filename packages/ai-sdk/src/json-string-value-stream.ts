import type { StreamContextInit, TextSession } from '@parley/core';
import type { AnyTextMiddleware } from './parley-options';

const hexDigit = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
const simpleEscapes: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** JSON string contents for `text` (without the quotes). */
const encode = (text: string): string => (text.length === 0 ? '' : JSON.stringify(text).slice(1, -1));

/**
 * Runs the string values of streamed JSON text (a tool call's input deltas) through a middleware:
 * a hand-written scanner follows objects, arrays and strings across chunks, decodes each string
 * value's escapes, feeds its characters to a session of its own (ended at the closing quote) and
 * writes what the session releases back as JSON string contents. Object keys, numbers, literals and
 * punctuation pass as they are. Text that is not JSON passes through the scanner unchanged outside
 * strings; an unterminated string is ended at {@link end}.
 *
 * @internal
 */
export class JsonStringValueStream {
  /** Open containers: `{` or `[`. */
  private readonly stack: string[] = [];
  /** In an object, whether the next string is a key. */
  private expectKey = false;
  /** Inside a string: its session (`undefined` for a key), or `null` outside strings. */
  private session: TextSession | undefined | null = null;
  /** An escape sequence cut by a chunk boundary (`\`, `\u12`, …). */
  private pendingEscape = '';
  private values = 0;

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly streamId: string,
  ) {}

  /** Feeds the next chunk of JSON text; returns the JSON text that is safe to emit now. */
  write(chunk: string): string {
    let output = '';
    let decoded = '';
    const flushDecoded = (): void => {
      if (decoded.length === 0) return;
      output += this.session === undefined ? decoded : encode((this.session as TextSession).write(decoded));
      decoded = '';
    };
    const text = this.pendingEscape + chunk;
    this.pendingEscape = '';
    let index = 0;
    while (index < text.length) {
      const character = text[index] as string;
      if (this.session === null) {
        index += 1;
        output += character;
        if (character === '{') {
          this.stack.push('{');
          this.expectKey = true;
        } else if (character === '[') {
          this.stack.push('[');
          this.expectKey = false;
        } else if (character === '}' || character === ']') {
          this.stack.pop();
          this.expectKey = false;
        } else if (character === ':') this.expectKey = false;
        else if (character === ',') this.expectKey = this.stack.at(-1) === '{';
        else if (character === '"') {
          const isKey = this.stack.at(-1) === '{' && this.expectKey;
          this.values += 1;
          this.session = isKey ? undefined : this.middleware.open({ ...this.context, streamId: `${this.streamId}:${this.values}` });
        }
        continue;
      }
      // Inside a string. A key keeps its raw spelling; a value is decoded for its session.
      const isKey = this.session === undefined;
      if (character === '"') {
        flushDecoded();
        if (!isKey) output += encode((this.session as TextSession).end());
        output += '"';
        this.session = null;
        this.expectKey = false;
        index += 1;
        continue;
      }
      if (character === '\\') {
        const next = text[index + 1];
        if (next === undefined) {
          this.pendingEscape = '\\';
          break;
        }
        if (next === 'u') {
          if (index + 6 > text.length) {
            this.pendingEscape = text.slice(index);
            break;
          }
          const hex = text.slice(index + 2, index + 6);
          const valid = [...hex].every((digit) => hexDigit(digit.charCodeAt(0)));
          decoded += isKey ? text.slice(index, index + 6) : valid ? String.fromCharCode(Number.parseInt(hex, 16)) : text.slice(index, index + 6);
          index += 6;
          continue;
        }
        decoded += isKey ? `\\${next}` : (simpleEscapes[next] ?? next);
        index += 2;
        continue;
      }
      // A run of plain characters up to the next quote or backslash.
      let end = index + 1;
      while (end < text.length && text[end] !== '"' && text[end] !== '\\') end += 1;
      decoded += text.slice(index, end);
      index = end;
    }
    if (this.session !== null) flushDecoded();
    return output;
  }

  /** Ends the stream: releases what an unterminated string value still holds. */
  end(): string {
    let output = '';
    if (this.pendingEscape.length > 0) {
      output += this.session === undefined || this.session === null ? this.pendingEscape : encode(this.session.write(this.pendingEscape));
      this.pendingEscape = '';
    }
    if (this.session !== undefined && this.session !== null) output += encode(this.session.end());
    this.session = null;
    return output;
  }
}
