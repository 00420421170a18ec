import { defineMiddleware } from './define-middleware';
import { InvalidArgumentError } from './invalid-argument-error';
import type { StreamEvent, TextMiddleware } from './text-middleware';

/** Emitted by {@link replaceTextStream} for every occurrence it replaced. */
export interface ReplacementEvent extends StreamEvent {
  /** Offset of the occurrence's first character in the session's input. */
  readonly start: number;
  /** Offset just past the occurrence's last character in the session's input. */
  readonly end: number;
}

/** The events of {@link replaceTextStream}. */
export interface ReplaceTextStreamEvents {
  /** One occurrence was replaced. */
  readonly replacement: ReplacementEvent;
}

/** Options of {@link replaceTextStream}. */
export interface ReplaceTextStreamOptions {
  /** The literal text to find; must not be empty. */
  readonly search: string;
  /** What each occurrence becomes. */
  readonly replacement: string;
}

/** KMP failure table: `table[i]` is the length of the longest proper border of `search[0..i]`. */
function failureTable(search: string): Uint32Array {
  const table = new Uint32Array(search.length);
  let border = 0;
  for (let index = 1; index < search.length; index += 1) {
    while (border > 0 && search.charCodeAt(index) !== search.charCodeAt(border)) border = table[border - 1] ?? 0;
    if (search.charCodeAt(index) === search.charCodeAt(border)) border += 1;
    table[index] = border;
  }
  return table;
}

/**
 * Replaces every occurrence of a literal string as the text streams, with the same result as
 * `String.prototype.replaceAll` on the whole text, however the text is chunked.
 *
 * It holds back only the end of the text that could still be the start of an occurrence (never
 * more than `search.length - 1` characters) and runs in time linear in the input.
 *
 * @example
 * ```ts
 * import { applyText, replaceTextStream } from '@parley/core';
 *
 * const codename = replaceTextStream({ search: 'Project Bluebird', replacement: '[codename]' });
 * const replaced: string[] = [];
 * codename.on('replacement', ({ start, end }) => replaced.push(`${start}..${end}`));
 * console.log(applyText(codename, 'Ship it: Project Bluebird.')); // Ship it: [codename].
 * console.log(replaced.join()); // 9..25
 * ```
 */
export function replaceTextStream(options: ReplaceTextStreamOptions): TextMiddleware<ReplaceTextStreamEvents> {
  const { search, replacement } = options;
  if (typeof search !== 'string' || search.length === 0) {
    throw new InvalidArgumentError({ argument: 'search', message: 'replaceTextStream needs a non-empty `search` string.' });
  }
  if (typeof replacement !== 'string') {
    throw new InvalidArgumentError({ argument: 'replacement', message: 'replaceTextStream needs a `replacement` string.' });
  }
  const table = failureTable(search);
  return defineMiddleware<ReplaceTextStreamEvents>({
    name: 'replace-text',
    createSession: (_context, emit) => {
      // The held-back text is always `search.slice(0, matched)`.
      let matched = 0;
      let consumed = 0;
      return {
        write: (chunk) => {
          const held = matched;
          const text = held === 0 ? chunk : search.slice(0, held) + chunk;
          const textStart = consumed - held;
          consumed += chunk.length;
          let output = '';
          let from = 0;
          for (let index = held; index < text.length; index += 1) {
            const code = text.charCodeAt(index);
            while (matched > 0 && search.charCodeAt(matched) !== code) matched = table[matched - 1] ?? 0;
            if (search.charCodeAt(matched) === code) matched += 1;
            if (matched === search.length) {
              const start = index + 1 - search.length;
              output += text.slice(from, start) + replacement;
              from = index + 1;
              matched = 0;
              emit('replacement', { start: textStart + start, end: textStart + from });
            }
          }
          return output + text.slice(from, text.length - matched);
        },
        end: () => {
          const rest = search.slice(0, matched);
          matched = 0;
          return rest;
        },
      };
    },
  });
}
