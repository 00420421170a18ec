import { expectString, InvalidArgumentError, ParleyError } from '@parley/core';
import { type TelegramHtmlToken, tokenizeTelegramHtml } from './telegram-html-tokens';

/** Telegram's limit on a message's text, in UTF-16 code units after entities are parsed. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;

/** Options of {@link splitTelegramMessage}. */
export interface SplitTelegramMessageOptions {
  /** Most visible characters per message. Default {@link TELEGRAM_MESSAGE_LIMIT}. */
  readonly limit?: number;
}

type OpenToken = Extract<TelegramHtmlToken, { kind: 'open' }>;

/** A place to cut: after `offset` characters of token `token`, with the tags open there. */
interface Cut {
  readonly token: number;
  readonly offset: number;
  /** 3 after a blank line, 2 after a line end, 1 after a space, 0 anywhere. */
  readonly rank: number;
  readonly stack: readonly OpenToken[];
}

/** Whether a part shows nothing but spaces, tabs and line breaks: Telegram trims those and refuses the empty message left. */
function isBlank(part: string): boolean {
  for (const token of tokenizeTelegramHtml(part).tokens) {
    if (token.kind !== 'text') continue;
    for (let index = 0; index < token.text.length; index += 1) {
      const code = token.text.charCodeAt(index);
      if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return false;
    }
  }
  return true;
}

/** The best place to cut inside `text[0, upTo)`: after the last blank line, else line end, else space. */
function bestBreak(text: string, upTo: number, minimum: number): { readonly offset: number; readonly rank: number } | undefined {
  const window = text.slice(0, upTo);
  const candidates: Array<[number, number]> = [
    [window.lastIndexOf('\n\n'), 3],
    [window.lastIndexOf('\n'), 2],
    [window.lastIndexOf(' '), 1],
  ];
  for (const [at, rank] of candidates) {
    const offset = at < 0 ? -1 : at + (rank === 3 ? 2 : 1);
    if (at >= 0 && offset >= minimum) return { offset, rank };
  }
  return undefined;
}

/**
 * Splits Telegram HTML into messages within Telegram's limit, never inside a tag or an entity or
 * between the halves of a surrogate pair: each part closes the tags open where it ends and the
 * next part opens them again. It breaks at the last blank line, else line end, else space in the
 * second half of a part, else exactly at the limit. A part that would show only white space (cut
 * out of a long run of it) is left out: Telegram trims it and refuses the empty message. Throws a `TELEGRAM_HTML_INVALID`
 * {@link ParleyError} for HTML Telegram would reject. Linear in the length of the HTML.
 *
 * @example
 * ```ts
 * for (const part of splitTelegramMessage(html)) await bot.sendMessage(chatId, part, { parse_mode: 'HTML' });
 * ```
 */
export function splitTelegramMessage(html: string, options: SplitTelegramMessageOptions = {}): string[] {
  expectString(html, 'html');
  const limit = options.limit ?? TELEGRAM_MESSAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 16) throw new InvalidArgumentError({ argument: 'limit', message: `limit must be an integer of at least 16, got ${String(limit)}` });
  const { tokens, problems } = tokenizeTelegramHtml(html);
  if (problems.length > 0) {
    throw new ParleyError({ code: 'TELEGRAM_HTML_INVALID', message: `not HTML Telegram accepts: ${problems.slice(0, 3).join('; ')}` });
  }
  const half = Math.ceil(limit / 2);
  const closing = (stack: readonly OpenToken[]): string => stack.toReversed().map((tag) => `</${tag.name}>`).join('');
  const parts: string[] = [];
  let open: readonly OpenToken[] = [];
  // Where the current part starts: a token, and how much of it an earlier part already took.
  let start = 0;
  let skip = 0;
  while (start < tokens.length) {
    const stack = [...open];
    let visible = 0;
    let best: Cut | undefined;
    let cut: Cut | undefined;
    for (let index = start; index < tokens.length && cut === undefined; index += 1) {
      const token = tokens[index] as TelegramHtmlToken;
      if (token.kind === 'open') {
        stack.push(token);
        continue;
      }
      if (token.kind === 'close') {
        stack.pop();
        continue;
      }
      // A run of plain text can be cut anywhere; an entity only before or after it.
      const run = token.raw === token.text;
      const from = index === start ? skip : 0;
      const text = run ? token.text.slice(from) : token.text;
      if (visible + text.length <= limit) {
        // The whole token fits: remember its best break (later breaks of a rank win).
        const found = run ? bestBreak(text, text.length, half - visible) : undefined;
        if (found !== undefined && (best === undefined || found.rank >= best.rank)) best = { token: index, offset: from + found.offset, rank: found.rank, stack: [...stack] };
        visible += text.length;
        continue;
      }
      // It overflows: cut at the best break before the limit, or at the limit.
      const room = limit - visible;
      const inside = run ? bestBreak(text, room, half - visible) : undefined;
      if (inside !== undefined && (best === undefined || inside.rank >= best.rank)) cut = { token: index, offset: from + inside.offset, rank: inside.rank, stack: [...stack] };
      else if (best !== undefined) cut = best;
      else {
        let offset = run ? room : 0;
        const last = text.charCodeAt(offset - 1);
        if (offset > 0 && last >= 0xd800 && last <= 0xdbff) offset -= 1;
        cut = { token: index, offset: from + offset, rank: 0, stack: [...stack] };
      }
    }
    if (cut === undefined) {
      parts.push(open.map((tag) => tag.raw).join('') + tokens.slice(start).map((token, position) => (position === 0 ? token.raw.slice(skip) : token.raw)).join('') + closing(stack));
      break;
    }
    let body = open.map((tag) => tag.raw).join('');
    for (let index = start; index < cut.token; index += 1) body += index === start ? (tokens[index] as TelegramHtmlToken).raw.slice(skip) : (tokens[index] as TelegramHtmlToken).raw;
    const cutToken = tokens[cut.token] as TelegramHtmlToken;
    body += cutToken.raw.slice(cut.token === start ? skip : 0, cut.offset);
    parts.push(body + closing(cut.stack));
    open = cut.stack;
    // A cut at the very end of a token continues with the next one.
    if (cut.offset >= cutToken.raw.length) {
      start = cut.token + 1;
      skip = 0;
    } else {
      start = cut.token;
      skip = cut.offset;
    }
  }
  // A part of only white space (a long run of blank lines or spaces cut out of the text) would be
  // refused as empty; it shows nothing, so it is left out, unless nothing else is left.
  const shown = parts.filter((part) => !isBlank(part));
  return shown.length > 0 ? shown : [parts[0] ?? ''];
}
