import { expectString } from '@parley/core';
import { escapeAttribute, escapeHtml } from './escape-html';

type TagName = 'b' | 'i' | 's' | 'a' | 'code';
interface TagSlot {
  readonly tag: TagName;
  readonly open: boolean;
  readonly href?: string;
}
interface Opener {
  readonly kind: string;
  readonly marker: string;
  readonly slot: number;
  readonly epoch: number;
}
type Slot = string | TagSlot | readonly TagSlot[] | Opener;

const isOpener = (slot: Slot): slot is Opener => typeof slot === 'object' && 'kind' in slot;
const isWhitespace = (character: string | undefined): boolean => character === undefined || /\s/u.test(character);
const isPunctuation = (character: string | undefined): boolean => character !== undefined && /[\p{P}\p{S}]/u.test(character);
const asciiPunctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const isAsciiPunctuation = (character: string | undefined): boolean => character !== undefined && character.length === 1 && asciiPunctuation.includes(character);

/** Link schemes Telegram opens; anything else (`javascript:`, `data:`, relative) is shown as text. */
const safeLink = (url: string): boolean => /^(?:https?:\/\/|tg:\/\/|mailto:)/i.test(url);

const special = new Set(['\\', '`', '*', '_', '~', '[', ']', '&', '<', '>']);

/** Renders the inline Markdown of one line as Telegram HTML. Linear in the line's length. */
function renderInline(line: string, outer: readonly TagName[] = []): string {
  const slots: Slot[] = [];
  const pendingLinks: Opener[] = [];
  const stack: Opener[] = [];
  const active = new Map<string, number>();
  let linkEpoch = 0;
  const missingCodeCloser = new Set<number>();
  /** Where the next `]` is, for `[FILE:` markers: -1 when there is none, -2 before the first search. */
  let nextCloser = -2;
  const literal = (opener: Opener): void => {
    slots[opener.slot] = escapeHtml(opener.marker);
    if (opener.kind !== 'link' || opener.epoch === linkEpoch) active.set(opener.kind, (active.get(opener.kind) ?? 1) - 1);
  };
  /** Pops openers down to the innermost active one of `kind`, turning those above it into text. */
  const popTo = (kind: string): Opener => {
    for (;;) {
      const opener = stack.pop() as Opener;
      if (opener.kind === kind && (kind !== 'link' || opener.epoch === linkEpoch)) {
        active.set(kind, (active.get(kind) ?? 1) - 1);
        return opener;
      }
      literal(opener);
    }
  };
  /** No link inside a link: the brackets still open around a link just made become text. */
  const noLinkAround = (made: Opener | undefined): void => {
    for (const waiting of pendingLinks) if (waiting !== made && isOpener(slots[waiting.slot] as Slot)) slots[waiting.slot] = '[';
    pendingLinks.length = 0;
    active.set('link', 0);
    linkEpoch += 1;
  };
  const push = (kind: string, marker: string): void => {
    const opener: Opener = { kind, marker, slot: slots.length, epoch: linkEpoch };
    slots.push(opener);
    stack.push(opener);
    active.set(kind, (active.get(kind) ?? 0) + 1);
  };
  let index = 0;
  while (index < line.length) {
    const character = line[index] as string;
    if (!special.has(character)) {
      let end = index + 1;
      while (end < line.length && !special.has(line[end] as string)) end += 1;
      slots.push(line.slice(index, end));
      index = end;
      continue;
    }
    if (character === '\\' && isAsciiPunctuation(line[index + 1])) {
      slots.push(escapeHtml(line[index + 1] as string));
      index += 2;
      continue;
    }
    if (character === '`') {
      let end = index;
      while (line[end] === '`') end += 1;
      const length = end - index;
      let closer = -1;
      if (length <= 32 && !missingCodeCloser.has(length)) {
        const fence = '`'.repeat(length);
        for (let search = line.indexOf(fence, end); search >= 0; search = line.indexOf(fence, search + 1)) {
          let after = search + length;
          if (line[after] !== '`' && line[search - 1] !== '`') {
            closer = search;
            break;
          }
          while (line[after] === '`') after += 1;
          search = after - 1;
        }
        if (closer < 0) missingCodeCloser.add(length);
      }
      if (closer < 0) {
        slots.push(line.slice(index, end));
        index = end;
        continue;
      }
      let content = line.slice(end, closer);
      if (content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') content = content.slice(1, -1);
      slots.push(`<code>${escapeHtml(content)}</code>`);
      index = closer + length;
      continue;
    }
    if (character === '[' && line.startsWith('[FILE:', index)) {
      // A delivery marker is shown exactly as written: paths keep their underscores. The next `]`
      // is searched once for all the markers before it, so unclosed markers stay linear.
      if (nextCloser !== -1 && nextCloser < index) nextCloser = line.indexOf(']', index);
      const end = nextCloser;
      if (end > 0) {
        slots.push(escapeHtml(line.slice(index, end + 1)));
        index = end + 1;
        continue;
      }
    }
    if (character === '*' || character === '_' || character === '~') {
      let end = index;
      while (line[end] === character) end += 1;
      const length = end - index;
      const marker = line.slice(index, end);
      const before = line[index - 1];
      const after = line[end];
      const leftFlanking = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
      const rightFlanking = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
      const canOpen = character === '_' ? leftFlanking && (!rightFlanking || isPunctuation(before)) : leftFlanking;
      const canClose = character === '_' ? rightFlanking && (!leftFlanking || isPunctuation(after)) : rightFlanking;
      const usable = character === '~' ? length === 2 : length <= 3;
      const kind = `${character}${length}`;
      if (usable && canClose && (active.get(kind) ?? 0) > 0) {
        const opener = popTo(kind);
        const tags: TagName[] = character === '~' ? ['s'] : length === 1 ? ['i'] : length === 2 ? ['b'] : ['b', 'i'];
        slots[opener.slot] = tags.map((tag) => ({ tag, open: true }));
        slots.push(tags.toReversed().map((tag) => ({ tag, open: false })));
      } else if (usable && canOpen) {
        push(kind, marker);
      } else {
        slots.push(escapeHtml(marker));
      }
      index = end;
      continue;
    }
    if (character === '[') {
      push('link', '[');
      pendingLinks.push(stack.at(-1) as Opener);
      index += 1;
      continue;
    }
    if (character === ']' && line[index + 1] === '(' && (active.get('link') ?? 0) > 0) {
      let end = index + 2;
      while (end < line.length && line[end] !== ')' && line[end] !== '(' && line[end] !== '<' && !isWhitespace(line[end])) end += 1;
      if (line[end] === ')' && end > index + 2) {
        const url = line.slice(index + 2, end);
        const opener = popTo('link');
        if (safeLink(url)) {
          slots[opener.slot] = { tag: 'a', open: true, href: url };
          slots.push({ tag: 'a', open: false });
        } else {
          slots[opener.slot] = '';
          slots.push(` (${escapeHtml(url)})`);
        }
        noLinkAround(opener);
        index = end + 1;
        continue;
      }
    }
    if (character === '<') {
      // An autolink, <https://…>: the address is the link and its text.
      let end = index + 1;
      while (end < line.length && line[end] !== '>' && line[end] !== '<' && !isWhitespace(line[end])) end += 1;
      const url = line.slice(index + 1, end);
      if (line[end] === '>' && safeLink(url)) {
        slots.push({ tag: 'a', open: true, href: url }, escapeHtml(url), { tag: 'a', open: false });
        noLinkAround(undefined);
        index = end + 1;
        continue;
      }
    }
    slots.push(escapeHtml(character));
    index += 1;
  }
  for (const opener of stack) slots[opener.slot] = escapeHtml(opener.marker);
  return renderSlots(slots, outer);
}

/** Writes the slots, leaving out a tag that is already open (Telegram rejects `<b>` inside `<b>`). */
function renderSlots(slots: readonly Slot[], outer: readonly TagName[]): string {
  const depth = new Map<TagName, number>(outer.map((tag) => [tag, 1]));
  let html = '';
  const write = (slot: TagSlot): void => {
    const current = depth.get(slot.tag) ?? 0;
    if (slot.open) {
      depth.set(slot.tag, current + 1);
      if (current === 0) html += slot.href === undefined ? `<${slot.tag}>` : `<a href="${escapeAttribute(slot.href)}">`;
    } else {
      depth.set(slot.tag, current - 1);
      if (current === 1) html += `</${slot.tag}>`;
    }
  };
  for (const slot of slots) {
    if (typeof slot === 'string') html += slot;
    else if (Array.isArray(slot)) for (const tag of slot as readonly TagSlot[]) write(tag);
    else if (!isOpener(slot as Slot)) write(slot as TagSlot);
  }
  return html;
}

const leadingSpaces = (line: string): number => {
  let count = 0;
  while (line[count] === ' ') count += 1;
  return count;
};

/** A fence line: three or more backticks or tildes, indented at most three spaces. */
function readFence(line: string): { readonly marker: string; readonly info: string } | undefined {
  const indent = leadingSpaces(line);
  if (indent > 3) return undefined;
  const character = line[indent];
  if (character !== '`' && character !== '~') return undefined;
  let end = indent;
  while (line[end] === character) end += 1;
  if (end - indent < 3) return undefined;
  const info = line.slice(end).trim();
  // Only a language name may follow an opening fence: any other text there is text, not a fence.
  if (info !== '' && !/^[\w+#.-]{1,32}$/.test(info)) return undefined;
  return { marker: line.slice(indent, end), info };
}

/** A setext underline (`===` or `---` under a line of text), with the level it gives. */
function setextUnderline(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '' || leadingSpaces(line) > 3) return false;
  const character = trimmed[0];
  if (character !== '=' && character !== '-') return false;
  for (const other of trimmed) if (other !== character) return false;
  return true;
}

/** A thematic break: three or more `-`, `*` or `_`, spaces allowed between them. */
function isThematicBreak(line: string): boolean {
  if (leadingSpaces(line) > 3) return false;
  let marker: string | undefined;
  let count = 0;
  for (const character of line) {
    if (character === ' ' || character === '\t') continue;
    if (character !== '-' && character !== '*' && character !== '_') return false;
    if (marker !== undefined && character !== marker) return false;
    marker = character;
    count += 1;
  }
  return count >= 3;
}

function headingText(line: string): string | undefined {
  const indent = leadingSpaces(line);
  if (indent > 3 || line[indent] !== '#') return undefined;
  let end = indent;
  while (line[end] === '#') end += 1;
  if (end - indent > 6 || (end < line.length && line[end] !== ' ' && line[end] !== '\t')) return undefined;
  let text = line.slice(end).trim();
  // A closing sequence of #s, when separated by a space, is not part of the heading.
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes -= 1;
  if (hashes < text.length && (hashes === 0 || text[hashes - 1] === ' ')) text = text.slice(0, hashes).trimEnd();
  return text;
}

/**
 * Converts the Markdown specialists write into the HTML Telegram accepts (`parse_mode: "HTML"`):
 * `**bold**` / `__bold__` → `<b>`, `*italic*` / `_italic_` → `<i>`, `~~strike~~` → `<s>`,
 * `` `code` `` → `<code>`, fenced blocks → `<pre><code class="language-…">`, headings → `<b>`,
 * setext headings (`Title` over `===`) → `<b>`, `- item` → `• item`, `> quote` → `<blockquote>`,
 * `[text](https://…)` and `<https://…>` → `<a href>`, a thematic break (`---`) → a line. Every other
 * `<`, `>` and `&` is escaped; links other than `http(s)`, `tg` and `mailto` become plain text;
 * a marker without its partner stays as written, so no text is lost; nesting is always proper.
 * Inline formatting does not span lines. Linear in the input's length.
 *
 * @example
 * ```ts
 * markdownToTelegramHtml('## Result\n- **R²** = 0.93 <good>');
 * // '<b>Result</b>\n• <b>R²</b> = 0.93 &lt;good&gt;'
 * ```
 */
export function markdownToTelegramHtml(markdown: string): string {
  expectString(markdown, 'markdown');
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  const out: string[] = [];
  let quote: string[] | undefined;
  const endQuote = (): void => {
    if (quote === undefined) return;
    out.push(`<blockquote>${quote.join('\n')}</blockquote>`);
    quote = undefined;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const fence = readFence(line);
    if (fence !== undefined) {
      endQuote();
      const body: string[] = [];
      let end = index + 1;
      for (; end < lines.length; end += 1) {
        const closing = readFence(lines[end] as string);
        if (closing !== undefined && closing.info === '' && closing.marker[0] === fence.marker[0] && closing.marker.length >= fence.marker.length) break;
        body.push(lines[end] as string);
      }
      const language = fence.info === '' ? undefined : fence.info;
      const code = escapeHtml(body.join('\n'));
      out.push(language === undefined ? `<pre>${code}</pre>` : `<pre><code class="language-${escapeHtml(language)}">${code}</code></pre>`);
      index = end;
      continue;
    }
    const indent = leadingSpaces(line);
    if (indent <= 3 && line[indent] === '>') {
      const rest = line.slice(indent + 1);
      (quote ??= []).push(renderInline(rest.startsWith(' ') ? rest.slice(1) : rest));
      continue;
    }
    endQuote();
    const heading = headingText(line);
    if (heading !== undefined) {
      out.push(heading === '' ? '' : `<b>${renderInline(heading, ['b'])}</b>`);
      continue;
    }
    const next = lines[index + 1];
    if (next !== undefined && line.trim() !== '' && indent <= 3 && setextUnderline(next) && !isThematicBreak(line) && !'-*+>#'.includes(line.trimStart()[0] ?? '')) {
      // A setext heading: the line is the heading, its underline goes.
      out.push(`<b>${renderInline(line.trim(), ['b'])}</b>`);
      index += 1;
      continue;
    }
    if (isThematicBreak(line)) {
      out.push('──────────');
      continue;
    }
    const bullet = line[indent];
    if ((bullet === '-' || bullet === '*' || bullet === '+') && (line[indent + 1] === ' ' || line[indent + 1] === '\t')) {
      out.push(`${line.slice(0, indent)}• ${renderInline(line.slice(indent + 2).trimStart())}`);
      continue;
    }
    out.push(renderInline(line));
  }
  endQuote();
  return out.join('\n');
}
