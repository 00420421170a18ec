// What the model reads besides the prompt: tool definitions (function tools' descriptions and
// input schemas, input examples, provider tools' args) and a JSON response format. A secret planted
// in any of their strings never reaches the provider; names, property names and the schema's
// structural keywords stay exact, so the model's calls still match the tools.
import type { JSONSchema7, LanguageModelV4CallOptions, LanguageModelV4FunctionTool, LanguageModelV4GenerateResult, LanguageModelV4ProviderTool } from '@ai-sdk/provider';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard, SecretBlockedError } from '@parley/redaction/guard';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { parleyMiddleware } from './parley-middleware';

const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const stop = { unified: 'stop', raw: 'stop' } as const;

/** Every planted sample whose text appears in `input`: none of its secret's 8-character pieces may appear in `output`. */
function expectNoPlantedSecret(input: unknown, output: unknown): void {
  const planted = JSON.stringify(input);
  const sent = JSON.stringify(output);
  for (const sample of samples) {
    if (!planted.includes(JSON.stringify(sample.text).slice(1, -1))) continue;
    for (const piece of pieces(sample.secret)) expect(sent, `${sample.type} in ${sent}`).not.toContain(piece);
  }
}

/**
 * Which keywords a schema's validation depends on, written out here (not imported) so the test checks
 * the guard against its own list: their values, the property names and the schema's shape must
 * come back exact; every other value becomes `·`.
 */
const kept = new Set(['type', 'required', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', '$ref', 'additionalProperties']);
function skeleton(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(skeleton);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'properties' || key === '$defs') return [key, Object.fromEntries(Object.entries(value as object).map(([name, item]) => [name, skeleton(item)]))];
      if (key === 'items' || key === 'anyOf' || (key === 'additionalProperties' && typeof value === 'object')) return [key, skeleton(value)];
      return [key, kept.has(key) ? value : '·'];
    }),
  );
}

// Prose: words, sometimes with a catalogue secret among them (as its text appears in a file or a
// message: spaced from the words around it).
const words = fc.array(fc.constantFrom('Reads', 'the', 'file', 'at', 'path;', 'use', 'key', 'token:', 'e.g.', '—', 'limit', 'of', 'rows'), { maxLength: 5 }).map((list) => list.join(' '));
const prose = fc.oneof({ weight: 2, arbitrary: words }, { weight: 1, arbitrary: fc.tuple(words, fc.constantFrom(...samples), words).map(([before, sample, after]) => `${before} ${sample.text} ${after}`) });
const names = fc.constantFrom('path', 'query', 'limit', 'options', 'mode', 'repo', 'ref', 'items', 'description', 'type');
const value = fc.oneof(prose, fc.integer(), fc.boolean());

const schema = fc.letrec<{ node: JSONSchema7 }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom('string' as const),
        description: prose,
        title: prose,
        default: prose,
        examples: fc.array(prose, { maxLength: 2 }),
        enum: fc.array(prose, { minLength: 1, maxLength: 3 }),
        pattern: fc.constantFrom('^[a-z]+$', '^ghp_[A-Za-z0-9]{36}$'),
        format: fc.constantFrom('uri', 'date-time'),
        maxLength: fc.nat(100),
        $comment: prose,
        'x-note': prose,
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constantFrom('integer' as const, 'number' as const, 'boolean' as const), description: prose, default: fc.integer(), minimum: fc.integer() }, { requiredKeys: ['type'] }),
    fc.record(
      {
        type: fc.constant('object' as const),
        description: prose,
        properties: fc.dictionary(names, tie('node'), { maxKeys: 3 }),
        required: fc.subarray(['path', 'query', 'limit']),
        additionalProperties: fc.oneof(fc.boolean(), tie('node')),
        default: fc.dictionary(names, value, { maxKeys: 2 }),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
    fc.record({ type: fc.constant('array' as const), description: prose, items: tie('node'), maxItems: fc.nat(10) }, { requiredKeys: ['type', 'items'] }),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 2 }), title: prose }, { requiredKeys: ['anyOf'] }),
  ),
})).node;

const functionTool: fc.Arbitrary<LanguageModelV4FunctionTool> = fc.record(
  {
    type: fc.constant('function' as const),
    name: fc.constantFrom('readFile', 'search_repo', 'deploy'),
    description: prose,
    inputSchema: fc.record({ type: fc.constant('object' as const), properties: fc.dictionary(names, schema, { maxKeys: 3 }), $defs: fc.dictionary(names, schema, { maxKeys: 1 }) }, { requiredKeys: ['type', 'properties'] }),
    inputExamples: fc.array(fc.record({ input: fc.dictionary(names, value, { maxKeys: 2 }) }), { maxLength: 2 }),
    strict: fc.boolean(),
  },
  { requiredKeys: ['type', 'name', 'inputSchema'] },
);
const providerTool: fc.Arbitrary<LanguageModelV4ProviderTool> = fc.record({
  type: fc.constant('provider' as const),
  id: fc.constantFrom('openai.web_search' as const, 'anthropic.bash_20250124' as const),
  name: fc.constantFrom('web_search', 'bash'),
  args: fc.dictionary(fc.constantFrom('userLocation', 'allowedDomains', 'note'), fc.oneof(value, fc.array(prose, { maxLength: 2 })), { maxKeys: 3 }),
});
const responseFormat = fc.option(fc.record({ type: fc.constant('json' as const), schema, name: fc.constantFrom('answer'), description: prose }, { requiredKeys: ['type'] }), { nil: undefined });

/** The params the wrapped model passes on to the provider. */
async function transformed(params: LanguageModelV4CallOptions, strategy: 'redact' | 'mask' | 'hash' | 'placeholder' | 'block'): Promise<LanguageModelV4CallOptions> {
  const middleware = parleyMiddleware(redactSecretsStream(), { guard: createSecretGuard({ input: strategy }) });
  return (middleware.transformParams as NonNullable<typeof middleware.transformParams>)({ type: 'generate', params, model: new MockLanguageModelV4() });
}

describe('parleyMiddleware({ guard }): tool definitions and the response format', () => {
  test('for any definitions, no piece of a planted secret reaches the provider; names, property names and structural keywords are unchanged; definitions without secrets pass as they are', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(functionTool, providerTool), { minLength: 1, maxLength: 3 }), responseFormat, fc.constantFrom('redact', 'mask', 'hash', 'placeholder') as fc.Arbitrary<'redact'>, async (tools, format, strategy) => {
        const params: LanguageModelV4CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools, ...(format === undefined ? {} : { responseFormat: format }) };
        const sent = await transformed(params, strategy);
        expectNoPlantedSecret(params, sent);
        expect(sent.tools).toHaveLength(tools.length);
        for (const [index, original] of tools.entries()) {
          const guarded = (sent.tools ?? [])[index] as LanguageModelV4FunctionTool | LanguageModelV4ProviderTool;
          expect(guarded.type).toBe(original.type);
          expect(guarded.name).toBe(original.name);
          expect(Object.keys(guarded)).toEqual(Object.keys(original));
          if (original.type === 'provider') expect((guarded as LanguageModelV4ProviderTool).id).toBe(original.id);
          else {
            expect(skeleton((guarded as LanguageModelV4FunctionTool).inputSchema)).toEqual(skeleton(original.inputSchema));
            expect((guarded as LanguageModelV4FunctionTool).strict).toBe(original.strict);
          }
        }
        if (format !== undefined) expect(skeleton(sent.responseFormat)).toEqual(skeleton(format));
        const planted = samples.some((sample) => JSON.stringify(params).includes(JSON.stringify(sample.text).slice(1, -1)));
        if (!planted) expect(sent).toEqual(params);
      }),
      { numRuns: 150 },
    );
  });

  const github = samples.find((sample) => sample.type === 'GITHUB_TOKEN')?.text as string;
  const tools = {
    readFile: tool({
      description: `Reads a file. The repo token is ${github}.`,
      inputSchema: z.object({ path: z.string().describe(`a path, e.g. /home/ci/${github}.txt`) }),
      execute: async ({ path }) => `contents of ${path}`,
    }),
    search: tool({
      description: 'Searches the repo.',
      inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string', default: github, examples: [`token ${github}`] } }, required: ['query'] }),
      execute: async ({ query }) => `no match for ${query}`,
    }),
  };

  test('through generateText: the provider is sent no piece of a secret in a tool definition, and the model still calls the tool by its name', async () => {
    let step = 0;
    const base = new MockLanguageModelV4({
      doGenerate: async (): Promise<LanguageModelV4GenerateResult> => {
        step += 1;
        const content: LanguageModelV4GenerateResult['content'] =
          step === 1 ? [{ type: 'tool-call', toolCallId: 'c1', toolName: 'readFile', input: JSON.stringify({ path: 'README.md' }) }] : [{ type: 'text', text: 'done' }];
        return { content, finishReason: step === 1 ? { unified: 'tool-calls', raw: 'tool_calls' } : stop, usage, warnings: [] };
      },
    });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard: createSecretGuard({ input: 'redact' }) }) });
    const result = await generateText({ model, tools, prompt: 'read the readme', stopWhen: isStepCount(2) });
    expect(result.steps[0]?.toolResults.map((entry) => entry.output)).toEqual(['contents of README.md']);
    expect(base.doGenerateCalls).toHaveLength(2);
    const sent = JSON.stringify(base.doGenerateCalls.map((call) => call.tools));
    for (const piece of pieces(github)) expect(sent).not.toContain(piece);
    expect(base.doGenerateCalls[0]?.tools?.map((entry) => entry.name)).toEqual(['readFile', 'search']);
    expect(sent).toContain('<REDACTED:GITHUB_TOKEN>');
  });

  test('under block, a secret in a tool definition fails the call before the provider is called', async () => {
    const base = new MockLanguageModelV4({ doGenerate: { content: [{ type: 'text', text: 'x' }], finishReason: stop, usage, warnings: [] } });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard: createSecretGuard({ input: 'block' }) }) });
    const thrown = await generateText({ model, tools, prompt: 'hello' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(SecretBlockedError.isInstance(thrown), String(thrown)).toBe(true);
    expect(base.doGenerateCalls).toHaveLength(0);
  });

  test('a schema nested past the guard’s depth is refused with a typed error', async () => {
    let deep: JSONSchema7 = { type: 'string' };
    for (let level = 0; level < 300; level += 1) deep = { type: 'array', items: deep };
    const params: LanguageModelV4CallOptions = { prompt: [], tools: [{ type: 'function', name: 'deep', inputSchema: deep }] };
    await expect(transformed(params, 'redact')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'params.tools' });
  });
});
