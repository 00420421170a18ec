import { createSecretGuard } from '@parley/redaction/guard';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { leaks, secrets } from '../__fixtures__/planted-server';
import { guardMcpValue } from './guard-mcp-value';

/** Text with a planted secret somewhere in it (or none), between words. */
const text = fc.tuple(fc.string({ maxLength: 12 }), fc.option(fc.constantFrom(...Object.values(secrets))), fc.string({ maxLength: 12 })).map(([before, secret, after]) => (secret === null ? `${before} ${after}` : `${before} ${secret} ${after}`));

/** MCP-shaped JSON: content blocks, blobs of text, structured values with secrets in keys and values. */
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(text, tie('node'), { maxKeys: 4 }),
    text.map((body) => ({ type: 'text', text: body })),
    text.map((body) => ({ type: 'resource', resource: { uri: 'file:///x', blob: Buffer.from(body).toString('base64') } })),
  ),
})).node;

test('whatever the shape, no piece of a planted secret survives guarding, in keys, values or text blobs (fast-check)', async () => {
  await fc.assert(
    fc.asyncProperty(value, fc.constantFrom('redact', 'mask', 'hash', 'placeholder') as fc.Arbitrary<'redact' | 'mask' | 'hash' | 'placeholder'>, async (input, strategy) => {
      const guarded = await guardMcpValue(input, createSecretGuard({ toolResults: strategy }), 'toolResults');
      expect(leaks(guarded)).toEqual([]);
    }),
    { numRuns: 200 },
  );
});
