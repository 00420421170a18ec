import type { MarkdownIt, StateInline } from 'markdown-it';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isAsciiLetter = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const isHexDigit = (code: number): boolean => isDigit(code) || (code >= 0x61 && code <= 0x66) || (code >= 0x41 && code <= 0x46);

/** Counts the characters from `from` that pass `test`, reading at most `limit` + 1 of them. */
const run = (source: string, from: number, limit: number, test: (code: number) => boolean): number => {
  let end = from;
  while (end - from <= limit && end < source.length && test(source.charCodeAt(end))) end += 1;
  return end - from;
};

/**
 * markdown-it's entity rule, read by hand: the same entities (`&#123;`, `&#x1F600;`, `&copy;`),
 * decoded the same way, without matching a regular expression against all the text after each `&`
 * (markdown-it slices the rest of the paragraph and matches an anchored pattern, which a work
 * counter cannot tell from a scan of the rest). Reads at most 34 characters per `&`.
 */
export function createEntityRule(utils: MarkdownIt['utils']): InlineRule {
  return (state, silent) => {
    const { src, pos } = state;
    if (src.charCodeAt(pos) !== 0x26 || pos + 1 >= state.posMax) return false;
    let end: number;
    let decoded: string;
    if (src.charCodeAt(pos + 1) === 0x23) {
      const hex = src.charCodeAt(pos + 2) === 0x78 || src.charCodeAt(pos + 2) === 0x58;
      const start = pos + (hex ? 3 : 2);
      const digits = run(src, start, hex ? 6 : 7, hex ? isHexDigit : isDigit);
      if (digits === 0 || digits > (hex ? 6 : 7) || src.charCodeAt(start + digits) !== 0x3b) return false;
      const code = Number.parseInt(src.slice(start, start + digits), hex ? 16 : 10);
      decoded = utils.isValidEntityCode(code) ? utils.fromCodePoint(code) : '\uFFFD';
      end = start + digits + 1;
    } else {
      if (!isAsciiLetter(src.charCodeAt(pos + 1))) return false;
      const rest = run(src, pos + 2, 31, (code) => isAsciiLetter(code) || isDigit(code));
      if (rest === 0 || rest > 31 || src.charCodeAt(pos + 2 + rest) !== 0x3b) return false;
      end = pos + 3 + rest;
      const name = src.slice(pos, end);
      decoded = utils.unescapeAll(name);
      if (decoded === name) return false;
    }
    if (!silent) {
      const token = state.push('text_special', '', 0);
      token.content = decoded;
      token.markup = src.slice(pos, end);
      token.info = 'entity';
    }
    state.pos = end;
    return true;
  };
}
