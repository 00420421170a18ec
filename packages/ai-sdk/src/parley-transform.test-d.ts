import { compose } from '@parley/core';
import { redactSecrets } from '@parley/redaction';
import { guardTokensStream } from '@parley/tokens';
import { type StreamTextTransform, tool, type ToolSet } from 'ai';
import { describe, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { parleyMiddleware } from './parley-middleware';
import { parleyTransform } from './parley-transform';

const tools = { deploy: tool({ description: 'Deploy', inputSchema: z.object({ env: z.string() }), execute: async ({ env }) => env }) };

describe('parleyTransform', () => {
  test('takes the tool set as its only type argument, with any middleware', () => {
    expectTypeOf(parleyTransform<typeof tools>(redactSecrets())).toEqualTypeOf<StreamTextTransform<typeof tools>>();
    expectTypeOf(parleyTransform<typeof tools>(compose(guardTokensStream({ mode: 'repair' }), redactSecrets()), { reasoning: 'passthrough' })).toEqualTypeOf<
      StreamTextTransform<typeof tools>
    >();
    expectTypeOf(parleyTransform(redactSecrets())).toEqualTypeOf<StreamTextTransform<ToolSet>>();
  });

  test('options are checked', () => {
    // @ts-expect-error the response body is parleyMiddleware's concern
    parleyTransform(redactSecrets(), { responseBody: 'drop' });
    // @ts-expect-error stream context goes inside `context`
    parleyMiddleware(redactSecrets(), { streamId: 'x' });
    // @ts-expect-error not a choice
    parleyMiddleware(redactSecrets(), { rawChunks: 'keep' });
    parleyMiddleware(redactSecrets(), { context: { streamId: 'x', speaker: 'cfo' }, rawChunks: 'drop', toolInputs: 'transform', responseBody: 'drop' });
  });
});
