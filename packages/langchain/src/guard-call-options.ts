import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { InvalidArgumentError } from '@parley/core';
import { guardJsonSchema, type PromptGuard } from '@parley/core/guard';

/** Tool definitions are what the application wrote, on their way to the model: guarded as its messages are. */
const use = 'input';

/** How deep nested definition objects (`function`, `json_schema`, …) are followed. */
const MAX_DEPTH = 8;

/** Fields of a definition that name or classify it, kept exact: the model calls a tool by its name. */
const identifiers = new Set(['name', 'type', 'id', 'strict', 'defer_loading']);
/** Fields that hold a JSON Schema (OpenAI's `parameters` and `json_schema.schema`, Anthropic's `input_schema`, …). */
const schemaFields = new Set(['parameters', 'input_schema', 'inputSchema', 'schema']);
/** Fields that hold a nested definition: OpenAI's `function` and `json_schema`, a custom tool, Bedrock's `toolSpec`. */
const nestedFields = new Set(['function', 'json_schema', 'custom', 'toolSpec']);
/** Call options that hold definitions the provider client sends: tools, legacy functions, a structured-output format. */
const definitionOptions = ['tools', 'functions', 'response_format'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** Whether `value` is JSON: plain objects, arrays, strings, numbers, booleans and `null` only. */
const isJson = (value: unknown, depth = 0): boolean => {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true;
  if (depth > 200) return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  return isPlainObject(value) && Object.values(value).every((item) => isJson(item, depth + 1));
};

const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** One definition (a tool in any provider's format, a `json_schema` response format) with its names kept, its schemas read as schemas and every other field guarded. */
async function guardDefinition(definition: Record<string, unknown>, guard: PromptGuard, depth: number): Promise<Record<string, unknown>> {
  if (depth > MAX_DEPTH) throw new InvalidArgumentError({ argument: 'options.tools', message: `A tool definition nested deeper than ${MAX_DEPTH} levels was refused: the guard reads no deeper.` });
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definition)) {
    let guarded: unknown;
    if (identifiers.has(key)) guarded = value;
    else if (schemaFields.has(key) && typeof value === 'object' && value !== null) guarded = await guardJsonSchema(isPlainObject(value) ? value : readSchema(value), guard, { use, argument: 'options.tools' });
    else if (nestedFields.has(key) && isPlainObject(value)) guarded = await guardDefinition(value, guard, depth + 1);
    else guarded = await guard.guardValue(value, { use });
    setOwn(copy, key, guarded);
  }
  return copy;
}

/** A zod or Standard Schema as JSON Schema, as the provider client will send it; a typed error when it cannot be read (it is not sent unread). */
function readSchema(schema: unknown): unknown {
  try {
    const converted = toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]);
    if (isJson(converted)) return converted;
  } catch (error) {
    throw new InvalidArgumentError({ argument: 'options.tools', message: 'A tool schema the secret guard cannot read as JSON Schema was refused.', cause: error });
  }
  throw new InvalidArgumentError({ argument: 'options.tools', message: 'A tool schema the secret guard cannot read as JSON Schema was refused.' });
}

/**
 * One tool or response format guarded. A plain definition (what `bindTools` of ChatOpenAI,
 * ChatAnthropic and others bind: their provider's format; or `{ name, description, schema }`) is
 * guarded field by field, a zod schema in it read as the JSON Schema the client will send. A
 * LangChain tool is read in OpenAI's tool format (what `convertToOpenAITool` gives, and every
 * LangChain chat model takes). When the guard changes nothing the original is passed on as it is.
 */
async function guardEntry(entry: unknown, guard: PromptGuard): Promise<unknown> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return guard.guardValue(entry, { use });
  let definition: unknown = entry;
  if (!isPlainObject(entry)) {
    try {
      definition = convertToOpenAITool(entry as Parameters<typeof convertToOpenAITool>[0]);
    } catch (error) {
      throw new InvalidArgumentError({ argument: 'options.tools', message: 'A tool the secret guard cannot read as a definition was refused.', cause: error });
    }
    if (!isPlainObject(definition)) throw new InvalidArgumentError({ argument: 'options.tools', message: 'A tool the secret guard cannot read as a definition was refused: it is neither a LangChain tool nor a plain definition.' });
  }
  const guarded = await guardDefinition(definition as Record<string, unknown>, guard, 0);
  return asSent(guarded) === asSent(definition) ? entry : guarded;
}

/** A definition as the provider client would send it, zod schemas as JSON Schema: what tells a guarded copy from its original. */
const asSent = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'object' && item !== null && !Array.isArray(item) && !isPlainObject(item) ? readSchema(item) : item));

/**
 * The call options with the definitions the provider client sends besides the messages guarded
 * (the `input` use): every tool in `tools` (descriptions, schemas' prose and example values, a
 * built-in tool's settings; names, property names, types, `required` and patterns kept exact),
 * legacy `functions`, and a `response_format`'s description and schema. `options` itself when it
 * holds none of them.
 */
export async function guardCallOptions<Options extends object>(options: Options, guard: PromptGuard): Promise<Options> {
  const record = options as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of definitionOptions) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    (copy ??= { ...record })[key] = Array.isArray(value) ? await Promise.all(value.map((entry: unknown) => guardEntry(entry, guard))) : await guardEntry(value, guard);
  }
  return (copy ?? options) as Options;
}

/**
 * The definitions a chat model holds as its own defaults: ChatOpenAI's `bindTools` and `withConfig`
 * return a model with the tools in `defaultOptions`, merged under each call's options inside the
 * model. Given to the call explicitly, guarded, they take the defaults' place.
 */
export function boundDefinitions(model: unknown): Record<string, unknown> {
  const defaults = (model as { readonly defaultOptions?: unknown } | null)?.defaultOptions;
  if (typeof defaults !== 'object' || defaults === null) return {};
  const picked: Record<string, unknown> = {};
  for (const key of definitionOptions) {
    const value = (defaults as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}
