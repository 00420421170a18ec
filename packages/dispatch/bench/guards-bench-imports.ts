// The public API under benchmark, and the baseline's plain escape (the converter's floor).
export { checkReply, classifyRequest, guardReply, lintRequest, markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from '@parley/dispatch';

/** Escapes `&`, `<` and `>` with one replace each: the least any HTML conversion must do. */
export const escapeHtmlForBench = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
