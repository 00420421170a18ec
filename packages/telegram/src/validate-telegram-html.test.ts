import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from './escape-html';
import { validateTelegramHtml } from './validate-telegram-html';

/** Whether Telegram's parser decodes `&#…;` for this code point (tdlib: 0 < code < 0x10FFFF, valid UTF-8 after decoding). */
const telegramDecodes = (codePoint: number): boolean => codePoint > 0 && codePoint < 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);

describe('validateTelegramHtml (issue 17: what Telegram refuses)', () => {
  test.each([
    ['</b junk>', '<b>x</b junk>'],
    ['</b/>', '<b>x</b/>'],
    ['</>', '<b>x</>'],
    ['nested <blockquote>', '<blockquote>a<blockquote>b</blockquote></blockquote>'],
    ['nested <blockquote> under another tag', '<blockquote><b>a<blockquote expandable>b</blockquote></b></blockquote>'],
    ['&#0;', 'a&#0;'],
    ['a lone surrogate &#xD800;', '&#xD800;'],
    ['a lone surrogate &#56320;', '&#56320;'],
    ['&#x10FFFF;', '&#x10FFFF;'],
    ['&#x110000;', '&#x110000;'],
    ['upper-case &#X41;', '&#X41;'],
    ['too long &#00000065;', '&#00000065;'],
    ['named &copy;', '&copy;'],
    ['no semicolon &amp', 'a &amp b'],
  ])('refuses %s', (_name, html) => {
    expect(validateTelegramHtml(html).valid).toBe(false);
  });

  test.each([
    ['</b >', '<b>x</b >', 'x'],
    ['&#65;&#x41;&#x1F600;', '&#65;&#x41;&#x1f600;', 'AA😀'],
    ['&#1114110; (U+10FFFE)', '&#1114110;', '\u{10fffe}'],
    ['quotes one after another', '<blockquote>a</blockquote><blockquote>b</blockquote>', 'ab'],
    ['&lt;&gt;&amp;&quot;', '&lt;&gt;&amp;&quot;', '<>&"'],
  ])('accepts %s', (_name, html, text) => {
    expect(validateTelegramHtml(html)).toMatchObject({ valid: true, text });
  });

  test('a numeric entity is accepted exactly when Telegram decodes it, and reads as its character (property, 3,000 cases)', () => {
    const codePoint = fc.oneof(fc.integer({ min: 0, max: 0x11_0000 }), fc.constantFrom(0, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0x10fffe, 0x10ffff, 0x110000));
    fc.assert(
      fc.property(codePoint, fc.boolean(), fc.nat({ max: 3 }), (code, hex, zeros) => {
        const digits = '0'.repeat(zeros) + (hex ? code.toString(16) : String(code));
        const html = `a&#${hex ? 'x' : ''}${digits};b`;
        const withinLength = digits.length + (hex ? 3 : 2) <= 9;
        const validation = validateTelegramHtml(html);
        expect(validation.valid).toBe(telegramDecodes(code) && withinLength);
        if (validation.valid) expect(validation.text).toBe(`a${String.fromCodePoint(code)}b`);
      }),
      { numRuns: 3000 },
    );
  });

  test('a closing tag with anything but white space after its name is refused, at any depth (property, 2,000 cases)', () => {
    const tag = fc.constantFrom('b', 'i', 'u', 's', 'code', 'a', 'blockquote', 'tg-spoiler');
    const junk = fc.string({ minLength: 1, maxLength: 8 }).filter((text) => !text.includes('>') && text.trim() !== '');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('b', 'i', 'u'), { maxLength: 4 }), tag, fc.constantFrom(' ', '\t', '', '  '), junk, (outer, name, space, text) => {
        const open = name === 'a' ? '<a href="https://x.io">' : `<${name}>`;
        const wrap = (closing: string): string => `${outer.map((tagName) => `<${tagName}>`).join('')}${open}x${closing}${outer.toReversed().map((tagName) => `</${tagName}>`).join('')}`;
        expect(validateTelegramHtml(wrap(`</${name}${space}${space === '' ? ' ' : ''}${text}>`)).valid).toBe(false);
        // The same closing tag with white space only is fine.
        expect(validateTelegramHtml(wrap(`</${name}${space}>`)).valid).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('a block quote inside a block quote is refused, whatever lies between (property, 1,000 cases)', () => {
    const between = fc.array(fc.constantFrom('b', 'i', 'u', 's', 'tg-spoiler'), { maxLength: 4 });
    fc.assert(
      fc.property(between, fc.boolean(), (tags, expandable) => {
        const opened = tags.map((name) => `<${name}>`).join('');
        const closed = tags.toReversed().map((name) => `</${name}>`).join('');
        const html = `<blockquote>a${opened}<blockquote${expandable ? ' expandable' : ''}>b</blockquote>${closed}</blockquote>`;
        expect(validateTelegramHtml(html).valid).toBe(false);
        expect(validateTelegramHtml(`<blockquote>a${opened}b${closed}</blockquote>`).valid).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('any text escaped with escapeHtml is valid and reads back as itself (property, 2,000 cases)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '&', '<', '>', '"', ';', '#', 'x', '1', '好', '😀', ' ', '\n'), maxLength: 60 }), (text) => {
        expect(validateTelegramHtml(`<b>${escapeHtml(text)}</b>`)).toMatchObject({ valid: true, text });
      }),
      { numRuns: 2000 },
    );
  });
});
