import { describe, expect, test } from 'vitest';
import { guardJsonSchema } from './guard-json-schema';
import { InvalidArgumentError } from '../invalid-argument-error';
import type { PromptGuard, PromptGuardUse } from '../prompt-guard';

/** A guard that marks every string it is given (keys of values too), and records the uses it was asked for. */
function markingGuard(): PromptGuard & { readonly uses: PromptGuardUse[] } {
  const uses: PromptGuardUse[] = [];
  const mark = (value: unknown): unknown => {
    if (typeof value === 'string') return `«${value}»`;
    if (Array.isArray(value)) return value.map(mark);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [`«${key}»`, mark(item)]));
    return value;
  };
  return {
    uses,
    strategy: () => 'redact',
    guardText: async (text, { use }) => {
      uses.push(use);
      return `«${text}»`;
    },
    guardValue: async (value, { use }) => {
      uses.push(use);
      return mark(value) as typeof value;
    },
    guardStream: () => {
      throw new Error('not used');
    },
    restoreToolArguments: async (_tool, input) => input,
  };
}

describe('guardJsonSchema', () => {
  test('guards prose and example values, keeps names and the keywords validation depends on', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      title: 'Deploy',
      description: 'Deploys a ref',
      properties: {
        ref: { type: 'string', pattern: '^[a-z]+$', format: 'uri', minLength: 1, default: 'main', examples: ['v1'], 'x-hint': 'h' },
        description: { enum: ['a', 'b'], const: 'a', $comment: 'c' },
        nested: { type: 'array', items: { $ref: '#/$defs/step', description: 'd' }, prefixItems: [{ title: 't' }] },
      },
      required: ['ref'],
      additionalProperties: { description: 'extra' },
      anyOf: [{ required: ['ref'], description: 'one' }, true],
      $defs: { step: { type: 'object', properties: { name: { type: 'string' } } } },
      not: 'not a schema',
    };
    const guard = markingGuard();
    expect(await guardJsonSchema(schema, guard, { use: 'input' })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      title: '«Deploy»',
      description: '«Deploys a ref»',
      properties: {
        ref: { type: 'string', pattern: '^[a-z]+$', format: 'uri', minLength: 1, default: '«main»', examples: ['«v1»'], 'x-hint': '«h»' },
        description: { enum: ['«a»', '«b»'], const: '«a»', $comment: '«c»' },
        nested: { type: 'array', items: { $ref: '#/$defs/step', description: '«d»' }, prefixItems: [{ title: '«t»' }] },
      },
      required: ['ref'],
      additionalProperties: { description: '«extra»' },
      anyOf: [{ required: ['ref'], description: '«one»' }, true],
      $defs: { step: { type: 'object', properties: { name: { type: 'string' } } } },
      not: '«not a schema»',
    });
    expect(new Set(guard.uses)).toEqual(new Set(['input']));
  });

  test('a property named __proto__ stays an own property', async () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"description":"x"}}}') as object;
    const guarded = (await guardJsonSchema(schema, markingGuard(), { use: 'toolResults' })) as { properties: object };
    expect(Object.keys(guarded.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(guarded.properties)).toBe(Object.prototype);
  });

  test('a schema nested deeper than 200 levels is refused with a typed error naming the argument', async () => {
    let deep: object = { type: 'string' };
    for (let level = 0; level < 250; level += 1) deep = { items: deep };
    const thrown = await guardJsonSchema(deep, markingGuard(), { use: 'input', argument: 'tools' }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ argument: 'tools' });
  });
});
