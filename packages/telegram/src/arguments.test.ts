// Clean failures (moved from @parley/dispatch, issue 14): every function refuses a non-string with
// core's InvalidArgumentError (code INVALID_ARGUMENT, naming the argument), never a bare TypeError;
// and no message quotes more than a short excerpt of the input, however long the input.
import { InvalidArgumentError, ParleyError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from './escape-html';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { presentResult } from './present-result';
import { splitTelegramMessage } from './split-telegram-message';
import { validateTelegramHtml } from './validate-telegram-html';

const calls: ReadonlyArray<readonly [name: string, argument: string, call: (value: never) => unknown]> = [
  ['escapeHtml', 'text', (value) => escapeHtml(value)],
  ['markdownToTelegramHtml', 'markdown', (value) => markdownToTelegramHtml(value)],
  ['presentResult', 'text', (value) => presentResult(value)],
  ['splitTelegramMessage', 'html', (value) => splitTelegramMessage(value)],
  ['validateTelegramHtml', 'html', (value) => validateTelegramHtml(value)],
];
const notStrings: readonly unknown[] = [undefined, null, 42, {}, ['a'], Buffer.from('a'), Symbol('s')];

describe('a non-string argument is an InvalidArgumentError', () => {
  test.each(calls)('%s(%s)', (_name, argument, call) => {
    for (const value of notStrings) {
      let thrown: unknown;
      try {
        call(value as never);
      } catch (error) {
        thrown = error;
      }
      expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
      expect((thrown as Error).message.length).toBeLessThan(120);
    }
  });
});

describe('messages quote at most a short excerpt of the input', () => {
  const huge = 'x'.repeat(400_000);
  const cases: ReadonlyArray<readonly [name: string, messages: () => readonly string[]]> = [
    ['validateTelegramHtml: a huge unknown tag', () => validateTelegramHtml(`<${huge}> <b ${huge}> <b ${huge}="1"> </${huge}>`).problems],
    ['validateTelegramHtml: a huge tag body', () => validateTelegramHtml(`< ${huge}>`).problems],
    ['validateTelegramHtml: a huge closing tag', () => validateTelegramHtml(`<b>x</b ${huge}>`).problems],
  ];
  test.each(cases)('%s', (_name, messages) => {
    const found = messages();
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message.length, message.slice(0, 200)).toBeLessThanOrEqual(400);
  });

  test('splitTelegramMessage refuses invalid HTML with a short message (issue 14: one was 400 KB)', () => {
    for (const html of [`<${huge}>`, `<b ${huge}>x</b>`, `< ${huge}>`, `<b>${huge}`]) {
      let thrown: unknown;
      try {
        splitTelegramMessage(html);
      } catch (error) {
        thrown = error;
      }
      expect(ParleyError.isInstance(thrown)).toBe(true);
      expect((thrown as ParleyError).code).toBe('TELEGRAM_HTML_INVALID');
      expect((thrown as Error).message.length).toBeLessThanOrEqual(600);
    }
  });
});
