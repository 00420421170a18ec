import { expectString } from '@parley/core';
import { tokenizeTelegramHtml } from './telegram-html-tokens';

/** What {@link validateTelegramHtml} found. */
export interface TelegramHtmlValidation {
  /** True when Telegram's HTML parse mode would accept the message. */
  readonly valid: boolean;
  /** Each problem, with its offset. */
  readonly problems: readonly string[];
  /** The text a reader sees (tags removed, entities decoded). */
  readonly text: string;
  /** Visible length in UTF-16 code units, the unit of Telegram's 4,096-character limit. */
  readonly length: number;
}

/**
 * Checks a message against the HTML subset Telegram's Bot API accepts (`parse_mode: "HTML"`):
 * only `b strong i em u ins s strike del span.tg-spoiler tg-spoiler a[href] tg-emoji code pre
 * blockquote`, entities `&lt; &gt; &amp; &quot;` and numeric ones, proper nesting.
 *
 * @example
 * ```ts
 * import { validateTelegramHtml } from '@parley/telegram';
 *
 * console.log(validateTelegramHtml('<b>ok</b> &amp; fine').valid); // true
 * console.log(validateTelegramHtml('<h1>no</h1>').problems[0]); // tag <h1> at offset 0 is not one Telegram accepts
 * ```
 */
export function validateTelegramHtml(html: string): TelegramHtmlValidation {
  expectString(html, 'html');
  const { tokens, problems } = tokenizeTelegramHtml(html);
  let text = '';
  for (const token of tokens) if (token.kind === 'text') text += token.text;
  return { valid: problems.length === 0, problems, text, length: text.length };
}
