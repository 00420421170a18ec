import { defineMiddleware, ParleyError, type TextMiddleware } from '@parley/core';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import type { RedactionOptions } from '../api/redaction-options';
import { LINE_TOO_LONG } from '../api/line-redactor';

/** What a guarded stream asks its guard for: the text for each secret, and leave to go on. */
export interface GuardStreamHooks {
  /**
   * The text that stands for a secret of `type`. `value` is the secret as written, or `undefined`
   * when the stream did not keep it (a line cut at the line limit, a private key block longer than
   * {@link MAX_KEPT_SPAN}). May throw, to block.
   */
  readonly replace: (type: string, value: string | undefined) => string;
  /** A secret of `type` has begun whose end is not read yet (a private key block). May throw, to block. */
  readonly begin: (type: string) => void;
}

/** The placeholder the inner redactor writes; only its length is read, the hooks write the real one. */
const innerPlaceholder = (type: string): string => `<REDACTED:${type}>`;

/** The longest span whose value a stream keeps while its end is not read (a private key block). */
export const MAX_KEPT_SPAN = 65_536;
/** What is kept of an open span past {@link MAX_KEPT_SPAN}: more than the redactor holds after a span's end. */
const KEPT_TAIL = 16_384;

/** The error of a guarded stream whose redactor released text that is not its input: a bug, never a secret. */
function mismatch(): ParleyError {
  return new ParleyError({ code: 'GUARD_STREAM_MISMATCH', message: 'The guarded stream could not match the redactor\'s output to its input; nothing more is released. Please report this with the redaction options used.' });
}

interface Span {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * A text middleware that finds secrets in streamed text with {@link redactSecretsStream} (the same
 * rules, the same leak-free hold of an undecided tail, the same output however the text is chunked)
 * and writes what `hooks.replace` gives for each one, from the secret's own value: a mask, a hash,
 * a placeholder. It keeps the input the redactor has not released yet and reads each secret's value
 * from it by the redactor's events; a private key block, which the redactor drops as it streams, is
 * kept up to {@link MAX_KEPT_SPAN} characters.
 *
 * @internal Built by a secret guard: `guard.guardStream({ use })`.
 */
export function guardStream(redaction: RedactionOptions | undefined, hooks: GuardStreamHooks): TextMiddleware {
  const inner = redactSecretsStream({ ...redaction, placeholder: innerPlaceholder });
  return defineMiddleware({
    name: 'secret-guard',
    createSession: (context) => {
      const events: Span[] = [];
      const session = inner.open(context, { onEvent: (_name, { type, start, end }) => events.push({ type, start, end }) });
      /** The input from `keptFrom` on: what the redactor has not accounted for yet. */
      let kept = '';
      let keptFrom = 0;
      /** How much input was written. */
      let total = 0;
      /** The input before this is accounted for: released as it was, or replaced. */
      let at = 0;
      /** A secret whose placeholder was released before its end was read. */
      let open: { readonly type: string; readonly start: number; overflow: boolean } | undefined;
      /** What ended the session: a block, or a mismatch; every later call throws it again. */
      let failure: { readonly error: unknown } | undefined;

      const input = (from: number, to: number): string => kept.slice(from - keptFrom, to - keptFrom);
      /** Drops kept input before `from` once it is at least half of what is kept (linear over a stream). */
      const forget = (from: number): void => {
        const drop = from - keptFrom;
        if (drop > 0 && drop * 2 >= kept.length) {
          kept = kept.slice(drop);
          keptFrom = from;
        }
      };
      /** The redactor's output with each secret's placeholder replaced, its verbatim text checked against the input. */
      const absorb = (output: string): string => {
        let result = '';
        let index = 0;
        const verbatim = (to: number): void => {
          const length = to - at;
          if (length < 0 || output.slice(index, index + length) !== input(at, to)) throw mismatch();
          result += output.slice(index, index + length);
          index += length;
          at = to;
        };
        for (const event of events) {
          if (open !== undefined && event.start === open.start && event.type === open.type) {
            const value = open.overflow || event.end - event.start > MAX_KEPT_SPAN || open.type === LINE_TOO_LONG ? undefined : input(event.start, event.end);
            open = undefined;
            result += hooks.replace(event.type, value);
            at = event.end;
            continue;
          }
          if (open !== undefined) throw mismatch();
          verbatim(event.start);
          const placeholder = innerPlaceholder(event.type);
          if (output.slice(index, index + placeholder.length) !== placeholder) throw mismatch();
          index += placeholder.length;
          result += hooks.replace(event.type, event.type === LINE_TOO_LONG ? undefined : input(event.start, event.end));
          at = event.end;
        }
        events.length = 0;
        const rest = output.length - index;
        if (rest > 0) {
          if (open !== undefined) throw mismatch();
          if (output.slice(index) === input(at, at + rest)) verbatim(at + rest);
          else {
            // Text, then the placeholder of a secret whose end the redactor has not read (it drops the rest as it streams).
            const type = ['PRIVATE_KEY', LINE_TOO_LONG].find((name) => output.endsWith(innerPlaceholder(name)));
            if (type === undefined) throw mismatch();
            verbatim(at + rest - innerPlaceholder(type).length);
            hooks.begin(type);
            open = { type, start: at, overflow: type === LINE_TOO_LONG };
          }
        }
        return result;
      };
      const step = (run: () => string): string => {
        if (failure !== undefined) throw failure.error;
        try {
          const result = absorb(run());
          if (open === undefined) forget(at);
          else {
            if (!open.overflow && total - open.start > MAX_KEPT_SPAN + KEPT_TAIL) open.overflow = true;
            forget(open.overflow ? Math.max(open.start, total - KEPT_TAIL) : open.start);
          }
          return result;
        } catch (error) {
          failure = { error };
          throw error;
        }
      };
      return {
        write: (chunk) =>
          step(() => {
            kept += chunk;
            total += chunk.length;
            return session.write(chunk);
          }),
        end: () => step(() => session.end()),
      };
    },
  });
}
