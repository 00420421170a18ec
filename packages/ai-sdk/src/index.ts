/**
 * Parley for the Vercel AI SDK: run any Parley text middleware on a model's output.
 *
 * @module
 */
export { parleyMiddleware } from './parley-middleware';
export { parleyTransform } from './parley-transform';
