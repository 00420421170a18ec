import { excerpt } from '@parley/core';
import { findLoneSurrogate } from './lone-surrogates';

/**
 * A piece of Telegram HTML: a tag, an entity (`text` is the character it stands for), or a run of
 * plain text (`raw` and `text` are the same).
 */
export type TelegramHtmlToken =
  | { readonly kind: 'open'; readonly raw: string; readonly name: string; readonly href?: string }
  | { readonly kind: 'close'; readonly raw: string; readonly name: string }
  | { readonly kind: 'text'; readonly raw: string; readonly text: string };

/** The tags Telegram's HTML parse mode accepts, and the attributes each may carry. */
const allowedTags: ReadonlyMap<string, readonly string[]> = new Map([
  ['b', []],
  ['strong', []],
  ['i', []],
  ['em', []],
  ['u', []],
  ['ins', []],
  ['s', []],
  ['strike', []],
  ['del', []],
  ['span', ['class']],
  ['tg-spoiler', []],
  ['a', ['href']],
  ['tg-emoji', ['emoji-id']],
  ['code', ['class']],
  ['pre', []],
  ['blockquote', ['expandable']],
]);

const namedEntities: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
]);

/** `#x` or `#` and the digits: Telegram stops reading a numeric entity 10 characters after its `&`. */
const maxNumericEntityBody = 8;
const isDecimalDigit = (character: string): boolean => character >= '0' && character <= '9';
const isHexDigit = (character: string): boolean => isDecimalDigit(character) || (character >= 'a' && character <= 'f') || (character >= 'A' && character <= 'F');
const isTagSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

const isNameCharacter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45 || (code >= 65 && code <= 90);

/** Decodes one entity at `index` (which holds `&`); undefined when it is not one Telegram accepts. */
function readEntity(html: string, index: number): { readonly text: string; readonly end: number } | undefined {
  const semicolon = html.indexOf(';', index + 1);
  if (semicolon < 0 || semicolon - index > 10) return undefined;
  const body = html.slice(index + 1, semicolon);
  const named = namedEntities.get(body);
  if (named !== undefined) return { text: named, end: semicolon + 1 };
  if (body.startsWith('#')) {
    // Telegram reads `&#x` (lower-case x only) with hex digits or `&#` with decimal ones, at most 9
    // characters from the `&` to the last digit, and refuses U+0000, U+10FFFF and above, and the
    // surrogate halves (the decoded text must be valid UTF-8).
    const hex = body[1] === 'x';
    const digits = body.slice(hex ? 2 : 1);
    if (digits.length === 0 || body.length > maxNumericEntityBody) return undefined;
    for (const character of digits) if (!(hex ? isHexDigit(character) : isDecimalDigit(character))) return undefined;
    const codePoint = Number.parseInt(digits, hex ? 16 : 10);
    if (codePoint === 0 || codePoint >= 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
    return { text: String.fromCodePoint(codePoint), end: semicolon + 1 };
  }
  return undefined;
}

/** Reads the attributes of a tag body such as ` href="https://x"`; undefined when malformed. */
function readAttributes(body: string): Map<string, string> | undefined {
  const attributes = new Map<string, string>();
  let index = 0;
  for (;;) {
    while (body[index] === ' ') index += 1;
    if (index >= body.length) return attributes;
    const nameStart = index;
    while (index < body.length && isNameCharacter(body.charCodeAt(index))) index += 1;
    if (index === nameStart) return undefined;
    const name = body.slice(nameStart, index).toLowerCase();
    // The same attribute twice: which one Telegram takes is not documented.
    if (attributes.has(name)) return undefined;
    if (body[index] !== '=') {
      attributes.set(name, '');
      continue;
    }
    index += 1;
    const quote = body[index];
    if (quote !== '"' && quote !== "'") return undefined;
    const end = body.indexOf(quote, index + 1);
    if (end < 0) return undefined;
    const raw = body.slice(index + 1, end);
    if (raw.includes('<')) return undefined;
    attributes.set(name, raw.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
    index = end + 1;
  }
}

/**
 * Splits Telegram HTML into tags, entities and runs of text, checking what Telegram checks: only its
 * tags and attributes, every `<`, `>` and `&` outside a tag written as an entity (only `&lt;`,
 * `&gt;`, `&amp;`, `&quot;` and numeric entities Telegram decodes), nothing but white space after a
 * closing tag's name, tags nested properly, nothing inside `<code>`, only `<code>` inside `<pre>`,
 * no link inside a link, no block quote inside a block quote, a `<code class>` only as
 * `class="language-…"` directly inside `<pre>`, `<tg-emoji>` with its `emoji-id`, no attribute
 * twice, and no lone surrogate half (the message must be valid UTF-8).
 * Returns the problems instead of throwing; the tokens are meaningful only when there are none.
 */
export function tokenizeTelegramHtml(html: string): { readonly tokens: TelegramHtmlToken[]; readonly problems: string[] } {
  const tokens: TelegramHtmlToken[] = [];
  const problems: string[] = [];
  const open: string[] = [];
  /** How many of each tag are open: a link in a link is found without searching the stack. */
  const openCount = new Map<string, number>();
  let index = 0;
  while (index < html.length && problems.length < 20) {
    const character = html[index] as string;
    if (character === '<') {
      const end = html.indexOf('>', index + 1);
      if (end < 0) {
        problems.push(`unescaped "<" at offset ${index}`);
        break;
      }
      const raw = html.slice(index, end + 1);
      const closing = html[index + 1] === '/';
      let nameEnd = index + (closing ? 2 : 1);
      while (nameEnd < end && isNameCharacter(html.charCodeAt(nameEnd))) nameEnd += 1;
      const name = html.slice(index + (closing ? 2 : 1), nameEnd).toLowerCase();
      const allowed = allowedTags.get(name);
      if (allowed === undefined) {
        problems.push(`tag <${name === '' ? excerpt(raw, 40) : excerpt(name, 40)}> at offset ${index} is not one Telegram accepts`);
        index = end + 1;
        continue;
      }
      if (closing) {
        let rest = nameEnd;
        while (rest < end && isTagSpace(html.charCodeAt(rest))) rest += 1;
        if (rest < end) problems.push(`closing tag ${excerpt(raw, 60)} at offset ${index} has text after its name`);
        if (open.at(-1) !== name) problems.push(`</${excerpt(name, 40)}> at offset ${index} does not close the innermost open tag (${open.at(-1) ?? 'none'})`);
        else {
          open.pop();
          openCount.set(name, (openCount.get(name) ?? 1) - 1);
        }
        tokens.push({ kind: 'close', raw, name });
      } else {
        const attributes = readAttributes(html.slice(nameEnd, end));
        if (findLoneSurrogate(raw) >= 0) problems.push(`a lone surrogate half in ${excerpt(raw, 60)} at offset ${index} (Telegram needs valid UTF-8)`);
        if (attributes === undefined) problems.push(`malformed attributes in ${excerpt(raw, 60)} at offset ${index}`);
        for (const attribute of attributes?.keys() ?? []) if (!allowed.includes(attribute)) problems.push(`attribute "${excerpt(attribute, 40)}" is not allowed on <${name}> at offset ${index}`);
        const parent = open.at(-1);
        if (parent === 'code') problems.push(`<${excerpt(name, 40)}> inside <code> at offset ${index}`);
        if (parent === 'pre' && name !== 'code') problems.push(`<${excerpt(name, 40)}> inside <pre> at offset ${index}`);
        if (name === 'a' && (openCount.get('a') ?? 0) > 0) problems.push(`a link inside a link at offset ${index}`);
        if (name === 'blockquote' && (openCount.get('blockquote') ?? 0) > 0) problems.push(`a block quote inside a block quote at offset ${index}`);
        if (name === 'a' && !attributes?.has('href')) problems.push(`<a> without href at offset ${index}`);
        if (name === 'span' && attributes?.get('class') !== 'tg-spoiler') problems.push(`<span> without class="tg-spoiler" at offset ${index}`);
        // Telegram takes a language only on a <code> directly inside <pre>, written class="language-…".
        const codeClass = name === 'code' ? attributes?.get('class') : undefined;
        if (codeClass !== undefined && (parent !== 'pre' || !codeClass.startsWith('language-') || codeClass.length === 'language-'.length)) problems.push(`<code class> at offset ${index} is not class="language-…" directly inside <pre>`);
        if (name === 'tg-emoji' && (attributes?.get('emoji-id') ?? '') === '') problems.push(`<tg-emoji> without emoji-id at offset ${index}`);
        open.push(name);
        openCount.set(name, (openCount.get(name) ?? 0) + 1);
        const href = attributes?.get('href');
        tokens.push(href === undefined ? { kind: 'open', raw, name } : { kind: 'open', raw, name, href });
      }
      index = end + 1;
    } else if (character === '&') {
      const entity = readEntity(html, index);
      if (entity === undefined) {
        problems.push(`unescaped "&" at offset ${index}`);
        index += 1;
        continue;
      }
      tokens.push({ kind: 'text', raw: html.slice(index, entity.end), text: entity.text });
      index = entity.end;
    } else if (character === '>') {
      problems.push(`unescaped ">" at offset ${index}`);
      index += 1;
    } else {
      let end = index + 1;
      while (end < html.length && html[end] !== '<' && html[end] !== '&' && html[end] !== '>') end += 1;
      const raw = html.slice(index, end);
      const lone = findLoneSurrogate(raw);
      if (lone >= 0) problems.push(`a lone surrogate half at offset ${index + lone} (Telegram needs valid UTF-8)`);
      tokens.push({ kind: 'text', raw, text: raw });
      index = end;
    }
  }
  if (open.length > 0 && problems.length === 0) problems.push(`unclosed tags at the end: ${open.map((name) => `<${name}>`).join(' ')}`);
  return { tokens, problems };
}
