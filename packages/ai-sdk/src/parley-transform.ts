import type { StreamContextInit, TextMiddleware } from '@parley/core';
import type { StreamTextTransform, TextStreamPart, ToolSet } from 'ai';
import { textBlockTransform } from './text-block-transform';

/**
 * A `streamText` transform (`experimental_transform`) that runs a Parley text middleware on each
 * text block of the result, passing every other part through unchanged and in order.
 *
 * @example
 * ```ts
 * streamText({ model, prompt, experimental_transform: parleyTransform(redactSecrets()) });
 * ```
 */
export function parleyTransform<Tools extends ToolSet, Events extends object = object>(middleware: TextMiddleware<Events>, context: StreamContextInit = {}): StreamTextTransform<Tools> {
  return () => textBlockTransform<TextStreamPart<Tools>, Events>(middleware, 'text', context);
}
