import { defineMiddleware, type TextMiddleware } from '@parley/core';
import { fold, OTHER } from './fold';
import { findPrivateKeyEnd, MAX_END_MARKER } from './private-key-matcher';
import type { RedactionEvent, RedactionEvents } from './redaction-event';
import { createRedactionPlan, type RedactionOptions } from './redaction-plan';
import { render } from './render';
import { scan } from './scan';

/** Options of {@link redactSecrets}. */
export interface RedactSecretsOptions extends RedactionOptions {
  /** Called for every secret found, like a `redaction` listener (the envelope's quarantine uses it). */
  readonly onSecret?: (event: RedactionEvent) => void;
}

/**
 * A middleware that redacts secrets as text streams, leak-free: it never releases a character
 * that could still belong to a secret, and its output is the same however the text is chunked.
 *
 * It holds back only an undecided tail: the token-like run in progress (at most
 * `maxTokenLength`, 1024 by default) or a rule's candidate (at most its longest form). Inside a
 * private key block the placeholder is released at once and the block is dropped as it streams.
 *
 * @example
 * ```ts
 * const redactor = redactSecrets();
 * redactor.on('redaction', ({ type, start, end }) => audit.warn(`${type} at ${start}..${end}`));
 * for await (const text of transformText(llmStream, redactor)) process.stdout.write(text);
 * ```
 */
export function redactSecrets(options: RedactSecretsOptions = {}): TextMiddleware<RedactionEvents> {
  const plan = createRedactionPlan(options);
  return defineMiddleware<RedactionEvents>({
    name: 'redact-secrets',
    createSession: (context, emit) => {
      let pending = '';
      let base = 0;
      let previous = OTHER;
      let openKey: { readonly type: string; readonly start: number } | undefined;

      const report = (type: string, start: number, end: number): void => {
        emit('redaction', { type, start, end });
        options.onSecret?.({ type, start, end, stream: context.streamId });
      };
      const advance = (count: number): void => {
        if (count === 0) return;
        previous = fold(pending.charCodeAt(count - 1));
        pending = pending.slice(count);
        base += count;
      };

      const drain = (final: boolean): string => {
        let output = '';
        for (;;) {
          if (openKey !== undefined) {
            const end = findPrivateKeyEnd(pending, 0);
            if (end < 0 && !final) {
              advance(Math.max(0, pending.length - MAX_END_MARKER));
              return output;
            }
            const close = end < 0 ? pending.length : end;
            report(openKey.type, openKey.start, base + close);
            openKey = undefined;
            advance(close);
            continue;
          }
          const result = scan(pending, previous, final, plan);
          const cut = result.open?.start ?? result.holdFrom;
          output += render(pending, result.findings, cut, plan);
          for (const finding of result.findings) report(finding.type, base + finding.start, base + finding.end);
          if (result.open === undefined) {
            advance(cut);
            return output;
          }
          output += plan.placeholder(result.open.type);
          openKey = { type: result.open.type, start: base + result.open.start };
          advance(result.open.resume);
        }
      };

      return {
        write: (chunk) => {
          pending += chunk;
          return drain(false);
        },
        end: () => drain(true),
      };
    },
  });
}
