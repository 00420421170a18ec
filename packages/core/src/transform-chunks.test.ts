import { describe, expect, test } from 'vitest';
import type { ChunkLens } from './chunk-lens';
import { replaceTextStream } from './replace-text-stream';
import { transformChunks } from './transform-chunks';

/** The shape of an OpenAI chat-completions stream chunk, as it arrives over the wire. */
interface ChatCompletionChunk {
  readonly id: string;
  readonly object: 'chat.completion.chunk';
  readonly created: number;
  readonly model: string;
  readonly choices: readonly {
    readonly index: number;
    readonly delta: {
      readonly role?: 'assistant';
      readonly content?: string | null;
      readonly tool_calls?: readonly {
        readonly index: number;
        readonly id?: string;
        readonly type?: 'function';
        readonly function: { readonly name?: string; readonly arguments: string };
      }[];
    };
    readonly finish_reason: 'stop' | 'tool_calls' | null;
  }[];
  readonly usage?: { readonly prompt_tokens: number; readonly completion_tokens: number } | null;
}

const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1764400000, model: 'gpt-4.1' } as const;
const content = (text: string): ChatCompletionChunk => ({
  ...base,
  choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
});

const openAiLens: ChunkLens<ChatCompletionChunk> = {
  read: (chunk) => chunk.choices[0]?.delta.content ?? undefined,
  write: (chunk, text) => ({
    ...chunk,
    choices: chunk.choices.map((choice, index) => (index === 0 ? { ...choice, delta: { ...choice.delta, content: text } } : choice)),
  }),
  create: (text) => content(text),
};

const wire: ChatCompletionChunk[] = [
  { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
  content('Routing to the CF'),
  content('O now; codename Blue'),
  {
    ...base,
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'invoke', arguments: '' } }],
        },
        finish_reason: null,
      },
    ],
  },
  {
    ...base,
    choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"role":"cfo"}' } }] }, finish_reason: null }],
  },
  content('bird'),
  { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
  { ...base, choices: [], usage: { prompt_tokens: 12, completion_tokens: 9 } },
];

async function collect<Value>(iterable: AsyncIterable<Value>): Promise<Value[]> {
  const values: Value[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

describe('transformChunks with an OpenAI chat-completion stream', () => {
  test('rewrites text across chunk boundaries and passes tool calls, finish and usage through in order', async () => {
    const output = await collect(
      transformChunks(wire, replaceTextStream({ search: 'Bluebird', replacement: '[codename]' }), openAiLens),
    );
    expect(output).toHaveLength(wire.length);
    expect(output.map((chunk) => openAiLens.read(chunk))).toEqual([
      '',
      'Routing to the CF',
      'O now; codename ',
      undefined,
      undefined,
      '[codename]',
      undefined,
      undefined,
    ]);
    // Chunks without text are the very same objects, untouched.
    for (const index of [3, 4, 6, 7]) expect(output[index]).toBe(wire[index]);
    // Text chunks keep their ids, roles and metadata.
    expect(output[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(output[5]?.id).toBe('chatcmpl-1');
  });

  test('releases text still held back at the end in a chunk made by the lens', async () => {
    const output = await collect(
      transformChunks([content('see you in Blue')], replaceTextStream({ search: 'Bluebird', replacement: 'x' }), openAiLens),
    );
    expect(output.map((chunk) => openAiLens.read(chunk))).toEqual(['see you in ', 'Blue']);
  });

  test('never mutates the source chunks', async () => {
    const source = [content('Bluebird'), content('!')];
    const snapshot = structuredClone(source);
    await collect(transformChunks(source, replaceTextStream({ search: 'Bluebird', replacement: 'x' }), openAiLens));
    expect(source).toEqual(snapshot);
  });
});
