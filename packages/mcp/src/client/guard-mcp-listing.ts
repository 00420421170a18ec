import { guardJsonSchema } from '@parley/core/guard';
import { type GuardUse, SecretBlockedError, type SecretGuard } from '@parley/redaction/guard';

/** Listings are what an MCP server wrote, on their way to a model: guarded as tool results are. */
const use: GuardUse = 'toolResults';

/** The array each listing method's result holds its entries in. */
const listings: Readonly<Record<string, string>> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

/**
 * Fields of a listed entry that are names a client calls it by, or addresses, kept exact: a
 * changed name would break the call. Every other field (description, title, annotations, `_meta`,
 * icons' text) is guarded; schemas are read by `guardJsonSchema` (`@parley/core/guard`), which keeps
 * their structural keywords exact.
 */
const identifiers = new Set(['name', 'uri', 'uriTemplate', 'mimeType', 'size', 'icons', 'execution', 'required']);
const schemaFields = new Set(['inputSchema', 'outputSchema']);

/**
 * A server's `instructions` (the handshake's), guarded: text a client may put in its system prompt.
 * Under `block` they are left out (`undefined`) rather than failing the handshake: the server's tools
 * stay usable, each of their results guarded on its own.
 */
export function guardInstructions(instructions: string, guard: SecretGuard): string | undefined {
  try {
    return guard.guardTextSync(instructions, { use });
  } catch (error) {
    if (SecretBlockedError.isInstance(error)) return undefined;
    throw error;
  }
}

/** Whether a result of `method` is a listing this module guards (or the handshake, for its `instructions`). */
export function isListing(method: string): boolean {
  return method === 'initialize' || Object.hasOwn(listings, method);
}

/** One listed tool, prompt, resource or template: its identifiers kept, its schemas read as schemas, every other field guarded. */
async function guardEntry(entry: unknown, guard: SecretGuard): Promise<unknown> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return guard.guardValue(entry, { use });
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    const guarded = identifiers.has(key) ? value : schemaFields.has(key) ? await guardJsonSchema(value, guard, { use, argument: 'message' }) : await guard.guardValue(value, { use });
    Object.defineProperty(copy, key, { value: guarded, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * The result of a listing (`tools/list`, `prompts/list`, `resources/list`, `resources/templates/list`)
 * with what a client passes on to a model guarded (the `toolResults` use: text a server wrote):
 * descriptions and titles of tools, prompts, their arguments and resources, annotations and
 * `_meta`, and in tools' input and output schemas every keyword but the structural ones
 * (descriptions, titles, defaults, examples, enums, consts). Names, URIs, types, required lists and
 * property names are kept exact, so calls still match. The handshake's (`initialize`) `instructions`
 * are guarded too (see {@link guardInstructions}). Any other result is returned as it is.
 */
export async function guardMcpListing(method: string, result: unknown, guard: SecretGuard): Promise<unknown> {
  if (typeof result !== 'object' || result === null) return result;
  const record = result as Record<string, unknown>;
  if (method === 'initialize') {
    if (typeof record['instructions'] !== 'string') return result;
    const { instructions, ...rest } = record;
    const guarded = guardInstructions(instructions as string, guard);
    return guarded === undefined ? rest : { ...rest, instructions: guarded };
  }
  const field = listings[method];
  if (field === undefined) return result;
  const entries = record[field];
  if (!Array.isArray(entries)) return result;
  const guarded: unknown[] = [];
  for (const entry of entries) guarded.push(await guardEntry(entry, guard));
  return { ...record, [field]: guarded };
}
