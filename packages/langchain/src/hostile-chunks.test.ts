import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { applyEdits, splitAt, type TextEdit } from '@parley/core/testing';
import { type RedactionEvent, redactSecretsStream } from '@parley/redaction';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { withParley } from './with-parley';

// Chunk shapes the first adapter did not read (Bedrock reasoning blocks, text blocks spelled another
// way, a plain `reasoning` kwarg), tool-call arguments, structured output, and concurrent calls.

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

type ChunkFields = ConstructorParameters<typeof AIMessageChunk>[0] & { readonly content: AIMessageChunk['content'] };

/** Streams fresh copies of the given chunks; binds tools to itself. */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: readonly ChunkFields[]) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  override bindTools(): this {
    return this;
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    for (const message of this.script) {
      await Promise.resolve();
      yield new ChatGenerationChunk({ text: typeof message.content === 'string' ? message.content : '', message: new AIMessageChunk(structuredClone(message)) });
    }
  }
}

async function streamAll(model: { stream(input: string): Promise<AsyncIterable<AIMessageChunk>> }): Promise<AIMessageChunk[]> {
  const chunks: AIMessageChunk[] = [];
  for await (const chunk of await model.stream('go')) chunks.push(chunk);
  return chunks;
}

const gather = (chunks: readonly AIMessageChunk[]): AIMessageChunk => chunks.reduce((left, right) => left.concat(right));
const serialised = (chunks: readonly BaseMessage[]): string => chunks.flatMap((chunk) => [JSON.stringify(chunk.toDict()), JSON.stringify(chunk)]).join('\u0000');

type Shape = 'reasoning_content block' | 'thinking chunks' | 'reasoning kwarg' | 'refusal' | 'text_delta' | 'output_text';

/** A chunk carrying a piece of text in one of the shapes, and how to read that text back. */
const shapes: Record<Shape, { readonly chunk: (piece: string) => ChunkFields; readonly read: (message: AIMessageChunk) => string }> = {
  // Bedrock Converse (@langchain/aws) reasoning.
  'reasoning_content block': {
    chunk: (piece) => ({ content: [{ type: 'reasoning_content', reasoningText: { text: piece } }] }),
    read: (message) =>
      (message.content as Array<Record<string, unknown>>)
        .filter((block) => block['type'] === 'reasoning_content')
        .map((block) => String((block['reasoningText'] as { text: string }).text))
        .join(''),
  },
  // Mistral (Magistral): thinking as a list of text chunks.
  'thinking chunks': {
    chunk: (piece) => ({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: piece }], index: 0 }] }),
    read: (message) =>
      (message.content as Array<Record<string, unknown>>)
        .filter((block) => block['type'] === 'thinking')
        .flatMap((block) => (Array.isArray(block['thinking']) ? (block['thinking'] as Array<{ text?: string }>) : [{ text: String(block['thinking']) }]))
        .map((part) => part.text ?? '')
        .join(''),
  },
  // OpenAI-compatible providers that stream `reasoning` as a string.
  'reasoning kwarg': {
    chunk: (piece) => ({ content: '', additional_kwargs: { reasoning: piece } }),
    read: (message) => String((message.additional_kwargs as Record<string, unknown>)['reasoning'] ?? ''),
  },
  // OpenAI's refusal message: the model's words to the user.
  refusal: {
    chunk: (piece) => ({ content: '', additional_kwargs: { refusal: piece } }),
    read: (message) => String((message.additional_kwargs as Record<string, unknown>)['refusal'] ?? ''),
  },
  'text_delta': {
    chunk: (piece) => ({ content: [{ type: 'text_delta', text: piece, index: 0 }] }),
    read: (message) =>
      (message.content as Array<Record<string, unknown>>)
        // What the session still held at the end comes as a last chunk of string content (a \`text\` block once gathered).
        .filter((block) => block['type'] === 'text_delta' || block['type'] === 'text')
        .map((block) => String(block['text']))
        .join(''),
  },
  'output_text': {
    chunk: (piece) => ({ content: [{ type: 'output_text', text: piece, index: 0 }] }),
    read: (message) =>
      (message.content as Array<Record<string, unknown>>)
        // What the session still held at the end comes as a last chunk of string content (a \`text\` block once gathered).
        .filter((block) => block['type'] === 'output_text' || block['type'] === 'text')
        .map((block) => String(block['text']))
        .join(''),
  },
};

const edits = (events: readonly RedactionEvent[], stream: (id: string) => boolean): TextEdit[] =>
  events.filter((event) => stream(event.stream)).map(({ start, end, type }) => ({ start, end, replacement: `<REDACTED:${type}>` }));

describe('every shape of text and reasoning goes through the middleware', () => {
  test.each(Object.keys(shapes) as Shape[])('%s: a secret split across chunks is redacted', async (shape) => {
    const { chunk, read } = shapes[shape];
    const model = withParley(new ScriptedChatModel([chunk(`The key is ${token.slice(0, 10)}`), chunk(token.slice(10, 30)), chunk(`${token.slice(30)} ok`)]), redactSecretsStream());
    const chunks = await streamAll(model);
    expect(serialised(chunks)).not.toContain(token.slice(4, 12));
    expect(read(gather(chunks))).toBe('The key is <REDACTED:GITHUB_TOKEN> ok');
  });

  test("a refusal goes through the middleware even with reasoning: 'passthrough'", async () => {
    const model = withParley(new ScriptedChatModel([shapes.refusal.chunk(`I cannot use ${token.slice(0, 9)}`), shapes.refusal.chunk(`${token.slice(9)} here.`)]), redactSecretsStream(), { reasoning: 'passthrough' });
    const chunks = await streamAll(model);
    expect(serialised(chunks)).not.toContain(token.slice(4, 12));
    expect(shapes.refusal.read(gather(chunks))).toBe('I cannot use <REDACTED:GITHUB_TOKEN> here.');
  });

  test(
    'for any of these shapes, any secret and any chunking: no 8-character piece reaches any chunk, and the text is lossless (fast-check)',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...(Object.keys(shapes) as Shape[])), fc.constantFrom(...samples), fc.array(fc.nat(300), { maxLength: 10 }), async (shape, secret, offsets) => {
          const { chunk, read } = shapes[shape];
          const text = `Here it is: ${secret.text} — keep it safe.`;
          const redactor = redactSecretsStream();
          const events: RedactionEvent[] = [];
          redactor.on('redaction', (event) => events.push(event));
          const chunks = await streamAll(withParley(new ScriptedChatModel(splitAt(text, offsets).map(chunk)), redactor, { context: { streamId: 'call' } }));
          const everything = serialised(chunks);
          for (const piece of pieces(secret.secret)) expect(everything).not.toContain(piece);
          expect(read(gather(chunks))).toBe(applyEdits(text, edits(events, () => true)));
        }),
        { numRuns: 120 },
      );
    },
  );
});

describe('tool-call arguments', () => {
  const argsChunks = (args: string, offsets: readonly number[]): ChunkFields[] =>
    splitAt(args, offsets).map((piece, position) => ({
      content: '',
      tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: piece, ...(position === 0 ? { id: 'call-1', name: 'rotate' } : {}) }],
    }));

  test("are left as written by default; toolInputs: 'transform' runs them through the middleware", async () => {
    const args = JSON.stringify({ key: token, note: 'rotate' });
    const script = argsChunks(args, [12, 30]);
    const kept = gather(await streamAll(withParley(new ScriptedChatModel(script), redactSecretsStream())));
    expect(kept.tool_calls?.[0]?.args).toEqual({ key: token, note: 'rotate' });
    const chunks = await streamAll(withParley(new ScriptedChatModel(script), redactSecretsStream(), { toolInputs: 'transform' }));
    expect(serialised(chunks)).not.toContain(token.slice(4, 12));
    expect(gather(chunks).tool_calls?.[0]).toMatchObject({ name: 'rotate', id: 'call-1', args: { key: '<REDACTED:GITHUB_TOKEN>', note: 'rotate' } });
  });

  test(
    "with toolInputs: 'transform', for any secret and any chunking of the arguments: no piece in any chunk, and the arguments are their text with the reported redactions (fast-check)",
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...samples), fc.array(fc.nat(200), { maxLength: 10 }), async (secret, offsets) => {
          const args = JSON.stringify({ note: `use ${secret.text}`, count: 12345678901234567891n.toString() });
          const redactor = redactSecretsStream();
          const events: RedactionEvent[] = [];
          redactor.on('redaction', (event) => events.push(event));
          const model = withParley(new ScriptedChatModel(argsChunks(args, offsets)), redactor, { toolInputs: 'transform', context: { streamId: 'call' } });
          const chunks = await streamAll(model);
          const gathered = gather(chunks);
          const everything = serialised([...chunks, gathered]);
          for (const piece of pieces(secret.secret)) expect(everything).not.toContain(piece);
          expect(gathered.tool_calls?.[0]?.args).toEqual(JSON.parse(applyEdits(args, edits(events, (id) => id === 'call:tool-call:0'))));
        }),
        { numRuns: 120 },
      );
    },
  );
});

describe('copies of the whole reply beside the stream', () => {
  test(
    "for any secret and chunking, the final output items (response_metadata.output) and the parsed structured output carry no piece of it; identifiers are kept (fast-check)",
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...samples), fc.array(fc.nat(200), { maxLength: 8 }), fc.boolean(), async (secret, offsets, toolInputs) => {
          const text = `Here it is: ${secret.text} — keep it safe.`;
          const output = [
            { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text }], encrypted_content: 'opaque' },
            { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] },
            // Tool arguments are tool inputs: transformed only when asked.
            ...(toolInputs ? [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'note', arguments: JSON.stringify({ text }) }] : []),
          ];
          const script: ChunkFields[] = [
            ...splitAt(text, offsets).map((piece): ChunkFields => ({ content: [{ type: 'text', text: piece, index: 0 }] })),
            { content: '', response_metadata: { output }, additional_kwargs: { parsed: { answer: text, list: [text] } } },
          ];
          const model = withParley(new ScriptedChatModel(script), redactSecretsStream(), { toolInputs: toolInputs ? 'transform' : 'passthrough' });
          const chunks = await streamAll(model);
          const invoked = await model.invoke('go');
          const metadataOutput = invoked.response_metadata['output'] as Array<Record<string, unknown>>;
          const everything = serialised([...chunks, gather(chunks), invoked]);
          for (const piece of pieces(secret.secret)) expect(everything).not.toContain(piece);
          expect(metadataOutput.map((item) => [item['id'], item['type']])).toEqual(output.map((item) => [item.id, item.type]));
          expect(metadataOutput[0]?.['encrypted_content']).toBe('opaque');
        }),
        { numRuns: 120 },
      );
    },
  );
});

describe('an inner stream that fails mid-way', () => {
  /** Streams its chunks, then throws as a dropped connection does. */
  class FailingChatModel extends ScriptedChatModel {
    override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
      yield* super._streamResponseChunks();
      throw new Error('connection reset');
    }
  }

  async function streamUntilError(model: ReturnType<typeof withParley>): Promise<{ chunks: AIMessageChunk[]; error: unknown }> {
    const chunks: AIMessageChunk[] = [];
    try {
      for await (const chunk of await model.stream('go')) chunks.push(chunk);
    } catch (error) {
      return { chunks, error };
    }
    return { chunks, error: undefined };
  }

  test('what the sessions held comes out before the error', async () => {
    const { chunks, error } = await streamUntilError(withParley(new FailingChatModel([{ content: 'ok and ' }, { content: 'AKI' }]), redactSecretsStream()));
    expect(String(error)).toContain('connection reset');
    expect(chunks.map((chunk) => String(chunk.content)).join('')).toBe('ok and AKI');
  });

  test(
    'for any secret, chunking and point of failure: the text before the failure is lossless and the error is passed on (fast-check)',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...samples), fc.array(fc.nat(200), { maxLength: 10 }), fc.nat(12), async (secret, offsets, failAfter) => {
          const sent = splitAt(`Here it is: ${secret.text} — and ok and AKI`, offsets).slice(0, failAfter);
          const redactor = redactSecretsStream();
          const events: RedactionEvent[] = [];
          redactor.on('redaction', (event) => events.push(event));
          const { chunks, error } = await streamUntilError(withParley(new FailingChatModel(sent.map((content) => ({ content }))), redactor, { context: { streamId: 'call' } }));
          expect(String(error)).toContain('connection reset');
          expect(chunks.map((chunk) => String(chunk.content)).join('')).toBe(applyEdits(sent.join(''), edits(events, (id) => id === 'call')));
          if (sent.join('').includes(secret.text)) for (const piece of pieces(secret.secret)) expect(serialised(chunks)).not.toContain(piece);
        }),
        { numRuns: 150 },
      );
    },
  );
});

describe('withStructuredOutput', () => {
  const script = (): ChunkFields[] => [
    { content: '', tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, id: 'c1', name: 'answer', args: `{"text":"key ${token.slice(0, 10)}` }] },
    { content: '', tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: `${token.slice(10)}"}` }] },
  ];
  const schema = z.object({ text: z.string() });

  test('works on a wrapped model, and the answer (the tool call arguments) is transformed: invoke, includeRaw and stream', async () => {
    const model = withParley(new ScriptedChatModel(script()), redactSecretsStream());
    expect(await model.withStructuredOutput(schema, { name: 'answer' }).invoke('go')).toEqual({ text: 'key <REDACTED:GITHUB_TOKEN>' });
    const withRaw = await model.withStructuredOutput(schema, { name: 'answer', includeRaw: true }).invoke('go');
    expect(withRaw.parsed).toEqual({ text: 'key <REDACTED:GITHUB_TOKEN>' });
    expect(JSON.stringify(withRaw.raw.toDict()) + JSON.stringify(withRaw.raw)).not.toContain(token.slice(4, 12));
    const streamed: unknown[] = [];
    for await (const value of await model.withStructuredOutput(schema, { name: 'answer' }).stream('go')) streamed.push(value);
    expect(JSON.stringify(streamed)).not.toContain(token.slice(4, 12));
    expect(streamed.at(-1)).toEqual({ text: 'key <REDACTED:GITHUB_TOKEN>' });
  });
});

test('two calls streamed at once through one wrapped model share no state', async () => {
  const script = (word: string): ChunkFields[] => [{ content: `${word} ${token.slice(0, 10)}` }, { content: `${token.slice(10)}\n\nAKI` }, { content: `${word} end` }];
  const model = withParley(new ScriptedChatModel(script('first')), redactSecretsStream());
  const other = withParley(new ScriptedChatModel(script('second')), redactSecretsStream());
  // The same wrapped model, twice at once, read in turns; and another model at the same time.
  const streams = [await model.stream('a'), await model.stream('b'), await other.stream('c')].map((stream) => stream[Symbol.asyncIterator]());
  const texts = ['', '', ''];
  let open = streams.length;
  while (open > 0) {
    open = 0;
    for (const [index, iterator] of streams.entries()) {
      const next = await iterator.next();
      if (next.done === true) continue;
      open += 1;
      texts[index] += String(next.value.content);
    }
  }
  // Each is what the call gives alone.
  const alone = async (wrapped: typeof model): Promise<string> => (await streamAll(wrapped)).map((chunk) => String(chunk.content)).join('');
  expect(texts).toEqual([await alone(model), await alone(model), await alone(other)]);
  expect(texts[0]).toContain('first <REDACTED:GITHUB_TOKEN>');
  expect(texts[2]).toContain('second <REDACTED:GITHUB_TOKEN>');
});
