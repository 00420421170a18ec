import { InvalidArgumentError, type PromptGuard } from '@parley/core';
import { isPromptGuard } from '@parley/core/guard';
import type { ToolSet } from 'ai';

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> => typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * The tools with each `execute` wrapped by the guard: placeholders in a tool's input become the
 * real values just before it runs when its name is in the guard's `restoreFor` (any other tool gets
 * the input as the model wrote it), and what it returns is guarded (the `toolResults` use) on its
 * way back — each value a streaming tool yields too. Tools without `execute` are kept as they are.
 *
 * @throws {InvalidArgumentError} When `tools` is not an object of tools or `guard` is not a secret guard.
 *
 * @example
 * ```ts
 * import { guardTools } from '@parley/ai-sdk';
 * import { createSecretGuard } from '@parley/redaction/guard';
 * import { tool } from 'ai';
 * import * as z from 'zod';
 *
 * const key = 'ghp_VGCM1RvUh24kM6qgrY9FebFmkAgvU1wrmhnq';
 * const readFile = tool({ description: 'Reads a file', inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => `${path}: GITHUB_TOKEN=${key}` });
 * const deploy = tool({ description: 'Deploys with a token', inputSchema: z.object({ token: z.string() }), execute: async ({ token }) => (token === key ? 'deployed' : 'refused') });
 * const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
 * const tools = guardTools({ readFile, deploy }, guard);
 * // streamText({ model, tools, prompt }) runs them like this: the model sees a placeholder, and deploy gets the key back.
 * const call = { toolCallId: 'call-1', messages: [], context: {} };
 * console.log(await tools.readFile.execute?.({ path: '.env' }, call)); // .env: GITHUB_TOKEN=<SECRET:GITHUB_TOKEN#1>
 * console.log(await tools.deploy.execute?.({ token: '<SECRET:GITHUB_TOKEN#1>' }, call)); // deployed
 * ```
 */
export function guardTools<Tools extends ToolSet>(tools: Tools, guard: PromptGuard): Tools {
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) throw new InvalidArgumentError({ argument: 'tools', message: 'guardTools takes the tool set object given to streamText or generateText.' });
  if (!isPromptGuard(guard)) throw new InvalidArgumentError({ argument: 'guard', message: 'guardTools needs a secret guard from createSecretGuard() (@parley/redaction/guard).' });
  const wrapped: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = (tool as { execute?: unknown }).execute;
    if (typeof execute !== 'function') {
      wrapped[name] = tool;
      continue;
    }
    wrapped[name] = {
      ...tool,
      execute: (input: unknown, options: unknown) => run(name, execute as (input: unknown, options: unknown) => unknown, input, options, guard),
    };
  }
  return wrapped as Tools;
}

const isAsyncGeneratorFunction = (value: unknown): boolean => Object.prototype.toString.call(value) === '[object AsyncGeneratorFunction]';

/**
 * Runs one tool call. The AI SDK tells a streaming tool by what `execute` returns, synchronously:
 * an `async function*` stays a generator (each yielded value guarded, so the SDK still reports
 * preliminary results); any other `execute` gives a promise, and an async iterable it returns
 * anyway is read to its last value.
 */
function run(name: string, execute: (input: unknown, options: unknown) => unknown, input: unknown, options: unknown, guard: PromptGuard): unknown {
  const guardResult = (value: unknown): Promise<unknown> => guard.guardValue(value, { use: 'toolResults' });
  if (isAsyncGeneratorFunction(execute)) {
    return (async function* () {
      const result = execute(await guard.restoreToolArguments(name, input), options) as AsyncIterable<unknown>;
      for await (const value of result) yield await guardResult(value);
    })();
  }
  return (async () => {
    const result = await execute(await guard.restoreToolArguments(name, input), options);
    if (!isAsyncIterable(result)) return guardResult(result);
    let last: unknown;
    for await (const value of result) last = value;
    return guardResult(last);
  })();
}
