/**
 * Parley for LangChain.js: run any Parley text middleware on a chat model's output.
 *
 * @module
 */
export { NO_STREAM_TAG, ParleyChatModel, withParley } from './with-parley';
export type { AnyTextMiddleware, WithParleyOptions } from './with-parley-options';
export type { PromptGuard, PromptGuardUse } from '@parley/core';
