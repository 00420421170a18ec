import { expectString } from '@parley/core';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { splitTelegramMessage, TELEGRAM_MESSAGE_LIMIT } from './split-telegram-message';

/** Options of {@link presentResult}. */
export interface PresentResultOptions {
  /**
   * The user's language. For `zh-Hant` (the default) lines of English reasoning ("Let me…", "I
   * need to…") are dropped too; for `en` they are kept.
   */
  readonly language?: 'zh-Hant' | 'en';
  /** Most visible characters per message. Default 4,096 (Telegram's limit). */
  readonly limit?: number;
}

/** What {@link presentResult} made of a specialist's return value. */
export interface PresentedResult {
  /** The message as Telegram HTML. */
  readonly html: string;
  /** The kept Markdown before conversion (for assembling a reply from several results). */
  readonly markdown: string;
  /** The same, split into messages within the limit. */
  readonly parts: readonly string[];
  /** Where the text came from: the `[RESULT_START]…[RESULT_END]` blocks, or the last meaningful paragraph. */
  readonly source: 'result-tags' | 'last-paragraph';
  /** How many lines were filtered out, by reason. */
  readonly dropped: Readonly<Record<'thinking' | 'json' | 'tool-log' | 'code' | 'reasoning', number>>;
}

const resultStart = '[RESULT_START]';
const resultEnd = '[RESULT_END]';

/** The text of every `[RESULT_START]…[RESULT_END]` block; an unclosed block runs to the end. */
function resultBlocks(text: string): string[] | undefined {
  const blocks: string[] = [];
  for (let start = text.indexOf(resultStart); start >= 0; start = text.indexOf(resultStart, start)) {
    const from = start + resultStart.length;
    const end = text.indexOf(resultEnd, from);
    blocks.push(text.slice(from, end < 0 ? text.length : end));
    start = end < 0 ? text.length : end + resultEnd.length;
  }
  return blocks.length === 0 ? undefined : blocks;
}

const startsWithAny = (lower: string, prefixes: readonly string[]): boolean => prefixes.some((prefix) => lower.startsWith(prefix));
const thinkingPrefixes = ['_thinking:_', '*thinking:*', '**thinking:**', 'thinking:', '_thinking_:', '<thinking>', '</thinking>'];
const toolLogPrefixes = ['tool call', 'tool_call', 'calling tool', 'tool result', 'tool output', '[tool', '<tool', 'function call', 'observation:', 'action:', 'action input:', '→ call', '>>> call'];
const reasoningPrefixes = ["let me ", "let's ", 'i need to ', 'i will now ', "i'll now ", 'i should ', 'first, i ', 'now i ', 'next, i ', 'okay, ', 'ok, so ', 'the user wants ', 'the user asked '];

/** Whether a block of lines is raw JSON (an object or array that parses). */
function isJson(text: string): boolean {
  const trimmed = text.trim();
  const first = trimmed[0];
  if ((first !== '{' && first !== '[') || trimmed.length < 2) return false;
  const last = trimmed.at(-1);
  if ((first === '{' && last !== '}') || (first === '[' && last !== ']')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * A block of lines that may be raw JSON, read line by line: brackets and strings are followed as
 * the lines come, and the block is parsed at most once, when its brackets first close. A JSON
 * object or array closes its outermost bracket only at its very end, so a block whose brackets
 * closed and then went on, or that did not parse when they closed, can never become JSON.
 */
class JsonBlock {
  readonly lines: string[] = [];
  #depth = 0;
  #inString = false;
  #escaped = false;
  #closed = false;
  #dead = false;

  /** Adds a line; returns whether the block is now a whole JSON value. */
  add(line: string): boolean {
    this.lines.push(line);
    if (this.#dead) return false;
    for (let index = 0; index < line.length && !this.#dead; index += 1) this.#read(line[index] as string);
    if (this.#dead || !this.#closed) return false;
    if (isJson(this.lines.join('\n'))) return true;
    this.#dead = true;
    return false;
  }

  #read(character: string): void {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (character === '\\') this.#escaped = true;
      else if (character === '"') this.#inString = false;
      return;
    }
    if (character === ' ' || character === '\t' || character === '\r') return;
    if (this.#closed) {
      this.#dead = true;
      return;
    }
    if (character === '"') this.#inString = true;
    else if (character === '{' || character === '[') this.#depth += 1;
    else if (character === '}' || character === ']') {
      this.#depth -= 1;
      if (this.#depth < 0) this.#dead = true;
      else if (this.#depth === 0) this.#closed = true;
    }
  }
}

/**
 * Turns a specialist's return value into what the user is shown (the spec's Output Presentation):
 * the `[RESULT_START]…[RESULT_END]` blocks, else the last meaningful paragraph; without
 * `_Thinking:_` lines, raw JSON, tool-call logs, code blocks and (for Chinese) English reasoning;
 * converted from Markdown to Telegram HTML and split at the limit. `[FILE: …]` markers are kept
 * exactly as written.
 *
 * @example
 * ```ts
 * import { presentResult } from '@parley/telegram';
 *
 * const sent: string[] = [];
 * const bot = { sendMessage: async (_chatId: number, text: string, _options: { parse_mode: 'HTML' }) => void sent.push(text) };
 * const specialistReply = 'Let me check the data first.\n\n[RESULT_START]\n**R²** = 0.93 on the held-out set.\n[RESULT_END]';
 * const { parts, source } = presentResult(specialistReply);
 * for (const part of parts) await bot.sendMessage(42, part, { parse_mode: 'HTML' });
 * console.log(source, sent.join()); // result-tags <b>R²</b> = 0.93 on the held-out set.
 * ```
 */
export function presentResult(text: string, options: PresentResultOptions = {}): PresentedResult {
  expectString(text, 'text');
  const language = options.language ?? 'zh-Hant';
  const dropped = { thinking: 0, json: 0, 'tool-log': 0, code: 0, reasoning: 0 };
  const blocks = resultBlocks(text);
  const lines = (blocks ?? [text]).join('\n\n').replaceAll('\r\n', '\n').split('\n');
  // Drop code blocks and filtered lines, keeping paragraph breaks.
  const kept: string[] = [];
  let fence: string | undefined;
  let json: JsonBlock | undefined;
  /** Keeps a line of text, unless it is a thinking, tool-log or (for Chinese) reasoning line. */
  const filterLine = (line: string): void => {
    const lower = line.trimStart().toLowerCase();
    if (startsWithAny(lower, thinkingPrefixes)) dropped.thinking += 1;
    else if (startsWithAny(lower, toolLogPrefixes)) dropped['tool-log'] += 1;
    else if (language !== 'en' && startsWithAny(lower, reasoningPrefixes)) dropped.reasoning += 1;
    else kept.push(line);
  };
  /** Ends a block that did not become JSON: its lines are text, filtered like any other. */
  const endJson = (): void => {
    if (json === undefined) return;
    for (const line of json.lines) filterLine(line);
    json = undefined;
  };
  const dropJson = (): void => {
    dropped.json += json?.lines.length ?? 0;
    json = undefined;
  };
  for (const line of lines) {
    const trimmed = line.trim();
    if (fence !== undefined) {
      dropped.code += 1;
      if (trimmed.startsWith(fence)) fence = undefined;
      continue;
    }
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) {
      endJson();
      fence = trimmed.slice(0, 3);
      dropped.code += 1;
      continue;
    }
    if (json !== undefined) {
      if (json.add(line)) dropJson();
      else if (trimmed === '') endJson();
      continue;
    }
    if (trimmed.startsWith('{') || trimmed.startsWith('[{') || trimmed === '[') {
      json = new JsonBlock();
      if (json.add(line)) dropJson();
      continue;
    }
    filterLine(line);
  }
  endJson();
  let body = kept.join('\n').trim();
  if (blocks === undefined) {
    const paragraphs = body.split(/\n[ \t]*\n/).filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph));
    body = (paragraphs.at(-1) ?? '').trim();
  }
  const html = markdownToTelegramHtml(body);
  return {
    html,
    markdown: body,
    parts: splitTelegramMessage(html, { limit: options.limit ?? TELEGRAM_MESSAGE_LIMIT }),
    source: blocks === undefined ? 'last-paragraph' : 'result-tags',
    dropped,
  };
}
