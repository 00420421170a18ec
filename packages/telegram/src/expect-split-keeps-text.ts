import { expect } from 'vitest';
import { splitTelegramMessage } from './split-telegram-message';
import { validateTelegramHtml } from './validate-telegram-html';

/** Spaces, tabs and line breaks: what Telegram trims at a message's ends. */
const isWhiteSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The longest run of white space (spaces, tabs, line breaks) that {@link splitTelegramMessage}
 * promises to keep whole at `limit`; only a longer run may lose some, where a part of nothing but
 * white space, which Telegram refuses, is left out.
 */
export const keptWhiteSpaceRun = (limit: number): number => Math.floor(limit / 2) - 1;

/**
 * Where `kept` fails to be `whole` with only white space left out, and only from runs longer than
 * `longest`: the offset in `whole` of the first character lost (or added) against that rule, or
 * -1 when `kept` keeps everything it must.
 */
export function findLostText(whole: string, kept: string, longest: number): number {
  // The length of the run of white space each character of `whole` belongs to.
  const run = new Int32Array(whole.length);
  for (let at = 0; at < whole.length; ) {
    let end = at;
    while (end < whole.length && isWhiteSpace(whole.charCodeAt(end))) end += 1;
    for (let inside = at; inside < end; inside += 1) run[inside] = end - at;
    at = end === at ? at + 1 : end;
  }
  const lossAllowed = (at: number): boolean => (run[at] as number) > longest;
  let at = 0;
  for (let from = 0; from < kept.length; from += 1) {
    // Matching each kept character to the earliest one it can be is never worse: only white space
    // of a long run may be skipped, and every character of such a run may be.
    while (at < whole.length && whole[at] !== kept[from] && lossAllowed(at)) at += 1;
    if (at >= whole.length || whole[at] !== kept[from]) return Math.min(at, whole.length);
    at += 1;
  }
  while (at < whole.length && lossAllowed(at)) at += 1;
  return at < whole.length ? at : -1;
}

/**
 * Splits `html` at `limit` and checks every promise of {@link splitTelegramMessage}: each part is
 * valid Telegram HTML within the limit; none shows only white space (unless it is the only one); a
 * message within the limit comes back unchanged; no part but the last is shorter than about half
 * the limit; and the parts' visible text, put together, is the HTML's own with nothing lost,
 * repeated or moved, except white space of runs longer than {@link keptWhiteSpaceRun}. Returns the
 * parts.
 */
export function expectSplitKeepsText(html: string, limit: number): string[] {
  const whole = validateTelegramHtml(html);
  expect(whole.problems).toEqual([]);
  const parts = splitTelegramMessage(html, { limit });
  if (whole.length <= limit) expect(parts).toEqual([html]);
  expect(parts.length).toBeLessThanOrEqual(Math.max(1, Math.floor((whole.length - 1) / (Math.ceil(limit / 2) - 1)) + 1));
  let text = '';
  for (const part of parts) {
    const validation = validateTelegramHtml(part);
    expect(validation.problems).toEqual([]);
    expect(validation.length).toBeLessThanOrEqual(limit);
    if (parts.length > 1) expect([...validation.text].some((character) => !isWhiteSpace(character.charCodeAt(0)))).toBe(true);
    text += validation.text;
  }
  const lost = findLostText(whole.text, text, keptWhiteSpaceRun(limit));
  if (lost >= 0) {
    expect.fail(`text lost or added at visible offset ${lost} of ${whole.text.length}: ${JSON.stringify(whole.text.slice(Math.max(0, lost - 20), lost + 20))}; parts ${JSON.stringify(parts)}`);
  }
  return parts;
}
