import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from './escape-html';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { validateTelegramHtml } from './validate-telegram-html';

const upper = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const secretType = fc
  .tuple(fc.constantFrom(...upper), fc.string({ unit: fc.constantFrom(...upper, ...'0123456789_'), maxLength: 20 }))
  .map(([first, rest]) => first + rest);
const hex = (length: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
/** Characters of secrets and paths, with the ones Markdown reads (`*`, `_`, `[`, `]`, `~`, `\`, `&`). */
const secretCharacter = fc.constantFrom(...'aZ09-_+/=.*~&\\[]');
const ends = (length: number): fc.Arbitrary<string> => fc.string({ unit: secretCharacter, minLength: length, maxLength: length });

/** Every form of marker Parley writes, generated. */
const marker: fc.Arbitrary<string> = fc.oneof(
  secretType.map((type) => `<REDACTED:${type}>`),
  fc.tuple(secretType, fc.integer({ min: 1, max: 999_999_999 })).map(([type, number]) => `<SECRET:${type}#${number}>`),
  fc.tuple(secretType, hex(8)).map(([type, digest]) => `<HASHED:${type}#${digest}>`),
  secretType.map((type) => `<MASKED:${type}>`),
  fc
    .tuple(secretType, fc.integer({ min: 1, max: 8 }))
    .chain(([type, shown]) => fc.tuple(ends(shown), ends(shown)).map(([start, end]) => `<MASKED:${type}#${start}****${end}>`)),
  fc
    .tuple(fc.string({ unit: secretCharacter, minLength: 1, maxLength: 40 }), hex(64), fc.integer({ min: 0, max: 1e12 }))
    .map(([path, digest, size]) => `<REF:${path}#sha256:${digest}#size:${size}>`),
  fc.tuple(fc.nat(999_999), fc.integer({ min: 1, max: 999_999_999 })).map(([index, line]) => `<REF:artifacts[${index}]#L${line}>`),
);

/** Markdown around a marker: where it stands decides which rules could read it. */
const contexts: ReadonlyArray<readonly [string, (marker: string) => string]> = [
  ['a paragraph', (text) => `The token was ${text} here.`],
  ['a paragraph, touching words', (text) => `x${text}y`],
  ['emphasis', (text) => `*see ${text} now*`],
  ['underscore emphasis', (text) => `_see ${text} now_`],
  ['strong emphasis', (text) => `**${text}**`],
  ['strikethrough', (text) => `~~old ${text}~~`],
  ['a bullet list', (text) => `- first\n- key: ${text}\n- last`],
  ['an ordered list', (text) => `1. ${text}\n2. two`],
  ['a heading', (text) => `## Found ${text}`],
  ['a block quote', (text) => `> quoted ${text}`],
  ['a link text', (text) => `[see ${text}](https://example.com/)`],
  ['a table cell', (text) => `| key | value |\n| --- | --- |\n| token | ${text} |`],
  ['twice, adjacent', (text) => `${text}${text}`],
];

describe('the markers Parley writes', () => {
  test('survive presentation exactly, as text, in any Markdown around them', () => {
    fc.assert(
      fc.property(marker, fc.constantFrom(...contexts), (text, [, context]) => {
        const markdown = context(text);
        const html = markdownToTelegramHtml(markdown);
        expect(validateTelegramHtml(html).problems).toEqual([]);
        expect(html).toContain(escapeHtml(text));
      }),
      { numRuns: 2000 },
    );
  });

  test('in a code span or code block are literal already', () => {
    fc.assert(
      fc.property(marker, (text) => {
        expect(markdownToTelegramHtml(`run \`${text}\``)).toContain(`<code>${escapeHtml(text)}</code>`);
        expect(markdownToTelegramHtml(`\`\`\`\n${text}\n\`\`\``)).toBe(`<pre>${escapeHtml(text)}</pre>`);
      }),
    );
  });

  test('render as escaped text (the reported case)', () => {
    expect(markdownToTelegramHtml('Token: <REDACTED:GITHUB_TOKEN>')).toBe('Token: &lt;REDACTED:GITHUB_TOKEN&gt;');
    expect(markdownToTelegramHtml('- *<SECRET:GITHUB_TOKEN#1>* and <MASKED:AWS_KEY#AK****_7>')).toBe('• <i>&lt;SECRET:GITHUB_TOKEN#1&gt;</i> and &lt;MASKED:AWS_KEY#AK****_7&gt;');
    expect(markdownToTelegramHtml('See <REF:artifacts[0]#L42>.')).toBe('See &lt;REF:artifacts[0]#L42&gt;.');
  });

  test('leave autolinks that are not markers alone', () => {
    expect(markdownToTelegramHtml('<https://example.com/a_b>')).toBe('<a href="https://example.com/a_b">https://example.com/a_b</a>');
    // Not one of Parley's forms (lower case): still a Markdown autolink, shown as its text.
    expect(markdownToTelegramHtml('<redacted:github_token>')).toBe('redacted:github_token');
  });
});
