import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { InvalidArgumentError } from '@parley/core';
import { applyEdits, splitAt, type TextEdit } from '@parley/core/testing';
import { type RedactionEvent, redactSecretsStream } from '@parley/redaction';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { parleyAgentMiddleware } from './parley-agent-middleware';
import { withParley } from './with-parley';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

type ChunkFields = ConstructorParameters<typeof AIMessageChunk>[0] & { readonly content: AIMessageChunk['content'] };

/** Streams the given chunks exactly as they are, with optional generationInfo (as ChatOpenAI does); `invoke` gathers them as BaseChatModel does. */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: ReadonlyArray<{ readonly message: ChunkFields; readonly info?: Record<string, unknown> }>) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  async _generate(): Promise<ChatResult> {
    let gathered: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks()) gathered = gathered === undefined ? chunk : gathered.concat(chunk);
    const message = gathered?.message as AIMessageChunk;
    return { generations: [{ text: gathered?.text ?? '', message: new AIMessage({ content: message.content, additional_kwargs: message.additional_kwargs, response_metadata: message.response_metadata }), generationInfo: gathered?.generationInfo ?? {} }] };
  }
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    for (const { message, info } of this.script) {
      // A fresh chunk each time: the wrapper changes the chunks it reads in place.
      const fields: ConstructorParameters<typeof ChatGenerationChunk>[0] = { text: typeof message.content === 'string' ? message.content : '', message: new AIMessageChunk(structuredClone(message)) };
      if (info !== undefined) fields.generationInfo = info;
      yield new ChatGenerationChunk(fields);
    }
  }
}

async function streamAll(model: ReturnType<typeof withParley>): Promise<AIMessageChunk[]> {
  const chunks: AIMessageChunk[] = [];
  for await (const chunk of await model.stream('go')) chunks.push(chunk);
  return chunks;
}

const gather = (chunks: readonly AIMessageChunk[]): AIMessageChunk => chunks.reduce((left, right) => left.concat(right));

/** The reasoning text of a message, wherever it is. */
function reasoningOf(message: AIMessageChunk | AIMessage): Record<string, string> {
  const found: Record<string, string> = {};
  if (Array.isArray(message.content)) {
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block['type'] === 'thinking') found['thinking'] = (found['thinking'] ?? '') + String(block['thinking']);
      if (block['type'] === 'reasoning') found['reasoning'] = (found['reasoning'] ?? '') + String(block['reasoning']);
    }
  }
  const kwargs = message.additional_kwargs as Record<string, unknown>;
  if (typeof kwargs['reasoning_content'] === 'string') found['reasoning_content'] = kwargs['reasoning_content'];
  const summary = (kwargs['reasoning'] as { summary?: Array<{ text: string }> } | undefined)?.summary;
  if (summary !== undefined) found['summary'] = summary.map((part) => part.text).join('');
  return found;
}

const textOf = (message: AIMessageChunk | AIMessage): string =>
  typeof message.content === 'string'
    ? message.content
    : (message.content as Array<Record<string, unknown>>)
        .filter((block) => block['type'] === 'text')
        .map((block) => String(block['text']))
        .join('');

type Shape = 'thinking' | 'reasoning' | 'reasoning_content' | 'summary';

/** A chunk carrying a piece of reasoning in one provider's shape. */
function reasoningChunk(shape: Shape, piece: string): ChunkFields {
  switch (shape) {
    case 'thinking':
      return { content: [{ type: 'thinking', thinking: piece, index: 0 }] };
    case 'reasoning':
      return { content: [{ type: 'reasoning', reasoning: piece, index: 0 }] };
    case 'reasoning_content':
      return { content: '', additional_kwargs: { reasoning_content: piece } };
    case 'summary':
      return { content: '', additional_kwargs: { reasoning: { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: piece, index: 0 }] } } };
  }
}

/** A chunk carrying a piece of the reply, as a block when the reasoning is in blocks. */
const textChunk = (shape: Shape, piece: string): ChunkFields =>
  shape === 'thinking' || shape === 'reasoning' ? { content: [{ type: 'text', text: piece, index: 1 }] } : { content: piece };

const shapes: readonly Shape[] = ['thinking', 'reasoning', 'reasoning_content', 'summary'];

describe('reasoning goes through the middleware', () => {
  test.each(shapes)('%s: a secret split across chunks is redacted, streamed and invoked; its tail comes before the reply', async (shape) => {
    const script = [
      { message: reasoningChunk(shape, `The key is ${token.slice(0, 10)}`) },
      { message: reasoningChunk(shape, token.slice(10, 30)) },
      { message: reasoningChunk(shape, token.slice(30)) },
      { message: textChunk(shape, 'Rotate it.') },
    ];
    const model = withParley(new ScriptedChatModel(script), redactSecretsStream());
    const chunks = await streamAll(model);
    for (const chunk of chunks) expect(JSON.stringify(chunk.toDict()) + JSON.stringify(chunk)).not.toContain(token.slice(4, 12));
    const gathered = gather(chunks);
    expect(reasoningOf(gathered)[shape]).toBe('The key is <REDACTED:GITHUB_TOKEN>');
    expect(textOf(gathered)).toBe('Rotate it.');
    // The reasoning's last piece arrives before the reply's first.
    const firstText = chunks.findIndex((chunk) => textOf(chunk).length > 0);
    const lastReasoning = chunks.findLastIndex((chunk) => Object.values(reasoningOf(chunk)).some((text) => text.length > 0));
    expect(lastReasoning).toBeLessThan(firstText);
    const invoked = await model.invoke('go');
    expect(reasoningOf(invoked)[shape]).toBe('The key is <REDACTED:GITHUB_TOKEN>');
    expect(JSON.stringify(invoked.toDict()) + JSON.stringify(invoked)).not.toContain(token.slice(4, 12));
  });

  test("reasoning: 'passthrough' leaves reasoning untouched", async () => {
    const model = withParley(new ScriptedChatModel([{ message: reasoningChunk('reasoning_content', token) }, { message: textChunk('reasoning_content', token) }]), redactSecretsStream(), { reasoning: 'passthrough' });
    const gathered = gather(await streamAll(model));
    expect(reasoningOf(gathered)['reasoning_content']).toBe(token);
    expect(textOf(gathered)).toBe('<REDACTED:GITHUB_TOKEN>');
  });
});

describe('response metadata', () => {
  const script = [
    { message: { content: 'Hello ', id: 'chatcmpl-1', response_metadata: { model_provider: 'openai' } }, info: { prompt: 0, completion: 0 } },
    { message: { content: 'world' }, info: { finish_reason: 'stop', model_name: 'gpt-5-mini', system_fingerprint: 'fp_1' } },
  ];

  test('invoke keeps every response_metadata field: finish_reason and model_name included, as streaming and the unwrapped model do', async () => {
    const plain = await new ScriptedChatModel(script).invoke('go');
    const streamed = gather(await streamAll(withParley(new ScriptedChatModel(script), redactSecretsStream())));
    const invoked = await withParley(new ScriptedChatModel(script), redactSecretsStream()).invoke('go');
    expect(invoked.response_metadata).toMatchObject({ finish_reason: 'stop', model_name: 'gpt-5-mini', system_fingerprint: 'fp_1', model_provider: 'openai' });
    for (const key of Object.keys(plain.response_metadata)) expect(invoked.response_metadata, key).toHaveProperty(key);
    for (const key of Object.keys(streamed.response_metadata)) expect(invoked.response_metadata, key).toHaveProperty(key);
  });

  test('invoke has every response_metadata key the stream has, for any metadata spread over any chunks (fast-check)', async () => {
    const metadata = fc.dictionary(fc.constantFrom('finish_reason', 'model_name', 'system_fingerprint', 'service_tier', 'model_provider', 'x_custom'), fc.constantFrom('a', 'b'), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ text: fc.constantFrom('', 'hi ', 'there'), metadata, info: fc.option(metadata, { nil: undefined }) }), { minLength: 1, maxLength: 5 }), async (steps) => {
        const script = steps.map(({ text, metadata: response_metadata, info }) => (info === undefined ? { message: { content: text, response_metadata } } : { message: { content: text, response_metadata }, info }));
        const streamed = gather(await streamAll(withParley(new ScriptedChatModel(script), redactSecretsStream())));
        const invoked = await withParley(new ScriptedChatModel(script), redactSecretsStream()).invoke('go');
        for (const key of Object.keys(streamed.response_metadata)) expect(invoked.response_metadata, key).toHaveProperty(key);
        for (const step of steps) for (const key of Object.keys({ ...step.metadata, ...step.info })) expect(invoked.response_metadata, key).toHaveProperty(key);
      }),
      { numRuns: 100 },
    );
  });

  test('a generate-only model: its generationInfo and llmOutput reach response_metadata', async () => {
    class GenerateOnly extends BaseChatModel {
      _llmType(): string {
        return 'generate-only';
      }
      async _generate(): Promise<ChatResult> {
        return { generations: [{ text: 'hi', message: new AIMessage({ content: 'hi', response_metadata: { id: 'x' } }), generationInfo: { finish_reason: 'stop' } }], llmOutput: { model_name: 'm-1' } };
      }
    }
    const plain = await new GenerateOnly({}).invoke('go');
    const invoked = await withParley(new GenerateOnly({}), redactSecretsStream()).invoke('go');
    expect(plain.response_metadata).toMatchObject({ finish_reason: 'stop', model_name: 'm-1', id: 'x' });
    expect(invoked.response_metadata).toMatchObject({ finish_reason: 'stop', model_name: 'm-1', id: 'x' });
  });
});

test('wrong argument types throw InvalidArgumentError, never a bare TypeError', () => {
  const model = new ScriptedChatModel([]);
  const cases: Array<() => unknown> = [
    () => withParley(model, undefined as never),
    () => withParley(model, 'redact' as never),
    () => withParley('gpt-5' as never, redactSecretsStream()),
    () => withParley(model, redactSecretsStream(), { streamId: 'x' } as never),
    () => withParley(model, redactSecretsStream(), { reasoning: 'drop' } as never),
    () => withParley(model, redactSecretsStream(), 7 as never),
    () => parleyAgentMiddleware(null as never),
    () => withParley(model, redactSecretsStream()).bindTools([]),
  ];
  for (const call of cases) {
    let thrown: unknown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
  }
});

describe('properties', () => {
  const edits = (events: readonly RedactionEvent[], stream: (id: string) => boolean): TextEdit[] =>
    events.filter((event) => stream(event.stream)).map(({ start, end, type }) => ({ start, end, replacement: `<REDACTED:${type}>` }));

  test(
    'for any chunking and any reasoning shape, no 8-character piece of a secret reaches any chunk or the invoked message; text and reasoning are lossless',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...samples),
          fc.constantFrom(...samples),
          fc.constantFrom(...shapes),
          fc.string({ unit: fc.constantFrom(' ', 'a', 'Z', '9', '-', '_', '.', '\n', ':'), maxLength: 12 }),
          fc.array(fc.nat(700), { maxLength: 10 }),
          fc.array(fc.nat(700), { maxLength: 10 }),
          async (textSecret, reasoningSecret, shape, around, textOffsets, reasoningOffsets) => {
            // A key glued to more characters of its alphabet (`SK<32 hex>a`, `AKIA<16>9`) is a different,
            // longer string: a fixed-length format one character too long is not that key (the
            // redaction catalogue's near-miss decision). What follows a key here starts at a boundary.
            const after = /^[A-Za-z0-9]/u.test(around) ? ` ${around}` : around;
            const text = `Here it is: ${textSecret.text}${after}`;
            const reasoning = `${around}The user wants ${reasoningSecret.text}`;
            const script = [
              ...splitAt(reasoning, reasoningOffsets).map((piece) => ({ message: reasoningChunk(shape, piece) })),
              ...splitAt(text, textOffsets).map((piece) => ({ message: textChunk(shape, piece) })),
            ];
            const redactor = redactSecretsStream();
            const events: RedactionEvent[] = [];
            redactor.on('redaction', (event) => events.push(event));
            const model = withParley(new ScriptedChatModel(script), redactor, { context: { streamId: 'call' } });
            const chunks = await streamAll(model);
            const gathered = gather(chunks);
            const visibleReasoning = reasoningOf(gathered)[shape] ?? '';
            // toDict() is what users read; JSON.stringify (lc_kwargs) is what tracing and checkpointers store.
            const everything = [...chunks.flatMap((chunk) => [JSON.stringify(chunk.toDict()), JSON.stringify(chunk)]), JSON.stringify(gathered), textOf(gathered), visibleReasoning].join('\u0000');
            for (const secret of [textSecret.secret, reasoningSecret.secret]) for (const piece of pieces(secret)) expect(everything).not.toContain(piece);
            expect(textOf(gathered)).toBe(applyEdits(text, edits(events, (id) => id === 'call')));
            expect(visibleReasoning).toBe(applyEdits(reasoning, edits(events, (id) => id.startsWith('call:reasoning:'))));
            // invoke gives the same message.
            const invoked = await model.invoke('go');
            expect(textOf(invoked)).toBe(textOf(gathered));
            expect(reasoningOf(invoked)[shape] ?? '').toBe(visibleReasoning);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
