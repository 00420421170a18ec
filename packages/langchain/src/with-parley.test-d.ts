import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { compose, type StreamContextInit } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { guardTokensStream } from '@parley/tokens';
import { type AgentMiddleware, createAgent } from 'langchain';
import { describe, expectTypeOf, test } from 'vitest';
import { parleyAgentMiddleware } from './parley-agent-middleware';
import { NO_STREAM_TAG, ParleyChatModel, withParley } from './with-parley';
import type { WithParleyOptions } from './with-parley-options';
import type { PromptGuard } from '@parley/core';
import type { SecretGuard } from '@parley/redaction/guard';

const model = new FakeListChatModel({ responses: ['hello'] });

describe('withParley', () => {
  test('wraps a chat model into a chat model of AIMessageChunk, with any middleware', () => {
    expectTypeOf(withParley(model, redactSecretsStream())).toEqualTypeOf<ParleyChatModel>();
    expectTypeOf(withParley(model, compose(guardTokensStream({ mode: 'repair' }), redactSecretsStream()), { reasoning: 'passthrough' })).toEqualTypeOf<ParleyChatModel>();
    expectTypeOf<ParleyChatModel>().toExtend<BaseChatModel>();
    expectTypeOf<typeof NO_STREAM_TAG>().toEqualTypeOf<'nostream'>();
    expectTypeOf(withParley(model, redactSecretsStream()).invoke('hi')).resolves.toEqualTypeOf<AIMessageChunk>();
  });

  test('options are spelled out and checked', () => {
    expectTypeOf<WithParleyOptions>().toEqualTypeOf<{
      readonly context?: StreamContextInit;
      readonly reasoning?: 'transform' | 'passthrough';
      readonly toolInputs?: 'passthrough' | 'transform';
      readonly guard?: PromptGuard;
    }>();
    // A secret guard from @parley/redaction/guard is a PromptGuard.
    expectTypeOf<SecretGuard>().toExtend<PromptGuard>();
    // @ts-expect-error stream context goes inside `context`
    withParley(model, redactSecretsStream(), { streamId: 'x' });
    // @ts-expect-error not a choice
    withParley(model, redactSecretsStream(), { toolInputs: 'drop' });
    // @ts-expect-error not a Parley text middleware
    withParley(model, (text: string) => text);
  });
});

describe('parleyAgentMiddleware', () => {
  test('is an agent middleware createAgent takes', () => {
    const middleware = parleyAgentMiddleware(redactSecretsStream(), { toolInputs: 'transform' });
    expectTypeOf(middleware).toExtend<AgentMiddleware>();
    createAgent({ model, tools: [], middleware: [middleware] });
    // @ts-expect-error not a choice
    parleyAgentMiddleware(redactSecretsStream(), { reasoning: 'drop' });
  });
});
