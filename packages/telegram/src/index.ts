/**
 * Telegram presentation for agent replies: Markdown rendered through a CommonMark parser into the
 * HTML subset Telegram's Bot API accepts, a strict validator for that subset, splitting at
 * Telegram's message limit, and the specialist-result filter of the orchestration SOP.
 *
 * @module
 */
export { escapeHtml } from './escape-html';
export { markdownToTelegramHtml } from './markdown-to-telegram-html';
export { type PresentedResult, type PresentResultOptions, presentResult } from './present-result';
export { type SplitTelegramMessageOptions, splitTelegramMessage, TELEGRAM_MESSAGE_LIMIT } from './split-telegram-message';
export { type TelegramHtmlValidation, validateTelegramHtml } from './validate-telegram-html';
