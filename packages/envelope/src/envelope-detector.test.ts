// The detector reads lines and fences as CommonMark does (adversary report a9): a leading byte
// order mark is not prose, a lone CR ends a line as CRLF and LF do, and a fence of four or more
// backticks is a fence (closed by one at least as long). Invariants, for any response and any
// chunking of the stream: the line endings chosen, a leading BOM and the fence's length never change
// what is detected.
import { expectChunkInvariant, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { review, reviewYaml } from './__fixtures__/responses';
import { detectEnvelope } from './detect-envelope';
import { detectEnvelopeStream } from './detect-envelope-stream';
import { parseSubagentResponse } from './parse-subagent-response';

const codes = (text: string): string[] => detectEnvelope(text).violations.map((violation) => violation.code);
const valid = '```yaml\nschema_version: "1"\nstatus: ok\nsummary: "ok"\nreported_by: ["staff-engineer"]\n_marker: "p-7f3a"\n```';

/** What the whole-text detector and the stream (split at `cuts`) found: they must agree. */
function detected(text: string, cuts: readonly number[] = []): { yaml: string | undefined; codes: string[] } {
  const whole = detectEnvelope(text);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((left, right) => left - right)) {
    chunks.push(text.slice(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  chunks.push(text.slice(from));
  const run = runChunks(detectEnvelopeStream(), chunks, { streamId: 's' });
  expect(run.output).toBe(text);
  const field = (event: unknown, key: string): unknown => (event as Record<string, unknown> | undefined)?.[key];
  const streamed = {
    yaml: field(run.events.find((event) => event.name === 'envelope')?.event, 'yaml') as string | undefined,
    codes: run.events.filter((event) => event.name === 'violation').map((event) => field(event.event, 'code') as string),
  };
  const result = { yaml: whole.yaml, codes: whole.violations.map((violation) => violation.code) };
  expect(streamed).toEqual(result);
  return result;
}

describe('the exact reported shapes', () => {
  test('a leading BOM is not prose: the envelope is found and the response parses as ok', async () => {
    expect(detectEnvelope(`\uFEFF${review}`)).toEqual({ yaml: reviewYaml, violations: [] });
    expect((await parseSubagentResponse(`\uFEFF${valid}`)).envelope.status).toBe('ok');
    expectChunkInvariant(detectEnvelopeStream(), `\uFEFF${review}`, { randomChunkings: 20 });
  });

  test('a BOM anywhere else is still content', () => {
    expect(codes(`\n\uFEFF${review}`)).toEqual(codes(`\nx${review}`));
    expect(codes(`\uFEFF\uFEFF${review}`)).toEqual(codes(`x${review}`));
  });

  test('lone CR line endings are line endings', async () => {
    expect(detectEnvelope(review.replaceAll('\n', '\r'))).toEqual({ yaml: reviewYaml, violations: [] });
    expect((await parseSubagentResponse(valid.replaceAll('\n', '\r'))).envelope.status).toBe('ok');
    expect(detectEnvelope('```yaml\r\nstatus: ok\r\r\n```\r')).toEqual({ yaml: 'status: ok\n', violations: [] });
    expectChunkInvariant(detectEnvelopeStream(), review.replaceAll('\n', '\r'), { randomChunkings: 20 });
  });

  test('a fence of four backticks is a fence; a shorter line inside it is content', async () => {
    expect(detectEnvelope(`\`\`\`\`yaml\nstatus: ok\n\`\`\`\``)).toEqual({ yaml: 'status: ok', violations: [] });
    expect(detectEnvelope('````yaml\nnote: |\n  ```\n  code\n  ```\n`````')).toEqual({ yaml: 'note: |\n  ```\n  code\n  ```', violations: [] });
    expect(codes('````yaml\nstatus: ok\n```')).toEqual(['UNCLOSED_FENCE']);
    expect((await parseSubagentResponse(valid.replace(/^```yaml/, '````yaml').replace(/```$/, '````'))).envelope.status).toBe('ok');
  });

  test('what stays a violation', () => {
    expect(codes('``yaml\nstatus: ok\n``')).toEqual(['PROSE_BEFORE_FENCE', 'NO_ENVELOPE']);
    expect(codes('    ```yaml\nstatus: ok\n```')).toEqual(['PROSE_BEFORE_FENCE', 'FENCE_NOT_YAML']);
    expect(codes('````json\n{}\n````')).toEqual(['FENCE_NOT_YAML']);
    expect(codes(`${review}\n\`\`\`\`\`yaml\na: 1\n\`\`\`\`\``)).toEqual(['SECOND_BLOCK']);
  });
});

/** Lines of a response, biased to fences of every length, tags, blanks and prose; no line endings inside. */
const line = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('', ' ', '   ', '    '), fc.integer({ min: 2, max: 6 }), fc.constantFrom('', 'yaml', 'yml', 'YAML', 'json', ' yaml ', 'yaml x', '`')).map(([indent, ticks, tag]) => `${indent}${'`'.repeat(ticks)}${tag}`) },
  { weight: 3, arbitrary: fc.constantFrom('status: ok', 'summary: "x"', '', '  ', 'prose', '\uFEFF', '\t', 'a\u2028b') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((text) => text.replace(/[\r\n]/g, '')) },
);
const lines = fc.array(line, { maxLength: 10 });
const ending = fc.constantFrom('\n', '\r\n', '\r');
const cuts = fc.array(fc.nat(), { maxLength: 6 });

describe('properties (any chunking of the stream agrees with the whole text)', () => {
  test('any line endings, mixed per line, detect what LF endings do (500 runs)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(lines, fc.array(ending, { minLength: 10, maxLength: 10 }), fc.boolean(), cuts, (parts, endings, trailing, splits) => {
        const withLf = parts.join('\n') + (trailing ? '\n' : '');
        let mixed = '';
        parts.forEach((part, index) => {
          if (index === parts.length - 1 && !trailing) {
            mixed += part;
            return;
          }
          let end = endings[index] ?? '\n';
          // A CR then an empty line ended by LF would be one CRLF ending: that line ends with CR too.
          if (part === '' && mixed.endsWith('\r') && end.startsWith('\n')) end = '\r';
          mixed += part + end;
        });
        const at = splits.map((split) => split % (mixed.length + 1));
        expect(detected(mixed, at)).toEqual(detected(withLf));
      }),
      { numRuns: 500 },
    );
  });

  test('a leading BOM detects what the response without it does (500 runs)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(lines, ending, cuts, (parts, newline, splits) => {
        const text = parts.join(newline);
        const at = splits.map((split) => split % (text.length + 2));
        expect(detected(`\uFEFF${text}`, at)).toEqual(detected(text));
      }),
      { numRuns: 500 },
    );
  });

  test('an envelope fenced by n >= 3 backticks and closed by m >= n holds the same YAML, even with shorter fences inside (300 runs)', { timeout: 120_000 }, () => {
    const body = fc.array(fc.oneof(fc.constantFrom('status: ok', 'summary: "x"', 'note: |', '  text', ''), fc.integer({ min: 1, max: 8 }).map((ticks) => `  ${'`'.repeat(ticks)}`)), { maxLength: 6 });
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 4 }), body, ending, cuts, (open, extra, bodyLines, newline, splits) => {
        const inside = bodyLines.map((bodyLine) => (bodyLine.trim().length >= open ? bodyLine.slice(0, 2) + '`'.repeat(open - 1) : bodyLine));
        const text = [`${'`'.repeat(open)}yaml`, ...inside, '`'.repeat(open + extra)].join(newline);
        const at = splits.map((split) => split % (text.length + 1));
        expect(detected(text, at)).toEqual({ yaml: inside.join('\n'), codes: [] });
        // A closer shorter than the opener closes nothing.
        const short = [`${'`'.repeat(open + 1)}yaml`, ...inside, '`'.repeat(open)].join(newline);
        expect(detected(short, at).codes).toEqual(['UNCLOSED_FENCE']);
      }),
      { numRuns: 300 },
    );
  });
});

/** Characters the copying and searching string methods produced or passed over while `work` ran: a work count, not a clock. */
function charactersWorked(work: () => void): number {
  let worked = 0;
  const originals = new Map<string, unknown>();
  const prototype = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['slice', 'substring', 'trim', 'toLowerCase', 'split', 'replace', 'indexOf', 'includes']) {
    const original = prototype[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    Object.defineProperty(String.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: string, ...args: unknown[]): unknown {
        const result = original.apply(this, args);
        if (typeof result === 'string' || Array.isArray(result)) worked += result.length;
        else if (name === 'indexOf') worked += ((result as number) < 0 ? this.length : (result as number)) - Math.max(0, Math.min(Number(args[1] ?? 0), this.length));
        else if (name === 'includes') worked += this.length;
        return result;
      },
    });
  }
  try {
    work();
  } finally {
    for (const [name, original] of originals) Object.defineProperty(String.prototype, name, { configurable: true, writable: true, value: original });
  }
  return worked;
}

describe('linear work (a9: the cousins of the negotiation parser, with CR endings)', () => {
  test('property: a repeated mix of fence, prose and YAML lines with any line endings, whole or chunked, costs at most 40 characters per input character (150 runs)', { timeout: 120_000 }, () => {
    const reply = fc
      .tuple(fc.array(line, { minLength: 1, maxLength: 5 }), fc.integer({ min: 200, max: 2000 }), ending, fc.integer({ min: 1, max: 4096 }))
      .map(([parts, times, newline, size]) => ({ text: `${parts.join(newline)}${newline}`.repeat(times), size }));
    fc.assert(
      fc.property(reply, ({ text, size }) => {
        expect(charactersWorked(() => detectEnvelope(text))).toBeLessThanOrEqual(40 * text.length + 1024);
        const chunks: string[] = [];
        for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
        expect(charactersWorked(() => runChunks(detectEnvelopeStream(), chunks, { streamId: 's' }))).toBeLessThanOrEqual(40 * text.length + 1024);
      }),
      { numRuns: 150 },
    );
  });
});
