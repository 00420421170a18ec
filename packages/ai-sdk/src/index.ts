/**
 * Parley for the Vercel AI SDK: run any Parley text middleware on a model's output, and keep
 * secrets out of what the model is sent.
 *
 * @module
 */
export type { AnyTextMiddleware, ParleyMiddlewareOptions, ParleyTransformOptions } from './parley-options';
export { guardTools } from './guard-tools';
export { parleyMiddleware } from './parley-middleware';
export type { PromptGuard, PromptGuardUse } from '@parley/core';
export { type ParleyStreamTextTransform, parleyTransform } from './parley-transform';
