import { defineMiddleware, InvalidArgumentError, type TextMiddleware, type TextSession } from '@parley/core';
import { keywordAutomaton } from './keyword-automaton';
import type { RedactionEvent, RedactionEvents } from './redaction-event';
import type { CustomSecretRule, RedactionOptions } from './redaction-plan';
import { type CompiledRegexRule, compileRegexRule, findRegexSecrets, type RegexFinding, type RegexSecretRule } from './regex-rule';

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

function allowCheck(allow: RedactionOptions['allow']): (secret: string) => boolean {
  const strings = new Set(allow?.filter((entry): entry is string => typeof entry === 'string'));
  const patterns = allow?.filter((entry): entry is RegExp => entry instanceof RegExp) ?? [];
  return (secret) =>
    strings.has(secret) ||
    patterns.some((pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(secret);
    });
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
  const keywords: string[] = [];
  const keywordRules: number[][] = [];
  const keywordless: number[] = [];
  compiled.forEach((rule, ruleIndex) => {
    if (rule.keywords.length === 0) keywordless.push(ruleIndex);
    for (const keyword of rule.keywords) {
      const known = keywords.indexOf(keyword);
      if (known >= 0) keywordRules[known]?.push(ruleIndex);
      else {
        keywords.push(keyword);
        keywordRules.push([ruleIndex]);
      }
    }
  });
  const markerIndex = allowMarker ? keywords.push(ALLOW_MARKER) - 1 : -1;
  keywordRules.push([]);
  const automaton = keywordAutomaton(keywords);

  return defineMiddleware<RedactionEvents>({
    name: 'redact-secrets',
    createSession: (context, emit) => {
      const report = (type: string, start: number, end: number): void => {
        emit('redaction', { type, start, end });
        onSecret?.({ type, start, end, stream: context.streamId });
      };
      let session: TextSession | undefined;
      /** Input before this offset has been given to the built-in scan, output raw or redacted. */
      let fed = 0;
      /** The input from `keptFrom` to `position`. */
      let kept = '';
      let keptFrom = 0;
      let position = 0;
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

      const input = (from: number, to: number): string => kept.slice(from - keptFrom, to - keptFrom);
      const feed = (to: number): string => {
        if (to <= fed) return '';
        if (session === undefined) {
          const base = fed;
          session = inner.open(context, {
            onEvent: (_name, event) => report(event.type, event.start + base, event.end + base),
          });
        }
        const text = input(fed, to);
        fed = to;
        return session.write(text);
      };
      const flush = (): string => {
        const text = session?.end() ?? '';
        session = undefined;
        return text;
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
      /**
       * Runs the regex rules over the held line up to `contentEnd` and releases it to `to`. A line
       * nothing held is left for the end of the write, so the built-in scan gets whole chunks.
       */
      const decide = (contentEnd: number, to: number): string => {
        if (holdStart < 0) return '';
        const contextStart = Math.max(lineStart, holdStart - CONTEXT);
        const line = input(contextStart, contentEnd);
        const found: RegexFinding[] = [];
        compiled.forEach((rule, ruleIndex) => {
          const from = searchFrom[ruleIndex] as number;
          if (from >= 0) findRegexSecrets(rule, line, from - contextStart, isAllowedSecret, found);
        });
        let output = '';
        for (const finding of merge(found)) {
          const start = finding.start + contextStart;
          const end = finding.end + contextStart;
          output += feed(start) + flush() + placeholder(finding.type);
          report(finding.type, start, end);
          fed = end;
        }
        holdStart = -1;
        return output + feed(to);
      };
      const allowLine = (): string => {
        allowed = true;
        markerWindow = false;
        holdStart = -1;
        const output = feed(lineStart) + flush() + input(lineStart, position);
        fed = position;
        return output;
      };

      const consume = (chunk: string, final: boolean): string => {
        let output = '';
        kept += chunk;
        const chunkStart = position;
        const end = position + chunk.length;
        while (position < end) {
          const code = chunk.charCodeAt(position - chunkStart);
          if (dropFrom >= 0 && code !== 10) {
            position += 1;
            fed = position;
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
            for (const ruleIndex of keywordRules[keyword] ?? []) {
              if ((searchFrom[ruleIndex] as number) >= 0) continue;
              searchFrom[ruleIndex] = start;
              if (holdStart < 0 || start < holdStart) holdStart = start;
            }
          }
          if (code === 10) {
            if (dropFrom >= 0) {
              report(LINE_TOO_LONG, dropFrom, here);
              dropFrom = -1;
              fed = here;
              output += feed(position);
            } else if (allowed) {
              output += input(fed, position) + flush();
              fed = position;
            } else {
              const contentEnd = here > lineStart && kept.charCodeAt(here - 1 - keptFrom) === 13 ? here - 1 : here;
              output += decide(contentEnd, position);
            }
            startLine(position);
            continue;
          }
          if (allowed) continue;
          if (markerWindow && position - lineStart >= maxLineLength) markerWindow = false;
          if (holdStart >= 0 && position - holdStart >= maxLineLength) {
            // Fail closed: what is held is searched as a line; the rest of the line is redacted.
            output += decide(position, position) + flush() + placeholder(LINE_TOO_LONG);
            dropFrom = position;
          }
        }
        if (final) {
          if (dropFrom >= 0) {
            report(LINE_TOO_LONG, dropFrom, position);
            dropFrom = -1;
            fed = position;
          } else if (allowed) {
            output += input(fed, position);
            fed = position;
          } else output += decide(position, position) + feed(position);
          return output + flush();
        }
        // Release what no keyword, marker or regex finding can still claim.
        if (allowed) {
          output += input(fed, position);
          fed = position;
        } else if (dropFrom < 0) {
          let safe = position - (automaton.depth[state] as number);
          if (holdStart >= 0) safe = Math.min(safe, holdStart);
          if (markerWindow) safe = Math.min(safe, lineStart);
          output += feed(safe);
        }
        // Keep what a later regex search may read: the held text and a little context before it
        // (a hold never starts before `fed`). While a line is held `fed` stands still, so this
        // cuts once per release, not once per chunk.
        const keepFrom = Math.max(lineStart, fed - CONTEXT);
        if (keepFrom > keptFrom) {
          kept = kept.slice(keepFrom - keptFrom);
          keptFrom = keepFrom;
        }
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
