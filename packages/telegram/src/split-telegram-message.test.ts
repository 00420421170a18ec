import { ParleyError } from '@parley/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { splitTelegramMessage } from './split-telegram-message';
import { validateTelegramHtml } from './validate-telegram-html';

describe('splitTelegramMessage', () => {
  test('a short message is one part', () => {
    expect(splitTelegramMessage('<b>hi</b>')).toEqual(['<b>hi</b>']);
  });

  test('breaks at a blank line, closing and reopening the tags open there', () => {
    const html = `<b>${'a'.repeat(30)}\n\n${'b'.repeat(30)}</b>`;
    expect(splitTelegramMessage(html, { limit: 40 })).toEqual([`<b>${'a'.repeat(30)}\n\n</b>`, `<b>${'b'.repeat(30)}</b>`]);
  });

  test('never splits an entity or a surrogate pair, and counts an entity as one character', () => {
    const parts = splitTelegramMessage(`${'&amp;'.repeat(20)}${'😀'.repeat(20)}`, { limit: 16 });
    for (const part of parts) expect(validateTelegramHtml(part).problems).toEqual([]);
    expect(parts.join('')).toBe(`${'&amp;'.repeat(20)}${'😀'.repeat(20)}`);
  });

  test('a hard cut inside a run of text never separates the halves of a surrogate pair', () => {
    const html = `a${'😀'.repeat(40)}`;
    const parts = splitTelegramMessage(html, { limit: 16 });
    expect(parts.join('')).toBe(html);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(16);
      expect(/^[\uDC00-\uDFFF]/.test(part) || /[\uD800-\uDBFF]$/.test(part)).toBe(false);
    }
  });

  test('refuses HTML Telegram would reject, and a limit too small', () => {
    expect(() => splitTelegramMessage('<h1>x</h1>')).toThrow(ParleyError);
    expect(() => splitTelegramMessage('x', { limit: 4 })).toThrow(/limit/);
  });

  test('every part is valid and within the limit, and the parts hold all the text', () => {
    const piece = fc.constantFrom('**b**', '_i_', '`c`', '\n', '\n\n', ' ', 'word', '好', '😀', '&', '<', '- item\n', '> q\n', '```\ncode\n```\n', '[l](https://x.io)');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 16, max: 64 }), (pieces, limit) => {
        const html = markdownToTelegramHtml(pieces.join(''));
        const parts = splitTelegramMessage(html, { limit });
        let text = '';
        for (const part of parts) {
          const validation = validateTelegramHtml(part);
          expect(validation.problems).toEqual([]);
          expect(validation.length).toBeLessThanOrEqual(limit);
          text += validation.text;
        }
        expect(text).toBe(validateTelegramHtml(html).text);
      }),
      { numRuns: 1000 },
    );
  });
});
