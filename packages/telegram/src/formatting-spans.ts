/**
 * Test support (not exported): what "Telegram-expressible formatting" means when the CommonMark
 * spec examples are measured. An HTML rendering (markdown-it's, or the converter's) is read into the
 * sequence of formatted runs a Telegram reader would see: `(formats, text)` pairs where `formats`
 * names the Telegram entities covering the text (b, i, u, s, code, pre with its language, a link
 * with its address, quote). Formatting Telegram has no entity for is mapped the way the converter
 * documents it: headings are bold, an image is a link to its source with its alt text, nested
 * quotes are one quote; everything else (paragraphs, lists, relative links, tables) carries no
 * format. What a reader sees drawn is text, as a browser draws it: a list item starts with its
 * marker (`• `, or its number and `. `), a thematic break is a line (`──────────`), so a bullet
 * inside a quote is quote text and a break between two quotes keeps them apart. Runs without a format are left out; white space inside a run is collapsed, except in
 * `pre`.
 *
 * @module
 */

/** One formatted run: the formats covering it, sorted and joined with `+`, and its text. */
export interface FormattingSpan {
  readonly formats: string;
  readonly text: string;
}

const openableLink = (href: string): boolean => /^(?:https?:\/\/|tg:\/\/|mailto:)/i.test(href);

const decode = (text: string): string =>
  text.replaceAll(/&(#x[\da-f]{1,6}|#\d{1,7}|amp|lt|gt|quot);/gi, (_, body: string) => {
    const lower = body.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });

const trimNewlines = (text: string): string => {
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end -= 1;
  return text.slice(0, end);
};

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match === null ? undefined : decode(match[1] ?? '');
};

const formatOf: Readonly<Record<string, string>> = {
  b: 'b', strong: 'b', h1: 'b', h2: 'b', h3: 'b', h4: 'b', h5: 'b', h6: 'b',
  i: 'i', em: 'i', u: 'u', ins: 'u', s: 's', del: 's', strike: 's', blockquote: 'quote',
};

/** Reads `html` into its formatted runs (see the module comment). */
export function formattingSpans(html: string): FormattingSpan[] {
  const runs: Array<{ formats: string; text: string }> = [];
  const stack: Array<{ name: string; format: string | undefined }> = [];
  const key = (): string => {
    const formats = new Set<string>();
    for (const entry of stack) if (entry.format !== undefined) formats.add(entry.format);
    // Code inside pre is the pre's language, not a second format.
    if ([...formats].some((format) => format.startsWith('pre'))) for (const format of [...formats]) if (format === 'code') formats.delete(format);
    return [...formats].sort().join('+');
  };
  const add = (text: string): void => {
    if (text === '') return;
    const formats = key();
    const last = runs.at(-1);
    if (last !== undefined && last.formats === formats) last.text += text;
    else runs.push({ formats, text });
  };
  /** Open lists, innermost last: the number of an ordered list's next item, `undefined` for a bullet list. */
  const lists: Array<number | undefined> = [];
  const tags = /<(\/?)([a-z][a-z0-9-]*)(\s[^>]*)?>/gi;
  let from = 0;
  for (let match = tags.exec(html); match !== null; match = tags.exec(html)) {
    add(decode(html.slice(from, match.index)));
    from = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const raw = match[0];
    if (name === 'img') {
      const source = attribute(raw, 'src') ?? '';
      const alt = attribute(raw, 'alt') ?? '';
      if (openableLink(source)) stack.push({ name: 'img', format: `a:${source}` });
      add(alt === '' && openableLink(source) ? source : alt);
      if (openableLink(source)) stack.pop();
      continue;
    }
    if (name === 'br') continue;
    if (name === 'hr') {
      add(' ────────── ');
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push(name === 'ol' ? Number(attribute(raw, 'start') ?? '1') : undefined);
      continue;
    }
    if (name === 'li' && !closing) {
      const next = lists.at(-1);
      add(next === undefined ? ' • ' : ` ${next}. `);
      if (next !== undefined) lists[lists.length - 1] = next + 1;
    }
    if (closing) {
      const index = stack.findLastIndex((entry) => entry.name === name);
      if (index >= 0) stack.splice(index, 1);
      continue;
    }
    let format: string | undefined = formatOf[name];
    if (name === 'a') {
      const href = attribute(raw, 'href');
      format = href !== undefined && openableLink(href) ? `a:${href}` : undefined;
    } else if (name === 'code') {
      const inPre = stack.some((entry) => entry.name === 'pre');
      const language = /language-([^"\s]+)/.exec(raw)?.[1];
      if (inPre) {
        const pre = stack.findLast((entry) => entry.name === 'pre');
        if (pre !== undefined && language !== undefined) pre.format = `pre:${decode(language)}`;
        format = undefined;
      } else format = 'code';
    } else if (name === 'pre') format = 'pre';
    stack.push({ name, format });
  }
  add(decode(html.slice(from)));
  const spans: FormattingSpan[] = [];
  let pendingSpace = false;
  for (const run of runs) {
    if (run.formats === '') {
      // A gap of white space between two runs of the same formats joins them.
      pendingSpace = run.text.trim() === '';
      if (!pendingSpace) spans.push({ formats: '', text: '' });
      continue;
    }
    const text = run.formats.includes('pre') ? trimNewlines(run.text) : run.text.replaceAll(/\s+/g, ' ').trim();
    const last = spans.at(-1);
    if (last !== undefined && last.formats === run.formats) spans[spans.length - 1] = { formats: run.formats, text: `${last.text}${pendingSpace ? ' ' : ''}${text}` };
    else if (text !== '' || run.formats.includes('pre')) spans.push({ formats: run.formats, text });
    pendingSpace = false;
  }
  return spans.filter((span) => span.formats !== '');
}
