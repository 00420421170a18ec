// Linear time and bounded memory for the structured-response parser (adversary report a9: a
// prose-first reply re-joined its kept prose on every line; a wrapped item and a YAML reply grew
// without limit until end()). Time is measured as characters produced by the string and array
// methods the parser copies text with — a work count, not a clock.
import v8 from 'node:v8';
import vm from 'node:vm';
import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseStructuredResponse } from './parse-structured-response';
import { parseStructuredResponseStream } from './parse-structured-response-stream';

const MAX_TEXT = 256 * 1024;

type Patched = { owner: object; name: string; original: (...args: unknown[]) => unknown };

/** Runs `work` and returns how many characters (or elements) the copying methods produced meanwhile. */
function charactersProduced(work: () => void): number {
  let produced = 0;
  const patched: Patched[] = [];
  const patch = (owner: object, name: string): void => {
    const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name] as (...args: unknown[]) => unknown;
    patched.push({ owner, name, original });
    Object.defineProperty(owner, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]): unknown {
        const result = original.apply(this, args);
        if (typeof result === 'string' || Array.isArray(result)) produced += result.length;
        return result;
      },
    });
  };
  for (const name of ['slice', 'substring', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'split', 'replace', 'concat', 'normalize']) patch(String.prototype, name);
  for (const name of ['join', 'slice', 'concat', 'map', 'filter']) patch(Array.prototype, name);
  // A search counts the characters it passed over, so re-searching the same stretch shows.
  const indexOf = String.prototype.indexOf;
  patched.push({ owner: String.prototype, name: 'indexOf', original: indexOf as (...args: unknown[]) => unknown });
  Object.defineProperty(String.prototype, 'indexOf', {
    configurable: true,
    writable: true,
    value: function (this: string, search: string, position?: number): number {
      const result = indexOf.call(this, search, position);
      produced += (result < 0 ? this.length : result) - Math.max(0, Math.min(position ?? 0, this.length));
      return result;
    },
  });
  try {
    work();
  } finally {
    for (const { owner, name, original } of patched.reverse()) Object.defineProperty(owner, name, { configurable: true, writable: true, value: original });
  }
  return produced;
}

/** Lines biased to the parser's hard cases: prose before any section, wrapped items, headers, YAML, `#` runs, bullets. */
const hardLine = fc.oneof(
  fc.constantFrom('a', 'prose line', '#'.repeat(40), '- ', '- item', '1. x', 'Findings:', '## Gaps', 'Confidence: high', 'k: v', '[', '```yaml', '```', 'none', '', ' ', '**Context Needed:**'),
  fc.string({ maxLength: 12 }).map((text) => text.replace(/[\r\n]/g, ' ')),
);
const hardReply = fc
  .tuple(fc.array(hardLine, { minLength: 1, maxLength: 6 }), fc.integer({ min: 200, max: 2000 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([lines, times, newline]) => `${lines.join(newline)}${newline}`.repeat(times));

describe('the parser does linear work', () => {
  test('a prose-first reply of 128 Ki lines: characters produced stay within 40 per input character (it was ~2000)', () => {
    const text = 'a\n'.repeat(128 * 1024);
    const produced = charactersProduced(() => parseStructuredResponse(text));
    expect(produced).toBeLessThan(40 * text.length);
    expect(parseStructuredResponse(text).violations.map((violation) => violation.code)).toEqual(['NOT_STRUCTURED']);
  });

  test('property: any repeated mix of hard lines, whole or chunked, costs at most 40 characters produced per input character (200 runs)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(hardReply, fc.integer({ min: 1, max: 4096 }), (text, size) => {
        const whole = charactersProduced(() => parseStructuredResponse(text));
        expect(whole).toBeLessThanOrEqual(40 * text.length + 1024);
        const chunks: string[] = [];
        for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
        const streamed = charactersProduced(() => runChunks(parseStructuredResponseStream(), chunks, { streamId: 's' }));
        expect(streamed).toBeLessThanOrEqual(40 * text.length + 1024);
      }),
      { numRuns: 200 },
    );
  });
});

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap growth, in bytes, while `write` feeds an open stream (measured before `end()`). */
function heapGrowthWhileStreaming(head: string, body: string, times: number): { growth: number; codesBeforeEnd: string[]; codes: string[] } {
  const codes: string[] = [];
  const stream = parseStructuredResponseStream().open({ streamId: 's' }, {
    onEvent: (name, event) => {
      if (name === 'violation' && 'code' in event) codes.push(event.code);
    },
  });
  gc();
  const before = process.memoryUsage().heapUsed;
  stream.write(head);
  for (let index = 0; index < times; index += 1) stream.write(body);
  gc();
  const growth = process.memoryUsage().heapUsed - before;
  const codesBeforeEnd = [...codes];
  stream.end();
  return { growth, codesBeforeEnd, codes };
}

describe('the stream keeps bounded memory', () => {
  const body = 'k: v\n'.repeat(20_000); // 100 KB
  test.each([
    ['a wrapped finding', 'Findings:\n- a\n'],
    ['a YAML reply', '```yaml\n'],
    ['prose', 'prose\n'],
  ])('%s followed by 8 MB of lines keeps well under 8 MB (it kept all of it)', { timeout: 120_000 }, (_name, head) => {
    const { growth } = heapGrowthWhileStreaming(head, body, 80);
    expect(growth).toBeLessThan(4 * 1024 * 1024);
  });

  test('an item or YAML reply past the cap is TOO_LONG as soon as it passes, before end()', () => {
    expect(heapGrowthWhileStreaming('Findings:\n- a\n', body, 3).codesBeforeEnd).toEqual(['TOO_LONG']);
    const yaml = heapGrowthWhileStreaming('```yaml\n', body, 3);
    expect(yaml.codesBeforeEnd).toEqual(['TOO_LONG']);
    expect(yaml.codes).toEqual(['TOO_LONG', 'INVALID_ENVELOPE']);
  });

  test('the exact reported shapes', () => {
    const wrapped = parseStructuredResponse(`Findings:\n- a\n${'k: v\n'.repeat(60_000)}`);
    expect(wrapped.response.findings).toEqual([]);
    expect(wrapped.violations.map((violation) => violation.code)).toEqual(['TOO_LONG', 'MISSING_SECTION', 'MISSING_SECTION', 'MISSING_SECTION']);
    // The caps are unchanged: a line is kept to MAX_TEXT characters (its bullet included), an item
    // wrapped over lines to MAX_TEXT - 1 and dropped past it.
    const fits = `Findings:\n- ${'b'.repeat(MAX_TEXT)}\nConfidence: HIGH\nGaps:\n- none\nContext needed:\n- none\n`;
    expect(parseStructuredResponse(fits).response.findings[0]?.length).toBe(MAX_TEXT - 2);
    const wraps = `Findings:\n- b\n${'c\n'.repeat(MAX_TEXT / 2 - 1)}Confidence: HIGH\n`;
    expect(parseStructuredResponse(wraps).response.findings[0]?.length).toBe(MAX_TEXT - 1);
    expect(parseStructuredResponse(`Findings:\n- b\n${'c\n'.repeat(MAX_TEXT / 2)}Confidence: HIGH\n`).response.findings).toEqual([]);
  });
});

// Lines as @parley/envelope reads them (a9, the envelope's cousin here): a lone CR ends a line, a
// leading byte order mark is not content, a YAML reply may open with four or more backticks.
const replyLine = fc.oneof(
  fc.constantFrom('Findings:', '## Gaps', '**Confidence**: high', 'Context needed:', '- a finding', '1. tokio', 'wrapped text', 'none', '', '  ', '```yaml', '````yaml', '```', '````', 'findings: [x]', 'confidence: HIGH', '\uFEFF'),
  fc.string({ maxLength: 8 }).map((text) => text.replace(/[\r\n]/g, '')),
);
const newline = fc.constantFrom('\n', '\r\n', '\r');

/** The whole-text reading, checked against the stream's `response` event under `cuts`. */
function readBoth(text: string, cuts: readonly number[]): ReturnType<typeof parseStructuredResponse> {
  const whole = parseStructuredResponse(text);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of [...cuts].map((at) => at % (text.length + 1)).sort((left, right) => left - right)) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  const run = runChunks(parseStructuredResponseStream(), chunks, { streamId: 's' });
  expect(run.output).toBe(text);
  const response = run.events.find((event) => event.name === 'response')?.event as { response: unknown; violations: unknown } | undefined;
  expect({ response: response?.response, violations: response?.violations }).toEqual(whole);
  return whole;
}

describe('line endings, a BOM and long fences', () => {
  const reply = 'Findings:\n- tokio is fast\nConfidence: HIGH\nGaps:\n- none\nContext needed:\n- none';
  test('the exact shapes: lone CR endings, a leading BOM, a four-backtick YAML reply', () => {
    const expected = parseStructuredResponse(reply);
    expect(expected.violations).toEqual([]);
    expect(parseStructuredResponse(reply.replaceAll('\n', '\r'))).toEqual(expected);
    expect(parseStructuredResponse(`\uFEFF${reply}`)).toEqual(expected);
    const yaml = '```yaml\nfindings: ["tokio is fast"]\nconfidence: HIGH\ngaps: []\ncontext_needed: []\n```';
    expect(parseStructuredResponse(`\uFEFF${yaml}`).response).toEqual(parseStructuredResponse(yaml).response);
    expect(parseStructuredResponse(yaml.replaceAll('```', '````').replaceAll('\n', '\r')).response).toEqual({ findings: ['tokio is fast'], confidence: 'HIGH', gaps: [], contextNeeded: [] });
  });

  test('property: any reply read with mixed CR, CRLF or LF endings and a leading BOM or not reads as with LF, whole or in any chunking (400 runs)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(replyLine, { maxLength: 10 }), fc.array(newline, { minLength: 10, maxLength: 10 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 5 }), (lines, endings, bom, cuts) => {
        let mixed = '';
        lines.forEach((line, index) => {
          let end = endings[index] ?? '\n';
          // A CR then an empty line ended by LF would be one CRLF ending: that line ends with CR too.
          if (line === '' && mixed.endsWith('\r') && end.startsWith('\n')) end = '\r';
          mixed += line + end;
        });
        expect(readBoth((bom ? '\uFEFF' : '') + mixed, cuts)).toEqual(readBoth(lines.map((line) => `${line}\n`).join(''), []));
      }),
      { numRuns: 400 },
    );
  });
});
