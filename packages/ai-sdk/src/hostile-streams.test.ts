import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { applyEdits, splitAt, type TextEdit } from '@parley/core/testing';
import { type RedactionEvent, redactSecretsStream } from '@parley/redaction';
import { generateText, Output, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { parleyMiddleware } from './parley-middleware';
import type { ParleyMiddlewareOptions } from './parley-options';

// Provider streams that break the rules a well-behaved provider keeps: reused ids, blocks that never
// end, deltas without a start, interleaved blocks whose raw events share a path, hostile ids.

type Part = LanguageModelV4StreamPart;

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage } as unknown as Part;

const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

async function run(parts: readonly Part[], options?: ParleyMiddlewareOptions, events?: RedactionEvent[]): Promise<Part[]> {
  const redactor = redactSecretsStream();
  if (events !== undefined) redactor.on('redaction', (event) => events.push(event));
  const middleware = parleyMiddleware(redactor, options);
  const stream = new ReadableStream<Part>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  const wrapped = await (middleware.wrapStream as (call: unknown) => Promise<{ stream: ReadableStream<Part> }>)({ doStream: async () => ({ stream }), params: {}, model: {} });
  const out: Part[] = [];
  for await (const part of wrapped.stream as unknown as AsyncIterable<Part>) out.push(part);
  return out;
}

const deltas = (parts: readonly Part[], type: string, id?: string): string =>
  parts
    .filter((part) => part.type === type && (id === undefined || (part as { id?: string }).id === id))
    .map((part) => (part as { delta: string }).delta)
    .join('');

const edits = (events: readonly RedactionEvent[], stream: string): TextEdit[] =>
  events.filter((event) => event.stream === stream).map(({ start, end, type }) => ({ start, end, replacement: `<REDACTED:${type}>` }));

describe('block structure a provider should not send', () => {
  test('a start for a block still open (a reused id): the open block releases what it held first', async () => {
    const out = await run([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'ok and AKI' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'second' },
      { type: 'text-end', id: 't' },
      finish,
    ]);
    expect(deltas(out, 'text-delta')).toBe('ok and AKIsecond');
    expect(out.filter((part) => part.type === 'text-start')).toHaveLength(2);
  });

  test("provider metadata on a delta whose text is held back (or empty, as Anthropic's thinking signature) is not dropped", async () => {
    const signature = { anthropic: { signature: 'sig-1' } };
    const out = await run([
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'I will use AKI' },
      { type: 'reasoning-delta', id: '0', delta: '', providerMetadata: signature },
      { type: 'reasoning-end', id: '0' },
      finish,
    ]);
    expect(out.filter((part) => part.type === 'reasoning-delta' && 'providerMetadata' in part).map((part) => (part as { providerMetadata: unknown }).providerMetadata)).toEqual([signature]);
    expect(deltas(out, 'reasoning-delta')).toBe('I will use AKI');
    expect(out[0]?.type).toBe('reasoning-start');
  });

  test('a block that is started and never ended nor written keeps its start part', async () => {
    const out = await run([{ type: 'reasoning-start', id: 'r' }, { type: 'text-start', id: 't' }, finish]);
    expect(out.map((part) => part.type)).toEqual(['reasoning-start', 'text-start', 'finish']);
  });

  test('ids such as __proto__ and constructor are ordinary ids', async () => {
    const out = await run([
      { type: 'text-start', id: '__proto__' },
      { type: 'text-delta', id: '__proto__', delta: `a ${token.slice(0, 10)}` },
      { type: 'reasoning-start', id: 'constructor' },
      { type: 'reasoning-delta', id: 'constructor', delta: 'thinking' },
      { type: 'text-delta', id: '__proto__', delta: `${token.slice(10)} today.` },
      { type: 'text-end', id: '__proto__' },
      finish,
    ]);
    expect(deltas(out, 'text-delta')).toBe('a <REDACTED:GITHUB_TOKEN> today.');
    expect(deltas(out, 'reasoning-delta')).toBe('thinking');
  });

  // The hard cases of held-back text: prefixes that could still become a secret when the block ends.
  const held = fc.constantFrom('ok and ', 'AKI', 'AK', 'x sk-pro', 'xox', 'glp', 'ghp_a1B2', ' ', '\n', 'é', '😀', 'see https://u:pa');
  const ids = fc.constantFrom('t', 'r', '__proto__', 'constructor', '');
  const step = fc.oneof(
    fc.record({ kind: fc.constantFrom('text', 'reasoning'), step: fc.constantFrom('start', 'end'), id: ids }),
    fc.record({
      kind: fc.constantFrom('text', 'reasoning'),
      step: fc.constant('delta'),
      id: ids,
      text: fc.array(held, { maxLength: 3 }).map((list) => list.join('')),
      // Provider metadata on a delta (Anthropic sends a thinking signature on an empty reasoning delta).
      metadata: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('tool'), step: fc.constant('call'), id: ids }),
  );

  test(
    'for any sequence of starts, deltas and ends (reused ids, deltas after end, blocks never ended) and any chunking, no text is lost and no other part is lost or reordered',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 14 }), fc.array(fc.nat(6), { maxLength: 6 }), async (steps, cuts) => {
          const parts: Part[] = [];
          for (const [index, item] of steps.entries()) {
            if (item.kind === 'tool') parts.push({ type: 'tool-call', toolCallId: `c${index}`, toolName: 'x', input: '{}' });
            else if (item.step === 'delta') {
              const { text, metadata } = item as { text: string; metadata: boolean };
              for (const delta of splitAt(text, cuts)) parts.push({ type: `${item.kind}-delta`, id: item.id, delta, ...(metadata ? { providerMetadata: { test: { step: index } } } : {}) } as Part);
            }
            else parts.push({ type: `${item.kind}-${item.step}`, id: item.id } as Part);
          }
          parts.push(finish);
          const events: RedactionEvent[] = [];
          const out = await run(parts, undefined, events);
          // These inputs hold no secret: every delta's text comes out, per block id, in order.
          expect(events).toEqual([]);
          for (const kind of ['text', 'reasoning']) for (const id of ['t', 'r', '__proto__', 'constructor', '']) expect(deltas(out, `${kind}-delta`, id)).toBe(deltas(parts, `${kind}-delta`, id));
          // Parts that are not deltas: the same, and those that are not block parts in the same order.
          const sorted = (list: readonly Part[]) => list.filter((part) => !part.type.endsWith('-delta')).map((part) => JSON.stringify(part)).sort();
          expect(sorted(out)).toEqual(sorted(parts));
          const others = (list: readonly Part[]) => list.filter((part) => !/^(?:text|reasoning)-/u.test(part.type));
          expect(others(out)).toEqual(others(parts));
          // Every piece of provider metadata on a delta comes out, in order, on a delta of its block.
          const metadata = (list: readonly Part[], type: string, id: string) =>
            list.filter((part) => part.type === type && (part as { id: string }).id === id && 'providerMetadata' in part).map((part) => JSON.stringify((part as { providerMetadata: unknown }).providerMetadata));
          for (const type of ['text-delta', 'reasoning-delta']) for (const id of ['t', 'r', '__proto__', 'constructor', '']) expect(metadata(out, type, id)).toEqual(metadata(parts, type, id));
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('a provider stream that errors mid-way', () => {
  /** Reads the wrapped stream of `parts` followed by a stream error; returns the parts and the error. */
  async function runFailing(parts: readonly Part[], events?: RedactionEvent[]): Promise<{ out: Part[]; error: unknown }> {
    const redactor = redactSecretsStream();
    if (events !== undefined) redactor.on('redaction', (event) => events.push(event));
    const middleware = parleyMiddleware(redactor);
    let index = 0;
    const stream = new ReadableStream<Part>({
      pull(controller) {
        const part = parts[index++];
        if (part === undefined) controller.error(new Error('connection reset'));
        else controller.enqueue(part);
      },
    });
    const wrapped = await (middleware.wrapStream as (call: unknown) => Promise<{ stream: ReadableStream<Part> }>)({ doStream: async () => ({ stream }), params: {}, model: {} });
    const out: Part[] = [];
    try {
      for await (const part of wrapped.stream as unknown as AsyncIterable<Part>) out.push(part);
    } catch (error) {
      return { out, error };
    }
    return { out, error: undefined };
  }

  test('what the sessions held comes out before the error', async () => {
    const { out, error } = await runFailing([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'ok and AKI' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'see https://u:pa' },
    ]);
    expect(String(error)).toContain('connection reset');
    expect(deltas(out, 'text-delta')).toBe('ok and AKI');
    expect(deltas(out, 'reasoning-delta')).toBe('see https://u:pa');
  });

  test('through streamText: the held text reaches the result before the error does', async () => {
    const parts: Part[] = [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok and ' }, { type: 'text-delta', id: 't', delta: 'AKI' }];
    let index = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: new ReadableStream<Part>({
          pull(controller) {
            const part = parts[index++];
            if (part === undefined) controller.error(new Error('connection reset'));
            else controller.enqueue(part);
          },
        }),
      }),
    });
    const errors: unknown[] = [];
    const result = streamText({ model: wrapLanguageModel({ model, middleware: parleyMiddleware(redactSecretsStream()) }), prompt: 'go', maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    const texts: string[] = [];
    let thrown: unknown;
    try {
      for await (const part of result.fullStream) if (part.type === 'text-delta') texts.push(part.text);
    } catch (error) {
      thrown = error;
    }
    expect(texts.join('')).toBe('ok and AKI');
    expect(String(thrown ?? errors[0])).toContain('connection reset');
  });

  test(
    'for any secret, chunking and point of failure: the text before the failure is lossless, no piece of the secret comes out, and the error is passed on (fast-check)',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...samples), fc.array(fc.nat(200), { maxLength: 10 }), fc.nat(12), async (secret, offsets, failAfter) => {
          const text = `Here it is: ${secret.text} — and ok and AKI`;
          const chunks = splitAt(text, offsets);
          const sent = chunks.slice(0, failAfter);
          const parts: Part[] = [{ type: 'text-start', id: 't' }, ...sent.map((delta): Part => ({ type: 'text-delta', id: 't', delta }))];
          const events: RedactionEvent[] = [];
          const { out, error } = await runFailing(parts, events);
          expect(String(error)).toContain('connection reset');
          expect(deltas(out, 'text-delta')).toBe(applyEdits(sent.join(''), edits(events, 'ai-sdk:t')));
          if (sent.join('').includes(secret.text)) for (const piece of pieces(secret.secret)) expect(JSON.stringify(out)).not.toContain(piece);
        }),
        { numRuns: 150 },
      );
    },
  );
});

describe("tool inputs with toolInputs: 'transform'", () => {
  test('a delta without a start, or after the end, is read all the same', async () => {
    const input = `{"k":"${token}"}`;
    const withoutStart = await run([{ type: 'tool-input-delta', id: 'c', delta: input.slice(0, 12) }, { type: 'tool-input-delta', id: 'c', delta: input.slice(12) }, finish], { toolInputs: 'transform' });
    expect(deltas(withoutStart, 'tool-input-delta')).toBe('{"k":"<REDACTED:GITHUB_TOKEN>"}');
    const afterEnd = await run(
      [{ type: 'tool-input-start', id: 'c', toolName: 'x' }, { type: 'tool-input-delta', id: 'c', delta: '{}' }, { type: 'tool-input-end', id: 'c' }, { type: 'tool-input-delta', id: 'c', delta: input }, finish],
      { toolInputs: 'transform' },
    );
    expect(JSON.stringify(afterEnd)).not.toContain(token.slice(4, 12));
  });

  test('a secret in a key or in an unquoted value is transformed; numbers keep their exact spelling', async () => {
    const streamed = `{"${token}": 1, "v": ${token}}`;
    const out = await run([{ type: 'tool-input-start', id: 'c', toolName: 'x' }, { type: 'tool-input-delta', id: 'c', delta: streamed }, { type: 'tool-input-end', id: 'c' }, finish], { toolInputs: 'transform' });
    expect(deltas(out, 'tool-input-delta')).toBe('{"<REDACTED:GITHUB_TOKEN>": 1, "v": <REDACTED:GITHUB_TOKEN>}');
    const input = '{"id": 12345678901234567891, "ratio": 1.0, "note": "ok"}';
    const call = await run([{ type: 'tool-call', toolCallId: 'c', toolName: 'x', input }, finish], { toolInputs: 'transform' });
    expect((call[0] as { input: string }).input).toBe(input);
  });

  const hard = fc.constantFrom(token, 'ghp_', 'a"b', 'back\\slash', 'é😀', '\u0000\n', 'ok');
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, hard, fc.constantFrom(12345678901234567891n, 1.5, -0, 1e21), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 3 }),
    object: fc.dictionary(hard, tie('value'), { maxKeys: 3 }),
  })).value;
  const serialise = (value: unknown, pretty: boolean): string =>
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `\u0001${item}\u0001` : item), pretty ? 1 : undefined).replaceAll(/"\\u0001(\d+)\\u0001"/gu, '$1');

  test(
    'for any JSON input (secrets in keys and values, escapes, surrogates, big numbers), any chunking, with or without a start: no piece of the secret in any part, the deltas and the final call agree',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(json, fc.boolean(), fc.boolean(), fc.array(fc.nat(120), { maxLength: 10 }), async (value, pretty, withStart, offsets) => {
          const input = serialise(value, pretty);
          const parts: Part[] = [
            ...(withStart ? [{ type: 'tool-input-start', id: 'c', toolName: 'x' } as Part] : []),
            ...splitAt(input, offsets).map((delta): Part => ({ type: 'tool-input-delta', id: 'c', delta })),
            ...(withStart ? [{ type: 'tool-input-end', id: 'c' } as Part] : []),
            { type: 'tool-call', toolCallId: 'c', toolName: 'x', input },
            finish,
          ];
          const out = await run(parts, { toolInputs: 'transform' });
          const everything = JSON.stringify(out);
          for (const piece of pieces(token)) expect(everything).not.toContain(piece);
          const streamed = deltas(out, 'tool-input-delta');
          const call = (out.find((part) => part.type === 'tool-call') as { input: string }).input;
          expect(JSON.parse(streamed)).toEqual(JSON.parse(call));
          // Without a secret in it, the final input is exactly what the model wrote.
          if (!input.includes(token)) expect(call).toBe(input);
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe('raw chunks of interleaved blocks', () => {
  /** OpenAI Responses API events: a text and a reasoning summary both stream at `delta`. */
  const responses = (block: 'text' | 'reasoning', delta: string): Part => ({
    type: 'raw',
    rawValue:
      block === 'text'
        ? { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta, sequence_number: 0 }
        : { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta, sequence_number: 0 },
  });
  /** Anthropic events: blocks told apart by `index`, text at `delta.text`. */
  const anthropic = (block: 'text' | 'reasoning', delta: string): Part => ({ type: 'raw', rawValue: { type: 'content_block_delta', index: block === 'text' ? 1 : 0, delta: { type: 'text_delta', text: delta } } });

  /** Joins the text `read` finds in the raw values whose top-level `field` equals `value` (tails included). */
  const rawText = (parts: readonly Part[], read: (value: Record<string, unknown>) => unknown, field: string, value: unknown): string =>
    parts
      .filter((part) => part.type === 'raw')
      .map((part) => (part as { rawValue: Record<string, unknown> }).rawValue)
      .filter((raw) => raw[field] === value)
      .map((raw) => read(raw))
      .filter((text): text is string => typeof text === 'string')
      .join('');

  test('a secret in a text block whose raw events interleave with a reasoning block at the same path does not leak', async () => {
    const text = `Here: ${token} ok.`;
    const parts = [responses('text', text.slice(0, 16)), responses('reasoning', 'Let me check. '), responses('text', text.slice(16)), finish];
    const out = await run(parts);
    expect(JSON.stringify(out)).not.toContain(token.slice(4, 12));
    expect(rawText(out, (raw) => raw['delta'], 'output_index', 1)).toBe('Here: <REDACTED:GITHUB_TOKEN> ok.');
    expect(rawText(out, (raw) => raw['delta'], 'output_index', 0)).toBe('Let me check. ');
  });

  test(
    'for any interleaving of two blocks in the Responses and Anthropic shapes, any secret and any chunking: no piece leaks, and each block’s raw text is lossless',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...samples),
          fc.constantFrom(...samples),
          fc.array(fc.nat(200), { maxLength: 8 }),
          fc.array(fc.nat(200), { maxLength: 8 }),
          fc.array(fc.boolean(), { maxLength: 20 }),
          fc.constantFrom('responses', 'anthropic'),
          async (textSecret, reasoningSecret, textOffsets, reasoningOffsets, order, shape) => {
            const text = `Here it is: ${textSecret.text} ok.`;
            const reasoning = `The user pasted ${reasoningSecret.text} earlier.`;
            const make = shape === 'responses' ? responses : anthropic;
            const textChunks = splitAt(text, textOffsets);
            const reasoningChunks = splitAt(reasoning, reasoningOffsets);
            const parts: Part[] = [];
            let choice = 0;
            while (textChunks.length > 0 || reasoningChunks.length > 0) {
              const takeText = reasoningChunks.length === 0 || (textChunks.length > 0 && (order[choice++ % Math.max(order.length, 1)] ?? true));
              parts.push(takeText ? make('text', textChunks.shift() as string) : make('reasoning', reasoningChunks.shift() as string));
            }
            parts.push(finish);
            const events: RedactionEvent[] = [];
            const out = await run(parts, undefined, events);
            const everything = JSON.stringify(out);
            for (const secret of [textSecret.secret, reasoningSecret.secret]) for (const piece of pieces(secret)) expect(everything).not.toContain(piece);
            if (shape === 'responses') {
              const read = (raw: Record<string, unknown>) => raw['delta'];
              expect(rawText(out, read, 'output_index', 1)).toBe(applyEdits(text, edits(events, 'ai-sdk:raw:delta@type=response.output_text.delta,item_id=msg_1,output_index=1,content_index=0')));
              expect(rawText(out, read, 'output_index', 0)).toBe(applyEdits(reasoning, edits(events, 'ai-sdk:raw:delta@type=response.reasoning_summary_text.delta,item_id=rs_1,output_index=0,summary_index=0')));
            } else {
              const read = (raw: Record<string, unknown>) => (raw['delta'] as { text?: unknown } | undefined)?.text;
              expect(rawText(out, read, 'index', 1)).toBe(applyEdits(text, edits(events, 'ai-sdk:raw:delta.text@type=content_block_delta,index=1')));
              expect(rawText(out, read, 'index', 0)).toBe(applyEdits(reasoning, edits(events, 'ai-sdk:raw:delta.text@type=content_block_delta,index=0')));
            }
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

test('two streams at once through one wrapped model share no state', async () => {
  const script = (word: string): Part[] => [
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: `${word} ${token.slice(0, 10)}` },
    { type: 'text-delta', id: 't', delta: `${token.slice(10)}\n\nAKI` },
    { type: 'text-delta', id: 't', delta: `${word} end` },
    { type: 'text-end', id: 't' },
    finish,
  ];
  const middleware = parleyMiddleware(redactSecretsStream());
  const wrap = async (parts: readonly Part[]): Promise<ReadableStream<Part>> => {
    const stream = new ReadableStream<Part>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    return (await (middleware.wrapStream as (call: unknown) => Promise<{ stream: ReadableStream<Part> }>)({ doStream: async () => ({ stream }), params: {}, model: {} })).stream;
  };
  // Read in turns, part by part.
  const readers = [await wrap(script('first')), await wrap(script('second'))].map((stream) => stream.getReader());
  const outs: Part[][] = [[], []];
  let open = readers.length;
  while (open > 0) {
    open = 0;
    for (const [index, reader] of readers.entries()) {
      const next = await reader.read();
      if (next.done) continue;
      open += 1;
      outs[index]?.push(next.value);
    }
  }
  expect(outs).toEqual([await run(script('first')), await run(script('second'))]);
  expect(deltas(outs[0] ?? [], 'text-delta')).toContain('first <REDACTED:GITHUB_TOKEN>');
});

test('structured output (Output.object): the generated object, the streamed partial objects and the final one carry no piece of the secret', async () => {
  const json = JSON.stringify({ key: `use ${token} now`, n: 1 });
  const parts: Part[] = [
    { type: 'text-start', id: 't' },
    ...[json.slice(0, 15), json.slice(15, 30), json.slice(30)].map((delta): Part => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    finish,
  ];
  const model = () =>
    wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({ stream: new ReadableStream<Part>({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }) }),
        doGenerate: async () => ({ content: [{ type: 'text', text: json }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) as never,
      }),
      middleware: parleyMiddleware(redactSecretsStream()),
    });
  const schema = z.object({ key: z.string(), n: z.number() });
  const generated = await generateText({ model: model(), prompt: 'go', output: Output.object({ schema }) });
  expect(generated.output).toEqual({ key: 'use <REDACTED:GITHUB_TOKEN> now', n: 1 });
  const streamed = streamText({ model: model(), prompt: 'go', output: Output.object({ schema }) });
  const partials: unknown[] = [];
  for await (const partial of streamed.partialOutputStream) partials.push(partial);
  expect(await streamed.output).toEqual({ key: 'use <REDACTED:GITHUB_TOKEN> now', n: 1 });
  expect(JSON.stringify([generated, partials])).not.toContain(token.slice(4, 12));
});

describe('JSON-like values', () => {
  test('a __proto__ key in a raw chunk or the response body is kept as a key, not turned into a prototype', async () => {
    const out = await run([{ type: 'raw', rawValue: JSON.parse('{"__proto__": {"content": "hello"}, "x": 1}') as unknown }, finish]);
    const raw = out.filter((part) => part.type === 'raw').map((part) => (part as { rawValue: Record<string, unknown> }).rawValue);
    expect(Object.getPrototypeOf(raw[0])).toBe(Object.prototype);
    expect(Object.hasOwn(raw[0] as object, '__proto__')).toBe(true);
    expect(raw.map((value) => JSON.stringify(value)).join('')).toContain('hello');
  });
});
