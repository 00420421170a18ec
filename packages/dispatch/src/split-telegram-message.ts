import { InvalidArgumentError, ParleyError } from '@parley/core';
import { type TelegramHtmlToken, tokenizeTelegramHtml } from './telegram-html-tokens';

/** Telegram's limit on a message's text, in UTF-16 code units after entities are parsed. */
export const telegramMessageLimit = 4096;

/** Options of {@link splitTelegramMessage}. */
export interface SplitTelegramMessageOptions {
  /** Most visible characters per message. Default {@link telegramMessageLimit}. */
  readonly limit?: number;
}

type OpenToken = Extract<TelegramHtmlToken, { kind: 'open' }>;

/** The break after token `index`: a blank line beats a line end, which beats a space. */
function breakRank(tokens: readonly TelegramHtmlToken[], index: number): number {
  const token = tokens[index];
  if (token?.kind !== 'text') return -1;
  if (token.text === '\n') {
    const previous = tokens[index - 1];
    return previous?.kind === 'text' && previous.text === '\n' ? 3 : 2;
  }
  return token.text === ' ' ? 1 : -1;
}

/**
 * Splits Telegram HTML into messages within Telegram's limit, never inside a tag or an entity or
 * between the halves of a surrogate pair: each part closes the tags open where it ends and the
 * next part opens them again. It breaks at the last blank line, else line end, else space in the
 * second half of a part, else exactly at the limit. Throws a `TELEGRAM_HTML_INVALID`
 * {@link ParleyError} for HTML Telegram would reject.
 *
 * @example
 * ```ts
 * for (const part of splitTelegramMessage(html)) await bot.sendMessage(chatId, part, { parse_mode: 'HTML' });
 * ```
 */
export function splitTelegramMessage(html: string, options: SplitTelegramMessageOptions = {}): string[] {
  const limit = options.limit ?? telegramMessageLimit;
  if (!Number.isInteger(limit) || limit < 16) throw new InvalidArgumentError({ argument: 'limit', message: `limit must be an integer of at least 16, got ${String(limit)}` });
  const { tokens, problems } = tokenizeTelegramHtml(html);
  if (problems.length > 0) {
    throw new ParleyError({ code: 'TELEGRAM_HTML_INVALID', message: `not HTML Telegram accepts: ${problems.slice(0, 3).join('; ')}` });
  }
  const parts: string[] = [];
  let open: OpenToken[] = [];
  let start = 0;
  while (start < tokens.length) {
    let body = open.map((tag) => tag.raw).join('');
    const stack = [...open];
    let visible = 0;
    let best: { readonly end: number; readonly rank: number; readonly stack: OpenToken[] } | undefined;
    let end = start;
    for (; end < tokens.length; end += 1) {
      const token = tokens[end] as TelegramHtmlToken;
      if (token.kind === 'text') {
        if (visible + token.text.length > limit) break;
        visible += token.text.length;
      } else if (token.kind === 'open') stack.push(token);
      else stack.pop();
      body += token.raw;
      const rank = breakRank(tokens, end);
      if (rank >= 0 && visible >= limit / 2 && (best === undefined || rank >= best.rank)) best = { end: end + 1, rank, stack: [...stack] };
    }
    if (end >= tokens.length) {
      parts.push(body + stack.toReversed().map((tag) => `</${tag.name}>`).join(''));
      break;
    }
    const cut = best ?? { end, rank: -1, stack };
    const kept = tokens.slice(start, cut.end).map((token) => token.raw).join('');
    parts.push(open.map((tag) => tag.raw).join('') + kept + cut.stack.toReversed().map((tag) => `</${tag.name}>`).join(''));
    open = cut.stack;
    start = cut.end;
  }
  return parts.length === 0 ? [''] : parts;
}
