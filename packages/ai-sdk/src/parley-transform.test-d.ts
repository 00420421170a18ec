import { compose } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { guardTokensStream } from '@parley/tokens';
import { type StreamTextTransform, type Telemetry, tool, type ToolSet } from 'ai';
import { describe, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { parleyMiddleware } from './parley-middleware';
import { type ParleyStreamTextTransform, parleyTransform } from './parley-transform';

const tools = { deploy: tool({ description: 'Deploy', inputSchema: z.object({ env: z.string() }), execute: async ({ env }) => env }) };

describe('parleyTransform', () => {
  test('takes the tool set as its only type argument, with any middleware', () => {
    expectTypeOf(parleyTransform<typeof tools>(redactSecretsStream())).toEqualTypeOf<ParleyStreamTextTransform<typeof tools>>();
    expectTypeOf(parleyTransform<typeof tools>(compose(guardTokensStream({ mode: 'repair' }), redactSecretsStream()), { reasoning: 'passthrough' })).toEqualTypeOf<
      ParleyStreamTextTransform<typeof tools>
    >();
    expectTypeOf(parleyTransform(redactSecretsStream())).toEqualTypeOf<ParleyStreamTextTransform<ToolSet>>();
    // Still what `experimental_transform` takes, with a telemetry integration beside it.
    expectTypeOf(parleyTransform<typeof tools>(redactSecretsStream())).toExtend<StreamTextTransform<typeof tools>>();
    expectTypeOf(parleyTransform(redactSecretsStream()).telemetry).toEqualTypeOf<Telemetry>();
  });

  test('options are checked', () => {
    // @ts-expect-error the response body is parleyMiddleware's concern
    parleyTransform(redactSecretsStream(), { responseBody: 'drop' });
    // @ts-expect-error stream context goes inside `context`
    parleyMiddleware(redactSecretsStream(), { streamId: 'x' });
    // @ts-expect-error not a choice
    parleyMiddleware(redactSecretsStream(), { rawChunks: 'keep' });
    parleyMiddleware(redactSecretsStream(), { context: { streamId: 'x', speaker: 'cfo' }, rawChunks: 'drop', toolInputs: 'transform', responseBody: 'drop' });
  });
});
