import { type Attributes, type Context, context, type Counter, type Meter, type Span, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { type ContextOpener, createStreamContext, Middleware, type OpenOptions, type StreamContext, type StreamContextInit, type TextMiddleware, type TextSession } from '@parley/core';
import { eventAttributes, isIdentifier, ruleAndCode } from './event-attributes';

/** Options of {@link traceMiddleware}. */
export interface TraceMiddlewareOptions {
  /**
   * Starts a span of its own (`parley.stream`) for a session opened where no span is active, so
   * its events are still traced; it ends with the session. Without it, such a session's events
   * only count.
   */
  readonly tracer?: Tracer;
  /** Counts redactions (`parley.redactions`) and violations (`parley.violations`). */
  readonly meter?: Meter;
}

interface Counters {
  readonly redactions: Counter;
  readonly violations: Counter;
}

/** A session whose own span ends, once, when it ends or throws. */
const endingSpan = (session: TextSession, span: Span): TextSession => {
  let open = true;
  const close = (error?: unknown): void => {
    if (!open) return;
    open = false;
    if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  return {
    write: (chunk) => {
      try {
        return session.write(chunk);
      } catch (error) {
        close(error);
        throw error;
      }
    },
    end: () => {
      try {
        const rest = session.end();
        close();
        return rest;
      } catch (error) {
        close(error);
        throw error;
      }
    },
  };
};

class TracedMiddleware<Events extends object> extends Middleware<Events> {
  readonly name: string;
  readonly #inner: TextMiddleware<Events>;
  readonly #tracer: Tracer | undefined;
  readonly #counters: Counters | undefined;

  constructor(inner: TextMiddleware<Events>, options: TraceMiddlewareOptions) {
    super();
    this.#inner = inner;
    this.name = inner.name;
    this.#tracer = options.tracer;
    this.#counters =
      options.meter === undefined
        ? undefined
        : {
            redactions: options.meter.createCounter('parley.redactions', { description: 'Secrets redacted from model text, by secret type.', unit: '{redaction}' }),
            violations: options.meter.createCounter('parley.violations', { description: 'Protocol violations found in model text, by rule and code.', unit: '{violation}' }),
          };
  }

  override open(init?: StreamContextInit, options?: OpenOptions<Events>): TextSession {
    return this.#open(context.active(), init, options);
  }

  /**
   * Sessions that report to the span active now (the model call's span, when an adapter calls
   * this as the call starts), wherever and whenever they open.
   */
  captureContext(): ContextOpener<Events> {
    const captured = context.active();
    return { name: this.name, open: (init, options) => this.#open(captured, init, options) };
  }

  #open(active: Context, init: StreamContextInit | undefined, options: OpenOptions<Events> | undefined): TextSession {
    const streamContext = createStreamContext(init);
    let span = trace.getSpan(active);
    let own = false;
    if ((span === undefined || !span.isRecording()) && this.#tracer !== undefined) {
      const attributes: Attributes = { 'parley.middleware': this.name };
      if (isIdentifier(streamContext.streamId)) attributes['parley.stream.id'] = streamContext.streamId;
      if (isIdentifier(streamContext.speaker)) attributes['parley.speaker'] = streamContext.speaker;
      span = this.#tracer.startSpan('parley.stream', { attributes }, active);
      own = true;
    }
    const recording = span !== undefined && span.isRecording() ? span : undefined;
    const counters = this.#counters;
    const onEvent = options?.onEvent as ((name: string, event: unknown) => void) | undefined;
    const emit = this.emit as (name: string, event: unknown) => boolean;
    const opened = (): TextSession => this.#inner.open(streamContext, {
      onEvent: (name, event) => {
        emit.call(this, name, event);
        onEvent?.(name, event);
        if (recording === undefined && counters === undefined) return;
        const fields = event as unknown as Readonly<Record<string, unknown>>;
        recording?.addEvent(`parley.${name}`, eventAttributes(name, fields));
        if (counters === undefined) return;
        if (name === 'redaction') counters.redactions.add(1, isIdentifier(fields['type']) ? { 'parley.secret.type': fields['type'] } : {});
        else if (name === 'violation') {
          const { rule, code } = ruleAndCode(fields);
          counters.violations.add(1, { ...(rule === undefined ? {} : { 'parley.rule': rule }), ...(code === undefined ? {} : { 'parley.code': code }) });
        }
      },
    });
    if (!own || recording === undefined) return opened();
    try {
      return endingSpan(opened(), recording);
    } catch (error) {
      recording.setStatus({ code: SpanStatusCode.ERROR });
      recording.end();
      throw error;
    }
  }

  /** Not used by `open`, which hands out the wrapped middleware's sessions itself. */
  protected createSession(streamContext: StreamContext): TextSession {
    return this.#inner.open(streamContext);
  }
}

/**
 * Wraps a middleware so that its events reach OpenTelemetry: each event becomes a span event
 * (`parley.<event name>`) on the span active when the session opens — the model call's span, such
 * as the AI SDK's `chat …` span (with `@ai-sdk/otel`) or a LangChain run — and redactions and violations
 * are counted. An adapter whose sessions open after the call started uses `captureContext()`.
 *
 * The text is untouched: the sessions are the wrapped middleware's own, so the output is the same
 * for every chunking, and the events are re-emitted unchanged. Attributes hold identifiers,
 * counts and positions only (see the README's table): never a message, a fix, a token's text or a
 * redacted value.
 *
 * @example
 * ```ts
 * import { metrics } from '@opentelemetry/api';
 * import { applyText, compose } from '@parley/core';
 * import { traceMiddleware } from '@parley/otel';
 * import { redactSecretsStream } from '@parley/redaction';
 * import { checkTokensStream } from '@parley/tokens';
 *
 * // Events go on the active span (none here) and into the meter's counters; the text is unchanged by tracing.
 * const guard = traceMiddleware(compose(redactSecretsStream(), checkTokensStream()), { meter: metrics.getMeter('my-app') });
 * console.log(applyText(guard, '[INVOKE:cfo|Is ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 still live?]\n').trimEnd()); // [INVOKE:cfo|Is <REDACTED:GITHUB_TOKEN> still live?]
 * ```
 */
export function traceMiddleware<Events extends object>(middleware: TextMiddleware<Events>, options: TraceMiddlewareOptions = {}): TextMiddleware<Events> {
  return new TracedMiddleware(middleware, options);
}
