import { InvalidArgumentError } from '../invalid-argument-error';
import type { PromptGuard, PromptGuardUse } from '../prompt-guard';

/** How deep a schema is followed; deeper is refused, not a stack overflow. */
const MAX_DEPTH = 200;

/** JSON Schema keywords whose value is one subschema or a list of them. */
const subschema = new Set(['items', 'additionalItems', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names (kept) to subschemas. */
const subschemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/**
 * Keywords that shape validation and hold no prose: kept exact. Every other keyword (`description`,
 * `title`, `default`, `examples`, `enum`, `const`, `$comment`, vendor `x-…` fields) is guarded,
 * every string in it, so an unknown keyword is guarded too.
 */
const structural = new Set([
  'type', '$ref', '$dynamicRef', '$id', '$schema', '$anchor', '$dynamicAnchor', '$vocabulary', 'required', 'dependentRequired', 'pattern', 'format',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems',
  'minProperties', 'maxProperties', 'minContains', 'maxContains', 'contentEncoding', 'contentMediaType', 'readOnly', 'writeOnly', 'deprecated', 'nullable',
]);

const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** Options of {@link guardJsonSchema}. */
export interface GuardJsonSchemaOptions {
  /** What the schema is guarded as: `'input'` for a tool the application defined, `'toolResults'` for one a server listed. */
  readonly use: PromptGuardUse;
  /** The argument named by the error a schema nested too deep throws; `'schema'` by default. */
  readonly argument?: string;
}

/**
 * A copy of a JSON Schema (a tool's input or output schema, a structured-output schema) on its way
 * to a model, with its prose and example values guarded and its structure kept: property names,
 * `type`, `required`, `pattern`, `format`, bounds and references stay exact, so the model's calls
 * still match the tool, while `description`, `title`, `default`, `examples`, `enum`, `const`,
 * `$comment` and any keyword it does not know (vendor `x-…` fields) have every string guarded.
 * Subschemas (`properties`, `items`, `anyOf`, `$defs`, …) are read the same way. Booleans and
 * numbers pass as they are; a string where a schema belongs is guarded like prose.
 *
 * @throws {InvalidArgumentError} When the schema nests deeper than 200 levels.
 * @throws What `guard.guardValue` throws (under a `block` strategy, the guard's error).
 *
 * @example
 * ```ts
 * import { guardJsonSchema } from '@parley/core/guard';
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * const guard = createSecretGuard({ input: 'redact' });
 * const inputSchema = {
 *   type: 'object',
 *   description: 'Deploys with ghp_AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO',
 *   properties: { ref: { type: 'string', pattern: '^[a-z]+$' } },
 * };
 * const guarded = await guardJsonSchema(inputSchema, guard, { use: 'input' });
 * console.log(guarded.description); // Deploys with <REDACTED:GITHUB_TOKEN>
 * console.log(guarded.properties.ref.pattern); // ^[a-z]+$
 * ```
 */
export async function guardJsonSchema<Schema>(schema: Schema, guard: PromptGuard, options: GuardJsonSchemaOptions): Promise<Schema> {
  const { use, argument = 'schema' } = options;
  const walk = async (node: unknown, depth: number): Promise<unknown> => {
    if (typeof node === 'string') return guard.guardText(node, { use });
    if (typeof node !== 'object' || node === null) return node;
    if (depth >= MAX_DEPTH) throw new InvalidArgumentError({ argument, message: `A JSON Schema nested deeper than ${MAX_DEPTH} levels was refused: the guard reads no deeper.` });
    if (Array.isArray(node)) return Promise.all(node.map((item: unknown) => walk(item, depth + 1)));
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      let guarded: unknown;
      if (structural.has(key)) guarded = value;
      else if (subschema.has(key)) guarded = await walk(value, depth + 1);
      else if (subschemaMaps.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value)) setOwn(map, name, await walk(item, depth + 1));
        guarded = map;
      } else guarded = await guard.guardValue(value, { use });
      setOwn(copy, key, guarded);
    }
    return copy;
  };
  return (await walk(schema, 0)) as Schema;
}
