import { expectString } from '@parley/core';
import MarkdownIt, { type Token } from 'markdown-it';
import { createEntityRule } from './entity-rule';
import { escapeAttribute, escapeHtml } from './escape-html';
import { fileMarkerRule } from './file-marker-rule';
import { replaceLoneSurrogates } from './lone-surrogates';
import { parleyMarkerRule } from './parley-marker-rule';

type InlineTag = 'b' | 'i' | 's' | 'code' | 'a';

/** Link schemes Telegram opens; any other address (`/relative`, `ftp:`) is shown as text. */
const openableLink = (url: string): boolean => /^(?:https?:\/\/|tg:\/\/|mailto:)/i.test(url);

/** An address with a scheme (`ftp://…`, `tel:…`): worth showing as text when Telegram cannot link it; a relative one is not. */
const hasScheme = (url: string): boolean => /^[a-z][\w+.-]{1,31}:/i.test(url);

/** Longest fence language kept in `class="language-…"`; a longer one is left out. */
const maxLanguageLength = 64;

/**
 * markdown-it stops reading blocks nested deeper than this (a quote in a list in a quote …) and
 * drops what is inside them. Input nested that deep is shown as escaped plain text instead.
 */
const maxNesting = 100;

/** True when markdown-it had to drop a block past {@link maxNesting}. */
const tooDeep = Symbol('parley.telegram.tooDeep');

const parser = new MarkdownIt('default', { html: false, linkify: false, typographer: false, maxNesting });
parser.inline.ruler.before('link', 'parley_file_marker', fileMarkerRule);
parser.inline.ruler.before('autolink', 'parley_marker', parleyMarkerRule);
parser.inline.ruler.at('entity', createEntityRule(parser.utils));
// markdown-it drops the blocks it finds past maxNesting without a word: note it, so that nothing is
// lost silently (the converter then shows the whole input as text).
const tokenizeBlocks = parser.block.tokenize.bind(parser.block);
parser.block.tokenize = (state, startLine, endLine): void => {
  if (state.level >= maxNesting) {
    const line = state.skipEmptyLines(startLine);
    if (line < endLine && (state.sCount[line] ?? 0) >= state.blkIndent) (state.env as Record<symbol, boolean>)[tooDeep] = true;
  }
  tokenizeBlocks(state, startLine, endLine);
};

const thematicBreak = '──────────';

/** The text of inline tokens without their formatting (an image's alt text, as markdown-it writes it). */
function plainText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += plainText(token.children ?? []);
  }
  return text;
}

/** Writes a block's inline tokens; `open` counts the tags already open around it. */
function renderInline(tokens: readonly Token[], open: Map<InlineTag, number>): string {
  let html = '';
  const openTag = (tag: InlineTag, raw = `<${tag}>`): void => {
    const depth = open.get(tag) ?? 0;
    open.set(tag, depth + 1);
    if (depth === 0) html += raw;
  };
  const closeTag = (tag: InlineTag): void => {
    const depth = open.get(tag) ?? 1;
    open.set(tag, depth - 1);
    if (depth === 1) html += `</${tag}>`;
  };
  /** What each link_open did, so its link_close can match it. */
  const links: Array<{ readonly opened: boolean; readonly href: string; readonly autolink: boolean; readonly from: number }> = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    switch (token.type) {
      case 'text':
        html += escapeHtml(token.content);
        break;
      case 'softbreak':
      case 'hardbreak':
        html += '\n';
        break;
      case 'code_inline':
        html += (open.get('code') ?? 0) > 0 ? escapeHtml(token.content) : `<code>${escapeHtml(token.content)}</code>`;
        break;
      case 'strong_open':
        openTag('b');
        break;
      case 'strong_close':
        closeTag('b');
        break;
      case 'em_open':
        openTag('i');
        break;
      case 'em_close':
        closeTag('i');
        break;
      case 's_open':
        openTag('s');
        break;
      case 's_close':
        closeTag('s');
        break;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        const opened = openableLink(href) && (open.get('a') ?? 0) === 0;
        if (opened) openTag('a', `<a href="${escapeAttribute(href)}">`);
        links.push({ opened, href, autolink: token.markup === 'autolink', from: html.length });
        break;
      }
      case 'link_close': {
        const link = links.pop();
        if (link === undefined) break;
        // A link without text shows its address; one Telegram cannot open shows it after the text.
        const empty = html.length === link.from;
        if (link.opened) {
          if (empty) html += escapeHtml(link.href);
          closeTag('a');
        } else if (link.href !== '' && !link.autolink && (empty || hasScheme(link.href))) html += empty ? escapeHtml(link.href) : ` (${escapeHtml(link.href)})`;
        break;
      }
      case 'image': {
        // Telegram sends no inline images: the picture becomes a link to it, its alt text the link's text.
        const source = String(token.attrGet('src') ?? '');
        const alt = escapeHtml(plainText(token.children ?? []));
        if (openableLink(source) && (open.get('a') ?? 0) === 0) html += `<a href="${escapeAttribute(source)}">${alt === '' ? escapeHtml(source) : alt}</a>`;
        else html += alt === '' ? escapeHtml(source) : hasScheme(source) ? `${alt} (${escapeHtml(source)})` : alt;
        break;
      }
      default:
        // html_inline cannot occur (html: false); anything a plugin adds is shown as its text.
        html += escapeHtml(token.content);
    }
  }
  return html;
}

interface ListLevel {
  readonly ordered: boolean;
  readonly delimiter: string;
  next: number;
}

/**
 * Converts Markdown into the HTML Telegram's Bot API accepts (`parse_mode: "HTML"`), reading it
 * with a CommonMark parser (markdown-it, strikethrough and tables on, raw HTML off) and writing its
 * token stream in Telegram's subset: `**bold**` → `<b>`, `*italic*` → `<i>`, `~~strike~~` → `<s>`,
 * `` `code` `` → `<code>`, fenced and indented code → `<pre>` (with
 * `<code class="language-…">` for a fence's language), a block quote → `<blockquote>` (nested ones
 * flattened: Telegram refuses a quote in a quote), links to `http(s)`, `tg` and `mailto` (autolinks
 * and e-mail autolinks too) → `<a href>`. What Telegram cannot show degrades to readable text:
 * headings → a bold line, list items → `• ` or `1. ` lines indented by depth, an image → a link to it
 * named by its alt text, a thematic break → a drawn line, a table → rows of cells joined by ` | `,
 * raw HTML → escaped text, other links → their text with the address after it. `[FILE: …]` markers
 * and the markers Parley writes (`<REDACTED:GITHUB_TOKEN>`, `<SECRET:GITHUB_TOKEN#1>`,
 * `<MASKED:…>`, `<HASHED:…>`, `<REF:…>`) are kept exactly as written (not read as autolinks). Entities are decoded (`&copy;` → `©`), and only `<`, `>` and `&`
 * are escaped. A lone surrogate half (no UTF-8 form) becomes U+FFFD. Blocks are separated by a blank line where the input had one. Markdown nested deeper
 * than markdown-it reads (100 levels) is shown whole as escaped text. Linear in the input's length.
 *
 * @example
 * ```ts
 * import { markdownToTelegramHtml } from '@parley/telegram';
 *
 * console.log(JSON.stringify(markdownToTelegramHtml('## Result\n- **R²** = 0.93 <good>'))); // "<b>Result</b>\n• <b>R²</b> = 0.93 &lt;good&gt;"
 * ```
 */
export function markdownToTelegramHtml(markdown: string): string {
  expectString(markdown, 'markdown');
  // A lone surrogate half has no UTF-8 form and Telegram refuses the message: it becomes U+FFFD.
  markdown = replaceLoneSurrogates(markdown);
  const env: Record<symbol, boolean> = {};
  const tokens = parser.parse(markdown, env);
  if (env[tooDeep] === true) return escapeHtml(markdown);
  let html = '';
  /** The last input line of the previous block, to tell a blank line from a line break. */
  let lastLine = -1;
  /** The next block continues the line a list marker began. */
  let continueLine = false;
  let quoteDepth = 0;
  const lists: ListLevel[] = [];
  const open = new Map<InlineTag, number>();
  /** Starts a block that begins at input line `line`: a line break, or a blank line where the input had one. */
  const startBlock = (token: Token): void => {
    const line = token.map?.[0] ?? lastLine;
    if (continueLine) continueLine = false;
    else if (html !== '') html += line > lastLine ? '\n\n' : '\n';
    lastLine = token.map?.[1] ?? lastLine;
  };
  /** Ends a block: the line it ended on counts from here (an item's later lines, a quote's end). */
  const endBlock = (token: Token | undefined): void => {
    if (token?.map !== undefined && token.map !== null) lastLine = Math.max(lastLine, token.map[1]);
  };
  const pendingMaps: Token[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    switch (token.type) {
      case 'paragraph_open':
      case 'heading_open':
        startBlock(token);
        pendingMaps.push(token);
        if (token.type === 'heading_open') {
          open.set('b', (open.get('b') ?? 0) + 1);
          if (open.get('b') === 1) html += '<b>';
        }
        break;
      case 'heading_close':
        open.set('b', (open.get('b') ?? 1) - 1);
        if (open.get('b') === 0) html += '</b>';
        endBlock(pendingMaps.pop());
        break;
      case 'paragraph_close':
        endBlock(pendingMaps.pop());
        break;
      case 'inline':
        html += renderInline(token.children ?? [], open);
        break;
      case 'blockquote_open':
        if (quoteDepth === 0) {
          startBlock(token);
          continueLine = true;
          html += '<blockquote>';
        }
        quoteDepth += 1;
        pendingMaps.push(token);
        break;
      case 'blockquote_close':
        quoteDepth -= 1;
        if (quoteDepth === 0) {
          continueLine = false;
          html += '</blockquote>';
        }
        endBlock(pendingMaps.pop());
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', delimiter: token.markup, next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        startBlock(token);
        // The item's own map covers its later lines: they follow on the next lines, not after a blank one.
        lastLine = token.map?.[0] ?? lastLine;
        const list = lists.at(-1) as ListLevel;
        const marker = list.ordered ? `${token.info === '' ? list.next : token.info}${list.delimiter}` : '•';
        list.next += 1;
        html += `${'  '.repeat(lists.length - 1)}${escapeHtml(marker)} `;
        continueLine = true;
        break;
      }
      case 'list_item_close':
        // An empty item ends its own line.
        continueLine = false;
        break;
      case 'fence':
      case 'code_block': {
        startBlock(token);
        let code = token.content;
        if (code.endsWith('\n')) code = code.slice(0, -1);
        const language = token.type === 'fence' ? (parser.utils.unescapeAll(token.info).trim().split(/\s/, 1)[0] ?? '') : '';
        html += language !== '' && language.length <= maxLanguageLength ? `<pre><code class="language-${escapeAttribute(language)}">${escapeHtml(code)}</code></pre>` : `<pre>${escapeHtml(code)}</pre>`;
        break;
      }
      case 'hr':
        startBlock(token);
        html += thematicBreak;
        break;
      case 'table_open':
        pendingMaps.push(token);
        break;
      case 'table_close':
        endBlock(pendingMaps.pop());
        break;
      case 'tr_open':
        // Rows follow each other line by line (the delimiter row under the header is not a blank line).
        if (tokens[index - 1]?.type === 'thead_open') startBlock(token);
        else html += '\n';
        break;
      case 'th_open':
      case 'td_open':
        if (tokens[index - 1]?.type !== 'tr_open') html += ' | ';
        break;
      default:
        // thead, tbody, th/td close and tr_close carry no text; html_block cannot occur (html: false).
        if (token.type === 'html_block') html += escapeHtml(token.content);
    }
  }
  return html;
}
