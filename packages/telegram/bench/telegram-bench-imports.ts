// The public API under benchmark (the built package), and the baseline's plain escape (the converter's floor).
export { markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from '@parley/telegram';

/** Escapes `&`, `<` and `>` with one replace each: the least any HTML conversion must do. */
export const escapeHtmlForBench = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
