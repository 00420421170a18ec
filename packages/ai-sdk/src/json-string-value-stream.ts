import type { StreamContextInit, TextSession } from '@parley/core';
import type { AnyTextMiddleware } from './parley-options';

const hexDigit = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
const simpleEscapes: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** JSON string contents for `text` (without the quotes). */
const encode = (text: string): string => (text.length === 0 ? '' : JSON.stringify(text).slice(1, -1));

/** Outside strings, the characters that end a bare run (numbers, literals, or text that is not JSON). */
const isStructural = (character: string): boolean =>
  character === '{' || character === '}' || character === '[' || character === ']' || character === ':' || character === ',' || character === '"' || character === ' ' || character === '\n' || character === '\r' || character === '\t';

/**
 * Runs streamed JSON text (a tool call's input deltas) through a middleware without trusting its
 * shape: a hand-written scanner follows strings across chunks, decodes each string's escapes, feeds
 * its characters to a session of its own (ended at the closing quote) and writes what the session
 * releases back as JSON string contents. Object keys are strings like any other (a model can put a
 * secret in a key). Outside strings, each bare run between punctuation and whitespace (a number,
 * `true`, or text that is not JSON at all, such as an unquoted key) is a session of its own too, its
 * output written as it is; punctuation and whitespace pass unchanged. {@link end} ends an
 * unterminated string or run.
 *
 * @internal
 */
export class JsonStringValueStream {
  /** The session of the string or bare run being read, if any. */
  private session: TextSession | undefined;
  /** Whether the scanner is inside a string (`session` is then that string's). */
  private inString = false;
  /** An escape sequence cut by a chunk boundary (`\`, `\u12`, …). */
  private pendingEscape = '';
  private values = 0;

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly streamId: string,
  ) {}

  private open(): TextSession {
    this.values += 1;
    this.session = this.middleware.open({ ...this.context, streamId: `${this.streamId}:${this.values}` });
    return this.session;
  }

  /** Feeds the next chunk of JSON text; returns the JSON text that is safe to emit now. */
  write(chunk: string): string {
    let output = '';
    let decoded = '';
    const text = this.pendingEscape + chunk;
    this.pendingEscape = '';
    let index = 0;
    while (index < text.length) {
      const character = text[index] as string;
      if (!this.inString) {
        if (!isStructural(character)) {
          // A bare run: up to the next punctuation, whitespace or quote.
          let end = index + 1;
          while (end < text.length && !isStructural(text[end] as string)) end += 1;
          output += (this.session ?? this.open()).write(text.slice(index, end));
          index = end;
          continue;
        }
        if (this.session !== undefined) {
          output += this.session.end();
          this.session = undefined;
        }
        output += character;
        index += 1;
        if (character === '"') {
          this.inString = true;
          this.open();
        }
        continue;
      }
      const session = this.session as TextSession;
      if (character === '"') {
        output += encode(session.write(decoded) + session.end());
        decoded = '';
        output += '"';
        this.session = undefined;
        this.inString = false;
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
          const valid = hexDigit(hex.charCodeAt(0)) && hexDigit(hex.charCodeAt(1)) && hexDigit(hex.charCodeAt(2)) && hexDigit(hex.charCodeAt(3));
          decoded += valid ? String.fromCharCode(Number.parseInt(hex, 16)) : text.slice(index, index + 6);
          index += 6;
          continue;
        }
        decoded += simpleEscapes[next] ?? next;
        index += 2;
        continue;
      }
      // A run of plain characters up to the next quote or backslash.
      let end = index + 1;
      while (end < text.length && text[end] !== '"' && text[end] !== '\\') end += 1;
      decoded += text.slice(index, end);
      index = end;
    }
    if (this.inString && decoded.length > 0) output += encode((this.session as TextSession).write(decoded));
    return output;
  }

  /** Ends the stream: releases what an unterminated string or bare run still holds. */
  end(): string {
    let output = '';
    if (this.session !== undefined) {
      const rest = this.session.write(this.pendingEscape) + this.session.end();
      output += this.inString ? encode(rest) : rest;
    }
    this.pendingEscape = '';
    this.session = undefined;
    this.inString = false;
    return output;
  }
}
