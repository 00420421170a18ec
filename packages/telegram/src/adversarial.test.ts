// Attacks on the presentation functions (session a4): what a hostile or careless model could write,
// and the invariants each attack broke or probes. Example tests pin the exact shapes found;
// fast-check properties cover each class with inputs biased to its hard cases.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectSplitKeepsText } from './expect-split-keeps-text';
import { findLoneSurrogate, replaceLoneSurrogates } from './lone-surrogates';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { splitTelegramMessage } from './split-telegram-message';
import { tokenizeTelegramHtml } from './telegram-html-tokens';
import { validateTelegramHtml } from './validate-telegram-html';

/** Schemes and tricks a link could hide behind; only http(s), tg and mailto may ever become live. */
const schemes = ['javascript:', 'JaVaScRiPt:', 'jav&#x61;script:', 'java\tscript:', 'java%0ascript:', ' javascript:', 'vbscript:', 'data:text/html,', 'data:image/png;base64,', 'file:///', '//evil.com/', 'http://', 'HTTPS://', 'tg://user?id=', 'mailto:', 'ftp://', 'http://аррӏе.com/'];
const fragment = fc.oneof(
  fc.constantFrom('[', ']', '(', ')', '<', '>', '"', "'", '&', ';', '#x', '*', '_', '`', '~~', '!', '\\', ' ', '\n', '\n\n', '> ', '- ', '```', '|', 'a', '好', '😀', '\uD800', '\uDC00', '\u0000', '\u202E'),
  fc.constantFrom(...schemes),
  fc.constantFrom(...schemes).map((scheme) => `[x](${scheme}a)`),
  fc.constantFrom(...schemes).map((scheme) => `<${scheme}a>`),
  fc.constantFrom(...schemes).map((scheme) => `![x](${scheme}a)`),
  fc.string({ maxLength: 4 }),
);
const hostileMarkdown = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

/** The address of every link in Telegram HTML. */
const links = (html: string): string[] => tokenizeTelegramHtml(html).tokens.flatMap((token) => (token.kind === 'open' && token.name === 'a' ? [token.href ?? ''] : []));

describe('lone surrogate halves (Telegram needs valid UTF-8)', () => {
  test('a lone half in the Markdown becomes U+FFFD, and the output validates', () => {
    expect(markdownToTelegramHtml('a\uD800b')).toBe('a\uFFFDb');
    expect(markdownToTelegramHtml('**\uDC00**')).toBe('<b>\uFFFD</b>');
    expect(markdownToTelegramHtml('😀 \uD83D')).toBe('😀 \uFFFD');
    expect(validateTelegramHtml(markdownToTelegramHtml('[\uD800](https://x.io/\uDC00)')).valid).toBe(true);
  });

  test('the validator refuses a lone half in text or in an attribute, and accepts a pair', () => {
    expect(validateTelegramHtml('a\uD800').problems).toEqual(['a lone surrogate half at offset 1 (Telegram needs valid UTF-8)']);
    expect(validateTelegramHtml('<b>\uDC00</b>').valid).toBe(false);
    expect(validateTelegramHtml('<a href="https://x.io/\uD800">x</a>').valid).toBe(false);
    expect(validateTelegramHtml('\uD800<b></b>\uDC00').valid).toBe(false);
    expect(validateTelegramHtml('😀<b>😀</b>').valid).toBe(true);
  });

  test('replaceLoneSurrogates equals String.prototype.toWellFormed, and findLoneSurrogate agrees (property, 3,000 cases)', () => {
    const unit = fc.constantFrom('a', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '😀', '好');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const text = units.join('');
        const wellFormed = (text as unknown as { toWellFormed(): string }).toWellFormed();
        expect(replaceLoneSurrogates(text)).toBe(wellFormed);
        expect(findLoneSurrogate(text) === -1).toBe(wellFormed === text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('hostile Markdown', () => {
  test('the output always validates and links only to http(s), tg and mailto addresses the model wrote as links (property, 3,000 cases)', () => {
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => {
        const html = markdownToTelegramHtml(markdown);
        expect(validateTelegramHtml(html).problems).toEqual([]);
        for (const href of links(html)) {
          expect(href).toMatch(/^(?:https?:\/\/|tg:\/\/|mailto:)/i);
          // A live link needs a link written as one: `[…](…)`, `![…](…)` or `<…>` around its scheme.
          expect(markdown).toMatch(/\]\(|</);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test('exact shapes: no live link from an unsafe, encoded, spaced or relative scheme', () => {
    for (const markdown of ['[x](javascript:alert(1))', '[x](JaVaScRiPt:alert(1))', '[x](jav&#x61;script:alert(1))', '[x](java\tscript:x)', '[x](java%0ascript:x)', '[x](//evil.com)', '[x](data:text/html,hi)', '[x](vbscript:x)', '[x](file:///etc/passwd)', '<javascript:alert(1)>', '![x](data:image/png;base64,AAA)']) {
      expect(links(markdownToTelegramHtml(markdown))).toEqual([]);
    }
    // Quotes and angle brackets never leave the attribute.
    expect(markdownToTelegramHtml('[x](http://a"onmouseover=1)')).toBe('<a href="http://a%22onmouseover=1">x</a>');
    expect(markdownToTelegramHtml('<http://a"b>')).toBe('<a href="http://a%22b">http://a"b</a>');
    expect(markdownToTelegramHtml('<http://a<b>')).toBe('&lt;http://a&lt;b&gt;');
  });
});

describe('validator: where Telegram takes a code language, custom emoji, repeated attributes', () => {
  test('exact shapes', () => {
    expect(validateTelegramHtml('<pre><code class="language-js">x</code></pre>').valid).toBe(true);
    expect(validateTelegramHtml('<code class="language-js">x</code>').valid).toBe(false);
    expect(validateTelegramHtml('<pre><code class="js">x</code></pre>').valid).toBe(false);
    expect(validateTelegramHtml('<pre><code class="language-">x</code></pre>').valid).toBe(false);
    expect(validateTelegramHtml('<tg-emoji>👍</tg-emoji>').valid).toBe(false);
    expect(validateTelegramHtml('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>').valid).toBe(true);
    expect(validateTelegramHtml('<a href="https://a.io" href="javascript:x">x</a>').valid).toBe(false);
  });

  test('a code language is accepted only on a <code> directly inside <pre>, at any depth (property, 1,000 cases)', () => {
    const wrapper = fc.constantFrom('b', 'i', 'u', 's', 'tg-spoiler', 'blockquote', 'pre');
    fc.assert(
      fc.property(fc.array(wrapper, { maxLength: 5 }), (outer) => {
        // Telegram allows nothing but <code> inside <pre>; stop the stack at the first <pre>.
        // and Telegram refuses a block quote in a block quote: keep only the first.
        const pre = outer.indexOf('pre');
        const stack = (pre < 0 ? outer : outer.slice(0, pre + 1)).filter((name, index, all) => name !== 'blockquote' || all.indexOf(name) === index);
        const html = `${stack.map((name) => `<${name}>`).join('')}<code class="language-py">x</code>${stack.toReversed().map((name) => `</${name}>`).join('')}`;
        expect(validateTelegramHtml(html).valid).toBe(stack.at(-1) === 'pre');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('splitting never yields a part Telegram refuses as empty', () => {
  test('exact shapes: long runs of spaces or blank lines between text', () => {
    const inCode = markdownToTelegramHtml(`\`${'a'.repeat(10)}${' '.repeat(60)}b\``);
    const parts = splitTelegramMessage(inCode, { limit: 20 });
    expect(parts.map((part) => validateTelegramHtml(part).text.trim() !== '')).toEqual(parts.map(() => true));
    expect(splitTelegramMessage(`<b>${'a'.repeat(15)}</b>${' '.repeat(40)}`, { limit: 16 })).toEqual([`<b>${'a'.repeat(15)}</b> `]);
    const pre = `<pre>${'a'.repeat(30)}${'\n'.repeat(80)}b</pre>`;
    expect(splitTelegramMessage(pre, { limit: 20 }).map((part) => validateTelegramHtml(part).text.replaceAll('\n', ''))).toEqual(['a'.repeat(20), 'a'.repeat(10), 'b']);
  });

  test('every part is valid, within the limit and shows something, and the parts hold all the text but white space of runs longer than half the limit (property, 2,000 cases)', { timeout: 180_000 }, () => {
    const tag = fc.constantFrom('b', 'i', 'pre', 'code', 'blockquote', 'a', '/');
    const text = fc.constantFrom('word', ' ', '   ', '\n', '\n\n', '&amp;', '&#x1F600;', '😀', '好', 'x'.repeat(20), ' '.repeat(30), '\n'.repeat(30));
    /** Well-nested Telegram HTML from a list of opens (`/` closes the innermost) and texts; opens Telegram refuses there are skipped. */
    const build = (pieces: ReadonlyArray<{ readonly tag?: string; readonly text?: string }>): string => {
      const stack: string[] = [];
      let html = '';
      for (const piece of pieces) {
        if (piece.text !== undefined) html += piece.text;
        else if (piece.tag === '/') html += stack.length > 0 ? `</${stack.pop() ?? ''}>` : '';
        else if (piece.tag !== undefined) {
          const parent = stack.at(-1);
          if (parent === 'code' || (parent === 'pre' && piece.tag !== 'code') || ((piece.tag === 'a' || piece.tag === 'blockquote') && stack.includes(piece.tag))) continue;
          html += piece.tag === 'a' ? '<a href="https://x.io">' : `<${piece.tag}>`;
          stack.push(piece.tag);
        }
      }
      return html + stack.toReversed().map((name) => `</${name}>`).join('');
    };
    const piece = fc.oneof(tag.map((name) => ({ tag: name })), text.map((value) => ({ text: value })), text.map((value) => ({ text: value })));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }).map(build), fc.integer({ min: 16, max: 48 }), (html, limit) => {
        expectSplitKeepsText(html, limit);
      }),
      { numRuns: 2000 },
    );
  });
});
