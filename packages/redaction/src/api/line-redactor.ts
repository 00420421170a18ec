import { defineMiddleware, InvalidArgumentError, type TextMiddleware, type TextSession } from '@parley/core';
import { allowCheck } from './check-options';
import { HeldText } from '../text/held-text';
import { keywordAutomaton } from './keyword-automaton';
import type { RedactionEvent, RedactionEvents } from './redaction-event';
import type { CustomSecretRule, RedactionOptions } from './redaction-options';
import { type CompiledRegexRule, compileRegexRule, findRegexSecrets, type RegexFinding, type RegexSecretRule } from '../user-rules/regex-rule';

/** The marker that leaves a line as it is when {@link RedactionOptions.allowMarker} is on. */
export const ALLOW_MARKER = 'parley:allow';

/** The type reported for the rest of a line a regex rule could not search within `maxLineLength` (redacted: fail closed). */
export const LINE_TOO_LONG = 'LINE_TOO_LONG';

/** Characters before a line's first keyword kept for a regex's look-behind and `\b`. */
const CONTEXT = 256;

/**
 * The most input a line layer session has kept at once (after any write), for tests that prove
 * it stays bounded by `maxLineLength` whatever the stream. Internal: not exported from the package.
 */
export const lineMemory: { mostKept: number } = { mostKept: 0 };

const isRegexRule = (rule: CustomSecretRule): rule is RegexSecretRule => 'regex' in rule;

/** Whether `options` need the line layer: regex rules or the allow marker. */
export const needsLines = (options: RedactionOptions | undefined): boolean =>
  options !== undefined && (options.allowMarker === true || (options.rules?.some(isRegexRule) ?? false));

interface LineOptions extends RedactionOptions {
  readonly onSecret?: (event: RedactionEvent) => void;
}

/** Overlapping findings become one, typed by the first (earliest start, then rule order). */
function merge(findings: RegexFinding[]): RegexFinding[] {
  findings.sort((left, right) => left.start - right.start);
  const merged: RegexFinding[] = [];
  for (const finding of findings) {
    const last = merged.at(-1);
    if (last !== undefined && finding.start < last.end) {
      if (finding.end > last.end) merged[merged.length - 1] = { type: last.type, start: last.start, end: finding.end };
    } else merged.push(finding);
  }
  return merged;
}

/**
 * The line layer in front of the built-in scan: regex rules (searched per line, from the first
 * keyword of each) and the allow marker. `core` makes the built-in middleware, which sees every
 * character that is neither in a regex finding nor on an allowed line; a regex finding or an
 * allowed line ends one built-in session and the next starts after it, so the built-in rules
 * judge the text on each side separately. Every decision depends on the text only, never on
 * how it was chunked.
 */
export function redactLines(options: LineOptions, core: (options: RedactionOptions) => TextMiddleware<RedactionEvents>): TextMiddleware<RedactionEvents> {
  const disabled = new Set(options.disable ?? []);
  const compiled: CompiledRegexRule[] = [];
  const patternRules: CustomSecretRule[] = [];
  for (const rule of options.rules ?? []) {
    if (!isRegexRule(rule)) patternRules.push(rule);
    else {
      const checked = compileRegexRule(rule);
      if (!disabled.has(checked.type)) compiled.push(checked);
    }
  }
  const maxLineLength = options.maxLineLength ?? 16_384;
  if (!Number.isInteger(maxLineLength) || maxLineLength < 256 || maxLineLength > 1_048_576) {
    throw new InvalidArgumentError({ argument: 'maxLineLength', message: `maxLineLength must be a whole number from 256 to 1048576; got ${maxLineLength}.` });
  }
  const allowMarker = options.allowMarker === true;
  const { onSecret, ...shared } = options;
  const inner = core({ ...shared, rules: patternRules, allowMarker: false });
  const placeholder = options.placeholder ?? ((type: string) => `<REDACTED:${type}>`);
  const isAllowedSecret = allowCheck(options.allow);
  // Keywords: every rule's, then the marker. keywordRules[k] lists the rules keyword k starts.
  const byKeyword = new Map<string, number[]>();
  const keywordless: number[] = [];
  compiled.forEach((rule, ruleIndex) => {
    if (rule.keywords.length === 0) keywordless.push(ruleIndex);
    for (const keyword of rule.keywords) byKeyword.set(keyword, [...(byKeyword.get(keyword) ?? []), ruleIndex]);
  });
  const keywords = [...byKeyword.keys()];
  const keywordRules = [...byKeyword.values()];
  const markerIndex = allowMarker ? keywords.push(ALLOW_MARKER) - 1 : -1;
  const automaton = keywordAutomaton(keywords);

  return defineMiddleware<RedactionEvents>({
    name: 'redact-secrets',
    createSession: (context, emit) => {
      const report = (type: string, start: number, end: number): void => {
        emit('redaction', { type, start, end });
        onSecret?.({ type, start, end, stream: context.streamId });
      };
      /** The input from `kept.from` to `position`, as written (see `HeldText`: no copy of a long held line per write). */
      const kept = new HeldText();
      let position = 0;
      /** Output has been produced for the input before this. */
      let rendered = 0;
      /** Findings not rendered yet, built-in and regex, in input offsets. */
      const findings: Array<{ readonly type: string; readonly start: number; readonly end: number; readonly user: boolean }> = [];

      // The built-in scan is a detector here: it is fed the input (all of it but allowed lines and
      // text dropped past the line limit), its events are findings, and how much it has decided is
      // read from the length of its output. Its output is otherwise not used: this layer renders.
      let session: TextSession | undefined;
      /** Where the current session's input begins, and how far it has been fed. */
      let base = 0;
      let fed = 0;
      /** How much of the session's input it has decided (its offsets). */
      let decided = 0;
      /** Where a private key the session is inside began (its offsets), or -1. */
      let openStart = -1;
      const sessionEvents: Array<{ readonly type: string; readonly start: number; readonly end: number }> = [];
      const openPlaceholder = placeholder('PRIVATE_KEY');

      let lineStart = 0;
      let state = 0;
      /** Per rule, where its first keyword on this line starts (-1: none yet). */
      const searchFrom = new Array<number>(compiled.length).fill(-1);
      /** Where the regex rules hold the line from (-1: they do not). */
      let holdStart = -1;
      /** The allow marker may still come: the line is held from its start. */
      let markerWindow = false;
      let allowed = false;
      /** Past maxLineLength with a regex rule holding: the rest of the line is dropped from here. */
      let dropFrom = -1;

      const input = (from: number, to: number): string => kept.slice(from, to);
      /** Reads what the session decided from its output and events. */
      const absorb = (output: string): void => {
        let at = decided;
        let index = 0;
        for (const event of sessionEvents) {
          findings.push({ type: event.type, start: event.start + base, end: event.end + base, user: false });
          if (event.start === openStart) openStart = -1;
          else index += event.start - at + placeholder(event.type).length;
          at = event.end;
        }
        sessionEvents.length = 0;
        const rest = output.length - index;
        if (rest > 0) {
          // Text as it was, or text then the placeholder of a private key that has begun.
          if (output.slice(index) === input(base + at, base + at + rest)) at += rest;
          else {
            if (rest < openPlaceholder.length || !output.endsWith(openPlaceholder)) throw new Error('redactLines: the built-in scan released text that is neither the input nor a placeholder');
            at += rest - openPlaceholder.length;
            openStart = at;
          }
        }
        decided = at;
      };
      const feed = (to: number): void => {
        if (to <= base + fed) return;
        if (session === undefined) {
          base += fed;
          fed = 0;
          decided = 0;
          openStart = -1;
          session = inner.open(context, { onEvent: (_name, { type, start, end }) => sessionEvents.push({ type, start, end }) });
        }
        const text = input(base + fed, to);
        fed = to - base;
        absorb(session.write(text));
      };
      /** Ends the session: everything it was fed is decided. */
      const flush = (): void => {
        if (session === undefined) return;
        const last = session;
        session = undefined;
        absorb(last.end());
        openStart = -1;
      };
      /** Renders the output up to `limit`: text as it was, and each group of overlapping findings as one placeholder. */
      const render = (limit: number): string => {
        findings.sort((left, right) => left.start - right.start || Number(right.user) - Number(left.user));
        let output = '';
        let index = 0;
        while (index < findings.length) {
          const first = findings[index] as (typeof findings)[number];
          let end = first.end;
          let next = index + 1;
          while (next < findings.length && (findings[next] as (typeof findings)[number]).start < end) {
            end = Math.max(end, (findings[next] as (typeof findings)[number]).end);
            next += 1;
          }
          if (end > limit) break;
          output += input(rendered, first.start) + placeholder(first.type);
          report(first.type, first.start, end);
          rendered = end;
          index = next;
        }
        findings.splice(0, index);
        const stop = Math.min(limit, findings[0]?.start ?? limit);
        if (stop > rendered) {
          output += input(rendered, stop);
          rendered = stop;
        }
        return output;
      };
      /** The text of the allowed line up to `position`, released; with `restart`, the built-in rules start over after it. */
      const releaseAllowed = (restart: boolean): string => {
        const text = input(rendered, position);
        rendered = position;
        if (restart) {
          base = position;
          fed = 0;
        }
        return text;
      };
      /** The dropped rest of a line too long ends at `at`: reported, and the built-in rules start over after it. */
      const endDrop = (at: number): void => {
        report(LINE_TOO_LONG, dropFrom, at);
        dropFrom = -1;
        rendered = at;
        base = at;
        fed = 0;
      };
      const startLine = (at: number): void => {
        lineStart = at;
        state = 0;
        searchFrom.fill(-1);
        for (const ruleIndex of keywordless) searchFrom[ruleIndex] = at;
        holdStart = keywordless.length > 0 ? at : -1;
        markerWindow = allowMarker;
        allowed = false;
      };
      /** Runs the regex rules over the held line up to `contentEnd`. */
      const decide = (contentEnd: number): void => {
        if (holdStart < 0) return;
        const contextStart = Math.max(lineStart, holdStart - CONTEXT);
        const line = input(contextStart, contentEnd);
        const found: RegexFinding[] = [];
        compiled.forEach((rule, ruleIndex) => {
          const from = searchFrom[ruleIndex] as number;
          if (from >= 0) findRegexSecrets(rule, line, from - contextStart, isAllowedSecret, found);
        });
        for (const finding of merge(found)) findings.push({ type: finding.type, start: finding.start + contextStart, end: finding.end + contextStart, user: true });
        holdStart = -1;
      };
      /** The line carries the marker: what came before is decided and rendered, the line passes as it is. */
      const allowLine = (): string => {
        allowed = true;
        markerWindow = false;
        holdStart = -1;
        feed(lineStart);
        flush();
        const output = render(lineStart) + input(lineStart, position);
        rendered = position;
        return output;
      };

      const consume = (chunk: string, final: boolean): string => {
        let output = '';
        kept.append(chunk);
        const chunkStart = position;
        const end = position + chunk.length;
        while (position < end) {
          const code = chunk.charCodeAt(position - chunkStart);
          if (dropFrom >= 0 && code !== 10) {
            position += 1;
            rendered = position;
            continue;
          }
          state = automaton.step(state, code);
          const here = position;
          position += 1;
          const endings = automaton.endings[state] as readonly number[];
          for (let ending = 0; ending < endings.length; ending += 1) {
            const keyword = endings[ending] as number;
            const start = position - (automaton.lengths[keyword] as number);
            if (keyword === markerIndex) {
              if (markerWindow && !allowed) output += allowLine();
              continue;
            }
            // An allowed line is not searched: a keyword after the marker holds nothing.
            if (allowed) continue;
            for (const ruleIndex of keywordRules[keyword] ?? []) {
              if ((searchFrom[ruleIndex] as number) >= 0) continue;
              searchFrom[ruleIndex] = start;
              if (holdStart < 0 || start < holdStart) holdStart = start;
            }
          }
          if (code === 13 || code === 11 || code === 12 || code === 0x85 || code === 0x2028 || code === 0x2029) {
            // What shows as a line break without being `\n` (a lone `\r`, VT, FF, NEL, U+2028/2029)
            // ends the marker's reach: text after it is the rules' again, and a marker after it
            // does not free what came before (issue 16, adversarial review).
            if (allowed) output += releaseAllowed(true);
            allowed = false;
            markerWindow = false;
          }
          if (code === 10) {
            if (dropFrom >= 0) endDrop(here);
            else if (allowed) output += releaseAllowed(true);
            else {
              const contentEnd = here > lineStart && kept.charCodeAt(here - 1) === 13 ? here - 1 : here;
              decide(contentEnd);
            }
            startLine(position);
            continue;
          }
          if (allowed) {
            output += releaseAllowed(false);
            continue;
          }
          if (markerWindow && position - lineStart >= maxLineLength) markerWindow = false;
          if (holdStart >= 0 && position - holdStart >= maxLineLength) {
            // Fail closed: what is held is searched as a line; the rest of the line is redacted.
            decide(position);
            feed(position);
            flush();
            output += render(position) + placeholder(LINE_TOO_LONG);
            dropFrom = position;
            rendered = position;
          }
        }
        if (final) {
          if (dropFrom >= 0) endDrop(position);
          else if (!allowed) {
            decide(position);
            feed(position);
          }
          flush();
          return output + render(position);
        }
        if (dropFrom < 0 && !allowed) {
          feed(markerWindow ? lineStart : position);
          // Nothing before the first undecided character of the scan, a held line or a keyword in progress is final.
          let limit = session === undefined ? base + fed : base + decided;
          limit = Math.min(limit, position - (automaton.depth[state] as number));
          if (holdStart >= 0) limit = Math.min(limit, holdStart);
          if (markerWindow) limit = Math.min(limit, lineStart);
          output += render(limit);
        }
        // Keep what is not rendered, and what a later regex search may read (a little context before a hold).
        const searchable = Math.max(lineStart, (holdStart >= 0 ? holdStart : position - (automaton.depth[state] as number)) - CONTEXT);
        const keepFrom = Math.min(rendered, searchable);
        kept.dropBefore(keepFrom);
        if (kept.length > lineMemory.mostKept) lineMemory.mostKept = kept.length;
        return output;
      };

      startLine(0);
      return {
        write: (chunk) => consume(chunk, false),
        end: () => consume('', true),
      };
    },
  });
}
