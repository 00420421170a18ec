// Tool definitions on their way to the provider: through a real ChatOpenAI over HTTP (tools bound
// with bindTools, given at call time, or an agent's), every request body is recorded and no piece
// of a secret planted in a tool's description or schema may be in it; tool names and schemas'
// structure stay as they were.
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { type LoopbackServer, startLoopbackChatServer } from '@parley/fixtures';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard, SecretBlockedError, type SecretGuard } from '@parley/redaction/guard';
import fc from 'fast-check';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { guardCallOptions } from './guard-call-options';
import { parleyAgentMiddleware } from './parley-agent-middleware';
import { withParley } from './with-parley';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackChatServer(['Nothing ', 'to do.']);
});
afterAll(() => server.close());

/** A ChatOpenAI on the loopback server whose every request body is kept in `bodies`. */
function recordingModel(bodies: string[]): ChatOpenAI {
  const recording: typeof fetch = async (input, init) => {
    bodies.push(String(init?.body ?? ''));
    return fetch(input, init);
  };
  return new ChatOpenAI({ model: 'loopback', apiKey: 'unused', configuration: { baseURL: server.baseURL, fetch: recording } });
}

const readFile = tool(async ({ path }) => `contents of ${path}`, {
  name: 'readFile',
  description: `Reads a file. The repo token is ${github}.`,
  schema: z.object({ path: z.string().describe(`a path, e.g. /home/ci/${npm}.txt`) }),
});
const search = {
  type: 'function' as const,
  function: { name: 'search', description: 'Searches the repo.', parameters: { type: 'object', properties: { query: { type: 'string', default: github, examples: [`token ${npm}`] } }, required: ['query'] } },
};

function expectNothingPlanted(bodies: readonly string[]): void {
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) for (const secret of [github, npm]) for (const piece of pieces(secret)) expect(body).not.toContain(piece);
}

const toolNames = (body: string): string[] => ((JSON.parse(body) as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((entry) => entry.function.name);

describe('withParley({ guard }): tool definitions', () => {
  const guard = (): SecretGuard => createSecretGuard({ input: 'redact' });

  test('tools bound with bindTools reach the provider with no piece of a secret, their names and schemas intact', async () => {
    const bodies: string[] = [];
    const model = withParley(recordingModel(bodies), redactSecretsStream(), { guard: guard() }).bindTools([readFile, search]);
    await model.invoke('read the readme');
    for await (const _chunk of await model.stream('again')) void _chunk;
    expectNothingPlanted(bodies);
    expect(bodies).toHaveLength(2);
    const sent = JSON.parse(bodies[0] as string) as { tools: Array<{ function: { name: string; description: string; parameters: { properties: Record<string, { type: string; description?: string }>; required: string[] } } }> };
    expect(toolNames(bodies[0] as string)).toEqual(['readFile', 'search']);
    expect(sent.tools[0]?.function.description).toBe('Reads a file. The repo token is <REDACTED:GITHUB_TOKEN>.');
    expect(sent.tools[0]?.function.parameters.properties['path']).toMatchObject({ type: 'string', description: 'a path, e.g. /home/ci/<REDACTED:NPM_TOKEN>.txt' });
    expect(sent.tools[1]?.function.parameters.required).toEqual(['query']);
  });

  test('tools given at call time, a model wrapped after binding, and an agent’s tools are guarded too', async () => {
    const bodies: string[] = [];
    await withParley(recordingModel(bodies), redactSecretsStream(), { guard: guard() }).invoke('go', { tools: [readFile, search] } as never);
    await withParley(recordingModel(bodies).bindTools([readFile, search]), redactSecretsStream(), { guard: guard() }).invoke('go');
    const agent = createAgent({ model: recordingModel(bodies), tools: [readFile], middleware: [parleyAgentMiddleware(redactSecretsStream(), { guard: guard() })] });
    await agent.invoke({ messages: [{ role: 'user', content: 'read the readme' }] });
    expect(bodies).toHaveLength(3);
    expectNothingPlanted(bodies);
    expect(bodies.map(toolNames)).toEqual([['readFile', 'search'], ['readFile', 'search'], ['readFile']]);
  });

  test('a response_format schema is guarded', async () => {
    const bodies: string[] = [];
    const format = { type: 'json_schema', json_schema: { name: 'answer', description: `answer with ${github}`, schema: { type: 'object', properties: { key: { type: 'string', description: `like ${npm}` } } } } };
    await withParley(recordingModel(bodies), redactSecretsStream(), { guard: guard() }).invoke('go', { response_format: format } as never);
    expectNothingPlanted(bodies);
    expect((JSON.parse(bodies[0] as string) as { response_format: { json_schema: { name: string } } }).response_format.json_schema.name).toBe('answer');
  });

  test('under block, a secret in a tool definition fails the call before anything is sent', async () => {
    const bodies: string[] = [];
    const model = withParley(recordingModel(bodies), redactSecretsStream(), { guard: createSecretGuard({ input: 'block' }) }).bindTools([readFile]);
    const thrown = await model.invoke('go').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(SecretBlockedError.isInstance(thrown), String(thrown)).toBe(true);
    expect(bodies).toHaveLength(0);
  });

  test('tools without secrets are passed on as they were (the same objects)', async () => {
    const plain = tool(async () => 'ok', { name: 'plain', description: 'Nothing secret.', schema: z.object({ q: z.string() }) });
    const options = { tools: [plain, { type: 'function', function: { name: 'x', parameters: { type: 'object', properties: {} } } }], tool_choice: 'auto' };
    const guarded = await guardCallOptions(options, guard());
    expect(guarded.tools[0]).toBe(plain);
    expect(guarded.tools[1]).toEqual(options.tools[1]);
    expect(guarded.tool_choice).toBe('auto');
  });
});

describe('guardCallOptions: properties', () => {
  const words = fc.array(fc.constantFrom('Reads', 'the', 'file', 'at', 'path;', 'use', 'key', 'e.g.', 'rows'), { maxLength: 4 }).map((list) => list.join(' '));
  const prose = fc.oneof({ weight: 2, arbitrary: words }, { weight: 1, arbitrary: fc.tuple(words, fc.constantFrom(...samples), words).map(([before, sample, after]) => `${before} ${sample.text} ${after}`) });
  const names = fc.constantFrom('path', 'query', 'limit', 'description', 'type', 'name');
  const property = fc.record({ type: fc.constantFrom('string', 'integer'), description: prose, default: prose, enum: fc.array(prose, { minLength: 1, maxLength: 2 }), pattern: fc.constant('^[a-z]+$') }, { requiredKeys: ['type'] });
  const schema = fc.record({ type: fc.constant('object'), description: prose, properties: fc.dictionary(names, property, { maxKeys: 3 }), required: fc.subarray(['path', 'query']) }, { requiredKeys: ['type', 'properties'] });
  // OpenAI's chat-completions format, the Responses API's flat one, Anthropic's, and a built-in tool.
  const definition = fc.oneof(
    fc.record({ type: fc.constant('function'), function: fc.record({ name: fc.constantFrom('readFile', 'deploy'), description: prose, parameters: schema, strict: fc.boolean() }, { requiredKeys: ['name', 'parameters'] }) }),
    fc.record({ type: fc.constant('function'), name: fc.constantFrom('readFile', 'deploy'), description: prose, parameters: schema }, { requiredKeys: ['type', 'name', 'parameters'] }),
    fc.record({ name: fc.constantFrom('readFile', 'deploy'), description: prose, input_schema: schema }, { requiredKeys: ['name', 'input_schema'] }),
    fc.record({ type: fc.constant('web_search_preview'), search_context_size: fc.constantFrom('low', 'high'), user_location: fc.record({ type: fc.constant('approximate'), city: prose }) }),
  );
  /** The definition with every value a guard may change blanked: names, property names, types, `required` and patterns stay. */
  const skeleton = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return key === 'required' ? value : value.map((item) => skeleton(item));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, skeleton(item, name)]));
    return ['name', 'type', 'pattern', 'strict'].includes(key) || typeof value !== 'string' ? value : '·';
  };

  test('no piece of a planted secret is left in any definition; names and structure are unchanged', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(definition, { minLength: 1, maxLength: 3 }), fc.constantFrom('redact', 'mask', 'hash', 'placeholder') as fc.Arbitrary<'redact'>, async (tools, strategy) => {
        const guarded = await guardCallOptions({ tools }, createSecretGuard({ input: strategy }));
        const sent = JSON.stringify(guarded);
        for (const sample of samples) {
          if (!JSON.stringify(tools).includes(JSON.stringify(sample.text).slice(1, -1))) continue;
          for (const piece of pieces(sample.secret)) expect(sent).not.toContain(piece);
        }
        expect(skeleton(guarded.tools)).toEqual(skeleton(tools));
      }),
      { numRuns: 100 },
    );
  });
});
