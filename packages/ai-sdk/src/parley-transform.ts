import type { StreamTextTransform, TextStreamPart, ToolSet } from 'ai';
import { type AnyTextMiddleware, type ParleyTransformOptions, resolveOptions } from './parley-options';
import { streamPartTransform } from './stream-part-transform';

const allowed = ['context', 'reasoning', 'rawChunks', 'toolInputs'] as const;

/**
 * A `streamText` transform (`experimental_transform`) that runs a Parley text middleware on each
 * text and reasoning block of the result and on the string values of raw chunks, passing every
 * other part through unchanged and in order. Tool-call inputs are left as they are unless
 * `toolInputs: 'transform'`. Give the tool set as the type argument when `streamText` needs it.
 *
 * @throws {InvalidArgumentError} When `middleware` is not a Parley text middleware or an option is
 * unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * streamText({ model, prompt, tools, experimental_transform: parleyTransform<typeof tools>(redactSecretsStream()) });
 * ```
 */
export function parleyTransform<Tools extends ToolSet = ToolSet>(middleware: AnyTextMiddleware, options?: ParleyTransformOptions): StreamTextTransform<Tools> {
  const resolved = resolveOptions('parleyTransform', middleware, options, allowed);
  return () => streamPartTransform<TextStreamPart<Tools>>(middleware, 'text', resolved);
}
