import { iterateSource, type Source } from './source';
import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Pipes a text stream through a middleware, yielding each piece of output as soon as the
 * middleware releases it. Empty pieces are not yielded.
 *
 * @example
 * ```ts
 * import { transformText } from '@parley/core';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * // Any async iterable of text: here a model's reply, in pieces that cut the key.
 * async function* llmTextStream(): AsyncGenerator<string> {
 *   yield 'Use sk_live_4eC39HqLyjWDarj';
 *   yield 'tZ1fG0b2h for payments.';
 * }
 * let shown = '';
 * for await (const text of transformText(llmTextStream(), redactSecretsStream())) shown += text;
 * console.log(shown); // Use <REDACTED:STRIPE_SECRET_KEY> for payments.
 * ```
 */
export async function* transformText<Events extends object>(
  source: Source<string>,
  middleware: TextMiddleware<Events>,
  context?: StreamContextInit,
): AsyncGenerator<string, void, undefined> {
  const session = middleware.open(context);
  for await (const chunk of iterateSource(source)) {
    const text = session.write(chunk);
    if (text.length > 0) yield text;
  }
  const rest = session.end();
  if (rest.length > 0) yield rest;
}
