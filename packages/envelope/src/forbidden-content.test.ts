import { describe, expect, test } from 'vitest';
import { checkForbiddenContent } from './forbidden-content';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

const forms: ReadonlyArray<readonly [name: string, value: string, rule: string, code: string]> = [
  ['a raw secret', `use ${token} here`, 'D5', 'RAW_SECRET'],
  ['a spaced-out secret', `use ${token.match(/.{1,4}/g)?.join(' ')} here`, 'D5', 'RAW_SECRET'],
  ['triple backticks', 'see ```js\ncode\n```', 'D7', 'TRIPLE_BACKTICKS'],
  ['a script tag', 'x <script>alert(1)</script>', 'D7', 'HTML_TAG'],
  ['an iframe', '<IFRAME src=x>', 'D7', 'HTML_TAG'],
  ['a style tag', '<style>body{}</style>', 'D7', 'HTML_TAG'],
  ['an object tag', '<object data=x>', 'D7', 'HTML_TAG'],
  ['an embed tag', '<embed src=x>', 'D7', 'HTML_TAG'],
  ['a link tag', '<link rel=stylesheet href=x>', 'D7', 'HTML_TAG'],
  ['a math tag', '<math><mi>x</mi></math>', 'D7', 'HTML_TAG'],
  ['an img with a handler', '<img src=x onerror=alert(1)>', 'D7', 'HTML_TAG'],
  ['an svg with a handler', '<svg onload="x()">', 'D7', 'HTML_TAG'],
  ['a --- line in a multiline value', 'first\n---\nsecond', 'D11', 'DOCUMENT_SEPARATOR'],
  ['a javascript: URL', 'click javascript:alert(1)', 'D11', 'DANGEROUS_URL'],
  ['a data: URL', 'img data:text/html;base64,PHNjcmlwdD4=', 'D11', 'DANGEROUS_URL'],
];

/** Where a string can sit in an envelope: each field class. */
const fields: ReadonlyArray<readonly [name: string, place: (value: string) => object, path: string]> = [
  ['summary (caveman)', (value) => ({ summary: value }), 'summary'],
  ['findings[].note (caveman)', (value) => ({ findings: [{ note: value }] }), 'findings[0].note'],
  ['findings[].note (security)', (value) => ({ findings: [{ category: 'authn', severity: 'high', note: value }] }), 'findings[0].note'],
  ['findings[].fix (verbatim)', (value) => ({ findings: [{ fix: value }] }), 'findings[0].fix'],
  ['findings[].path (verbatim)', (value) => ({ findings: [{ path: value }] }), 'findings[0].path'],
  ['next_actions (caveman)', (value) => ({ next_actions: ['ok', value] }), 'next_actions[1]'],
  ['open_questions (caveman)', (value) => ({ open_questions: [value] }), 'open_questions[0]'],
  ['reported_by (verbatim)', (value) => ({ reported_by: [value] }), 'reported_by[0]'],
  ['degraded_reason', (value) => ({ degraded_reason: value }), 'degraded_reason'],
];

describe('checkForbiddenContent', () => {
  describe.each(forms)('%s', (_name, value, rule, code) => {
    test.each(fields)('is caught in %s', (_field, place, path) => {
      expect(checkForbiddenContent(place(value))).toContainEqual(expect.objectContaining({ rule, code, path }));
    });
  });

  test('never echoes the secret it found', () => {
    expect(JSON.stringify(checkForbiddenContent({ summary: token }))).not.toContain(token.slice(4, 12));
  });

  test('lets ordinary text, placeholders and references through', () => {
    expect(
      checkForbiddenContent({
        summary: 'rename ok. circular import via session -> auth.',
        findings: [{ note: 'token <REDACTED:SESSION_TOKEN> in logs, see <REF:artifacts[0]#L42>', fix: 'if (a < b && c > d) return;', path: 'src/a-b/c.ts' }],
        next_actions: ['data migration: run later', 'img tag: use alt text'],
        open_questions: ['--- is a separator only on its own line? ---'],
      }),
    ).toEqual([]);
  });

  test('checks keys too', () => {
    expect(checkForbiddenContent({ [`k ${token}`]: 'v' })).toContainEqual(expect.objectContaining({ code: 'RAW_SECRET' }));
  });
});
