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

/** Spaces, tabs and line breaks: what Telegram trims at a message's ends. */
const isWhiteSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Where the visible text is cut into parts, and which parts show only white space. */
interface VisibleCuts {
  /** Part `k` shows `text[bounds[k], bounds[k + 1])`; the first bound is 0, the last the text's length. */
  readonly bounds: readonly number[];
  /** For each part, whether it shows only white space (it is left out). */
  readonly blank: readonly boolean[];
}

/**
 * Chooses where to cut the visible text (tags removed, entities decoded) into parts of at most
 * `limit` UTF-16 units, never between the halves of a surrogate pair.
 *
 * A part that shows only white space cannot be sent, so white space can be lost; it is lost only
 * from a run of white space longer than `⌊limit / 2⌋ - 1` (a maximal run of spaces, tabs and line
 * breaks, at the text's ends too). A cut is acceptable when
 * - the part before it shows something, or the part is white space of such a long run, and
 * - the next part can reach the next character that is not white space, or the white space after
 *   the cut belongs to such a long run.
 * An acceptable cut always exists (the run bound is what makes that true), so text is lost only
 * where it must be. Among acceptable cuts it takes the latest of the best rank in the second half
 * of the part (after a blank line, a line end, a space), else the latest one.
 */
function cutVisibleText(text: string, limit: number): VisibleCuts {
  const length = text.length;
  const longRun = Math.floor(limit / 2) - 1;
  const half = Math.ceil(limit / 2);
  const width = (at: number): number => (isHighSurrogate(text.charCodeAt(at)) ? 2 : 1);
  const rank = (cut: number, start: number): number => {
    const before = text.charCodeAt(cut - 1);
    if (before === 10) return cut - 2 >= start && text.charCodeAt(cut - 2) === 10 ? 3 : 2;
    return before === 32 ? 1 : 0;
  };
  const bounds = [0];
  const blank: boolean[] = [];
  // Each part looks only at its own window [start, start + limit] and at the runs of white space
  // crossing its ends, up to `limit + 1` after it and `longRun + 1` before it: enough to tell a long
  // run from a short one and whether the next part can reach something visible. Memory is bounded
  // by the limit, and the work by the limit per part.
  const reach = longRun + 1;
  const windowSize = length > limit ? limit + 1 : 0;
  // nextShown[at - start]: the first unit at or after `at` that is not white space, looking no
  // further than `end + limit + 1` (or the text's end); shownBefore[at - start]: the end of the
  // last such unit before `at`, looking no further back than `start - reach` (or 0).
  const nextShown = new Int32Array(windowSize);
  const shownBefore = new Int32Array(windowSize);
  let start = 0;
  while (length - start > limit) {
    const low = start;
    let end = start + limit;
    if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    let after = end;
    const afterCap = Math.min(length, end + limit + 1);
    while (after < afterCap && isWhiteSpace(text.charCodeAt(after))) after += 1;
    nextShown[end - low] = after;
    for (let at = end - 1; at >= low; at -= 1) nextShown[at - low] = isWhiteSpace(text.charCodeAt(at)) ? (nextShown[at + 1 - low] as number) : at;
    let before = start;
    const beforeCap = Math.max(0, start - reach);
    while (before > beforeCap && isWhiteSpace(text.charCodeAt(before - 1))) before -= 1;
    shownBefore[0] = before;
    for (let at = low + 1; at <= end; at += 1) shownBefore[at - low] = isWhiteSpace(text.charCodeAt(at - 1)) ? (shownBefore[at - 1 - low] as number) : at;
    // Cut off by the window, a run is longer than `longRun` on that side alone, so long it is.
    const inLongRun = (at: number): boolean => (nextShown[at - low] as number) - (shownBefore[at - low] as number) > longRun;
    const first = nextShown[start - low] as number;
    const blankAllowed = inLongRun(start);
    const acceptable = (cut: number): boolean => {
      if (first >= cut && !blankAllowed) return false;
      const next = nextShown[cut - low] as number;
      return (next < length && next + width(next) <= cut + limit) || inLongRun(cut);
    };
    let cut = -1;
    let best = 0;
    for (let at = end; at >= start + half && best < 3; at -= 1) {
      const found = rank(at, start);
      if (found > best && acceptable(at)) {
        cut = at;
        best = found;
      }
    }
    for (let at = end; cut < 0 && at > start; at -= 1) if (!isHighSurrogate(text.charCodeAt(at - 1)) && acceptable(at)) cut = at;
    // Unreachable by the argument above; cutting at the limit keeps the loop finite regardless.
    if (cut < 0) cut = end;
    bounds.push(cut);
    blank.push(first >= cut);
    start = cut;
  }
  bounds.push(length);
  let shown = false;
  for (let at = start; at < length && !shown; at += 1) shown = !isWhiteSpace(text.charCodeAt(at));
  blank.push(!shown);
  return { bounds, blank };
}

/**
 * Writes the HTML of each part: the tags open at a cut are closed at the end of one part and
 * opened again at the start of the next. Closing tags at a cut stay with the part before it,
 * opening tags go with the part after it.
 */
function writeParts(tokens: readonly TelegramHtmlToken[], bounds: readonly number[]): string[] {
  const parts: string[] = [];
  const stack: OpenToken[] = [];
  let part = '';
  let position = 0;
  let next = 1;
  const last = bounds.length - 1;
  /** Ends the part at the next cut and starts the following one with the tags open there. */
  const cross = (): void => {
    parts.push(part + stack.toReversed().map((tag) => `</${tag.name}>`).join(''));
    part = stack.map((tag) => tag.raw).join('');
    next += 1;
  };
  for (const token of tokens) {
    if (token.kind === 'close') {
      part += token.raw;
      stack.pop();
      continue;
    }
    if (next < last && bounds[next] === position) cross();
    if (token.kind === 'open') {
      part += token.raw;
      stack.push(token);
      continue;
    }
    const end = position + token.text.length;
    let from = 0;
    // Cuts fall only at code point boundaries, so never inside an entity (one code point): inside
    // a token they cut a run of plain text, whose raw offsets are its text's.
    while (next < last && (bounds[next] as number) < end) {
      const offset = (bounds[next] as number) - position;
      part += token.raw.slice(from, offset);
      from = offset;
      cross();
    }
    part += token.raw.slice(from);
    position = end;
  }
  parts.push(part);
  return parts;
}

/**
 * Splits Telegram HTML into messages within Telegram's limit, never inside a tag or an entity or
 * between the halves of a surrogate pair: each part closes the tags open where it ends and the
 * next part opens them again. The parts' visible text, put together in order, is the HTML's
 * visible text: nothing is lost or repeated, except white space in a run longer than half the
 * limit, where a part showing only white space (which Telegram refuses as empty) is left out. It
 * breaks at the last blank line, else line end, else space in the second half of a part, else as
 * late as it can. Throws a `TELEGRAM_HTML_INVALID` {@link ParleyError} for HTML Telegram would
 * reject. Linear in the length of the HTML.
 *
 * @example
 * ```ts
 * import { splitTelegramMessage } from '@parley/telegram';
 *
 * // A stand-in for your bot client (node-telegram-bot-api, grammY, telegraf…).
 * const sent: string[] = [];
 * const bot = { sendMessage: async (_chatId: number, text: string, _options: { parse_mode: 'HTML' }) => void sent.push(text) };
 * const html = `<b>Report</b>\n${'A finding worth a line.\n'.repeat(300)}`;
 * for (const part of splitTelegramMessage(html)) await bot.sendMessage(42, part, { parse_mode: 'HTML' });
 * console.log(sent.length, sent.every((part) => part.length <= 4096)); // 2 true
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
  let text = '';
  for (const token of tokens) if (token.kind === 'text') text += token.text;
  const { bounds, blank } = cutVisibleText(text, limit);
  const parts = writeParts(tokens, bounds);
  // A part of only white space would be refused as empty; it shows nothing, so it is left out,
  // unless nothing else is left.
  const shown = parts.filter((_, index) => blank[index] !== true);
  return shown.length > 0 ? shown : [parts[0] ?? ''];
}
