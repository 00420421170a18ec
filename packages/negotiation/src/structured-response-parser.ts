import { expectString, LineReader, type TextObserver } from '@parley/core';
import { detectEnvelope, parseYamlSafely } from '@parley/envelope';
import { type NegotiationConfidence, negotiationConfidences } from './negotiation-confidence';
import type { NegotiationViolation } from './negotiation-violation';
import type { StructuredResponse } from './structured-response';

type Section = 'findings' | 'confidence' | 'gaps' | 'contextNeeded';

const headers: ReadonlyArray<readonly [Section, readonly string[]]> = [
  ['findings', ['findings', 'finding', '发现']],
  ['confidence', ['confidence', '置信度', '信心']],
  ['gaps', ['gaps', 'gap', '差距', '缺口']],
  ['contextNeeded', ['context needed', 'context_needed', 'context-needed', 'questions', '需要的上下文', '需要上下文']],
];
const sectionTitle: Record<Section, string> = { findings: 'Findings', confidence: 'Confidence', gaps: 'Gaps', contextNeeded: 'Context Needed' };
const empty = new Set(['none', 'n/a', 'na', 'nothing', '-', '无', '没有']);
/** The most text kept across all items, in characters. */
const MAX_TEXT = 256 * 1024;
/** The most prose (text before any section) kept for a reply with no sections, in characters. */
const MAX_PROSE = 4096;

/** Events the parser reports as items complete. */
export interface ParserListener {
  item(section: 'findings' | 'gaps' | 'contextNeeded', text: string): void;
  confidence(confidence: NegotiationConfidence): void;
  violation(violation: NegotiationViolation): void;
}

/** A header line: its section and any text after the colon. */
function readHeader(line: string): readonly [Section, string] | undefined {
  let text = line.trim();
  let hashes = 0;
  while (text.charCodeAt(hashes) === 35 /* # */) hashes += 1;
  text = text.slice(hashes).trim();
  for (const mark of ['**', '__', '*', '_']) if (text.startsWith(mark)) text = text.slice(mark.length);
  const lower = text.toLowerCase();
  for (const [section, names] of headers) {
    for (const name of names) {
      if (!lower.startsWith(name)) continue;
      let rest = text.slice(name.length);
      for (const mark of ['**', '__', '*', '_']) if (rest.startsWith(mark)) rest = rest.slice(mark.length);
      if (rest.startsWith(':') || rest.startsWith('：')) {
        let value = rest.slice(1).trim();
        // "**Context Needed:**": the emphasis closes after the colon.
        for (const mark of ['**', '__', '*', '_']) if (value.startsWith(mark)) value = value.slice(mark.length).trim();
        return [section, value];
      }
      if (rest.trim() === '') return [section, ''];
    }
  }
  return undefined;
}

/** A list item's text, or `undefined` when the line is not a bullet. */
function readBullet(line: string): string | undefined {
  const text = line.trim();
  if (text.startsWith('- ') || text.startsWith('* ') || text.startsWith('• ')) return text.slice(2).trim();
  let digits = 0;
  while (digits < text.length && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57) digits += 1;
  if (digits > 0 && (text[digits] === '.' || text[digits] === ')') && text[digits + 1] === ' ') return text.slice(digits + 2).trim();
  return undefined;
}

/** Reads a confidence level from the start of `text` ("HIGH", "medium confidence", …). */
export function readConfidence(text: string): NegotiationConfidence | undefined {
  expectString(text, 'text');
  const word = (text.trim().split(/[\s,.;:()]/)[0] ?? '').toUpperCase();
  return negotiationConfidences.find((level) => level === word);
}

/**
 * The line-by-line parser behind `parseStructuredResponse` and `parseStructuredResponseStream`:
 * the stream's observer, which the whole-text function runs over one text.
 *
 * @internal
 */
export class StructuredResponseParser implements TextObserver {
  readonly #listener: ParserListener;
  #line = '';
  #section: Section | undefined;
  #item: { section: 'findings' | 'gaps' | 'contextNeeded'; text: string } | undefined;
  #seen = new Set<Section>();
  #confidence: NegotiationConfidence | undefined;
  #length = 0;
  #overflow = false;
  #prose: string[] = [];
  /** The length of `#prose` joined with spaces, kept as lines are added (never re-joined per line). */
  #proseLength = 0;
  /** Set when the reply is a fenced YAML block: its lines are kept, up to `MAX_TEXT` characters, and read at the end. */
  #yaml: string[] | undefined;
  #yamlLength = 0;
  #started = false;
  /** The text as lines, CommonMark's way (LF, CRLF, a lone CR; a leading byte order mark dropped). */
  readonly #lines: LineReader = new LineReader({ appendToLine: (part) => this.#addToLine(part), endLine: () => this.#endLine() });

  constructor(listener: ParserListener) {
    this.#listener = listener;
  }

  /**
   * Splits the reply into lines as `@parley/envelope`'s detector does (core's `LineReader`,
   * CommonMark's line endings): LF, CRLF and a lone CR each end a line, a CRLF cut between chunks
   * included; a byte order mark as the reply's first character is not content.
   */
  observe(text: string): void {
    this.#lines.write(text);
  }

  end(): void {
    if (this.#line.length > 0) this.#endLine();
    if (this.#yaml !== undefined) {
      this.#readYaml(`${this.#yaml.join('\n')}\n`);
      return;
    }
    this.#flushItem();
    if (this.#seen.size === 0) {
      this.#listener.violation({ rule: 'N2', code: 'NOT_STRUCTURED', message: 'The reply has none of the sections Findings, Confidence, Gaps, Context Needed; it is read as UNCERTAIN.' });
      const prose = this.#prose.join(' ').trim();
      if (prose.length > 0) this.#listener.item('findings', prose);
    } else {
      for (const section of ['findings', 'confidence', 'gaps', 'contextNeeded'] as const) {
        if (!this.#seen.has(section)) this.#listener.violation({ rule: 'N2', code: 'MISSING_SECTION', message: `The ${sectionTitle[section]} section is missing; every section is required in negotiation mode.` });
      }
    }
    if (this.#confidence === undefined) {
      if (this.#seen.has('confidence')) this.#listener.violation({ rule: 'N2', code: 'UNKNOWN_CONFIDENCE', message: 'Confidence must be HIGH, MEDIUM, LOW or UNCERTAIN; read as UNCERTAIN.' });
      this.#setConfidence('UNCERTAIN');
    }
  }

  #addToLine(part: string): void {
    if (this.#line.length + part.length <= MAX_TEXT) this.#line += part;
    else this.#line += part.slice(0, Math.max(0, MAX_TEXT - this.#line.length));
  }

  #setConfidence(confidence: NegotiationConfidence): void {
    if (this.#confidence !== undefined) return;
    this.#confidence = confidence;
    this.#listener.confidence(confidence);
  }

  #flushItem(): void {
    if (this.#item === undefined) return;
    const { section, text } = this.#item;
    this.#item = undefined;
    if (empty.has(text.toLowerCase())) return;
    this.#length += text.length;
    if (this.#length > MAX_TEXT) {
      this.#reportOverflow();
      return;
    }
    this.#listener.item(section, text);
  }

  /** Reports `TOO_LONG` once: the first time the kept text would pass `MAX_TEXT`. */
  #reportOverflow(): void {
    if (!this.#overflow) this.#listener.violation({ rule: 'N2', code: 'TOO_LONG', message: `The reply is longer than ${MAX_TEXT} characters; the rest is ignored.` });
    this.#overflow = true;
  }

  /**
   * Adds a wrapped line to the open item. An item that would pass the budget left is dropped at
   * `#flushItem` anyway, so it stops growing one character past it: the memory stays bounded
   * whatever the reply's length, and the item is reported exactly as if it were kept whole.
   */
  #continueItem(item: { text: string }, line: string): void {
    const room = MAX_TEXT - this.#length + 1 - item.text.length;
    if (room <= 0) return;
    const addition = ` ${line}`;
    item.text += addition.length <= room ? addition : addition.slice(0, room);
    // Reported as soon as the item cannot fit, not when it ends: a stream learns of it at once.
    if (this.#length + item.text.length > MAX_TEXT) this.#reportOverflow();
  }

  #endLine(): void {
    const line = this.#line;
    this.#line = '';
    if (this.#yaml !== undefined) {
      // A YAML reply is read whole at the end, so it is kept only up to MAX_TEXT characters: whole
      // lines, the first that does not fit reports TOO_LONG and nothing after it is kept.
      if (this.#overflow) return;
      this.#yamlLength += line.length + 1;
      if (this.#yamlLength > MAX_TEXT) this.#reportOverflow();
      else this.#yaml.push(line);
      return;
    }
    if (!this.#started && line.trim() !== '') {
      this.#started = true;
      if (/^ {0,3}`{3,}ya?ml\s*$/i.test(line)) {
        this.#yaml = [line];
        this.#yamlLength = line.length + 1;
        return;
      }
    }
    const header = readHeader(line);
    if (header !== undefined) {
      this.#flushItem();
      const [section, rest] = header;
      this.#section = section;
      this.#seen.add(section);
      if (section === 'confidence') {
        const confidence = readConfidence(rest);
        if (confidence !== undefined) this.#setConfidence(confidence);
      } else if (rest !== '') {
        this.#item = { section, text: rest };
      }
      return;
    }
    const trimmed = line.trim();
    if (trimmed === '') return;
    const section = this.#section;
    if (section === undefined) {
      if (this.#proseLength < MAX_PROSE) {
        this.#proseLength += (this.#prose.length > 0 ? 1 : 0) + trimmed.length;
        this.#prose.push(trimmed);
      }
      return;
    }
    if (section === 'confidence') {
      const confidence = readConfidence(readBullet(line) ?? trimmed);
      if (confidence !== undefined) this.#setConfidence(confidence);
      return;
    }
    const bullet = readBullet(line);
    if (bullet !== undefined) {
      this.#flushItem();
      this.#item = { section, text: bullet };
    } else if (this.#item !== undefined) this.#continueItem(this.#item, trimmed);
    else this.#item = { section, text: trimmed };
  }

  #readYaml(text: string): void {
    const detected = detectEnvelope(text);
    const parsed = detected.yaml === undefined ? undefined : parseYamlSafely(detected.yaml);
    if (detected.violations.length > 0 || parsed === undefined || !parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
      this.#listener.violation({ rule: 'N2', code: 'INVALID_ENVELOPE', message: 'The reply is a YAML block that could not be read as a structured response; read as UNCERTAIN.' });
      this.#setConfidence('UNCERTAIN');
      return;
    }
    const value = parsed.value as Record<string, unknown>;
    const list = (key: string): string[] => {
      const entries = value[key];
      if (!Array.isArray(entries)) return [];
      return entries.flatMap((entry) => {
        if (typeof entry === 'string') return [entry];
        const note = (entry as { note?: unknown } | null)?.note;
        return typeof note === 'string' ? [note] : [];
      });
    };
    for (const finding of list('findings')) this.#listener.item('findings', finding);
    for (const gap of list('gaps')) this.#listener.item('gaps', gap);
    for (const question of [...list('context_needed'), ...list('contextNeeded'), ...list('open_questions')]) this.#listener.item('contextNeeded', question);
    const confidence = typeof value['confidence'] === 'string' ? readConfidence(value['confidence']) : undefined;
    if (confidence === undefined) this.#listener.violation({ rule: 'N2', code: 'UNKNOWN_CONFIDENCE', message: 'The YAML reply has no confidence of HIGH, MEDIUM, LOW or UNCERTAIN; read as UNCERTAIN.' });
    this.#setConfidence(confidence ?? 'UNCERTAIN');
  }
}

/** A listener that collects a parser's items into a {@link StructuredResponse}, and its result. */
export interface ResponseCollector {
  /** Give it to the parser (or call it from a listener of your own). */
  readonly listener: ParserListener;
  /** What the listener has collected so far; complete once the parser has ended. */
  readonly collected: { readonly response: StructuredResponse; readonly violations: NegotiationViolation[] };
}

/** Creates a {@link ResponseCollector}: the confidence stays UNCERTAIN until the parser reads one. */
export function createResponseCollector(): ResponseCollector {
  const response = { findings: [] as string[], confidence: 'UNCERTAIN' as NegotiationConfidence, gaps: [] as string[], contextNeeded: [] as string[] };
  const violations: NegotiationViolation[] = [];
  return {
    listener: {
      item: (section, text) => response[section].push(text),
      confidence: (confidence) => {
        response.confidence = confidence;
      },
      violation: (violation) => violations.push(violation),
    },
    collected: { response, violations },
  };
}
