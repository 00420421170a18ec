/**
 * Parley for the Vercel AI SDK: run any Parley text middleware on a model's output.
 *
 * @module
 */
export type { AnyTextMiddleware, ParleyMiddlewareOptions, ParleyTransformOptions } from './parley-options';
export { parleyMiddleware } from './parley-middleware';
export { parleyTransform } from './parley-transform';
