import { type SpanContext, TraceFlags } from '@opentelemetry/api';

/** Options of {@link planSpanContext}. */
export interface PlanSpanContextOptions {
  /**
   * Mixed into the ids, so that two stores whose plan ids repeat (`plan-1` in staging and in
   * production) give different traces. Every process of one deployment must use the same value.
   * Default: none.
   */
  readonly namespace?: string;
}

/** Six 32-bit words hashed from `text`, each lane with its own seed (a murmur-style mix). */
const hashWords = (text: string): number[] => {
  const words: number[] = [];
  for (let lane = 0; lane < 6; lane += 1) {
    let hash = Math.imul(lane + 1, 0x9e3779b9) ^ text.length;
    for (let index = 0; index < text.length; index += 1) {
      hash = Math.imul(hash ^ text.charCodeAt(index), 0x5bd1e995);
      hash ^= hash >>> 15;
    }
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    words.push((hash ^ (hash >>> 16)) >>> 0);
  }
  return words;
};

const hex = (words: readonly number[]): string => words.map((word) => word.toString(16).padStart(8, '0')).join('');

/** An all-zero id is invalid in OpenTelemetry; its last digit becomes 1. */
const valid = (id: string): string => (/^0+$/u.test(id) ? `${id.slice(0, -1)}1` : id);

/**
 * The span context of a plan's root span, computed from the plan id alone: the trace id and the
 * span id are hashes of the plan id (and the namespace). Every process computes the same context
 * for the same plan, which is how a task's span in a worker process finds its parent without any
 * message between the processes. The ids are not secret-safe digests: they identify, they do not
 * hide the plan id.
 *
 * @example
 * ```ts
 * import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
 * import { planSpanContext } from '@parley/otel';
 *
 * const exporter = new InMemorySpanExporter();
 * const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('my-app');
 * // Link an HTTP request's span to the plan it dispatched.
 * const span = tracer.startSpan('POST /plans');
 * span.addLink({ context: planSpanContext('session-42/plan-1') });
 * span.end();
 * console.log(exporter.getFinishedSpans()[0]?.links[0]?.context.spanId === planSpanContext('session-42/plan-1').spanId); // true
 * ```
 */
export function planSpanContext(planId: string, options: PlanSpanContextOptions = {}): SpanContext {
  const words = hashWords(`${options.namespace ?? ''}\u0000${planId}`);
  return {
    traceId: valid(hex(words.slice(0, 4))),
    spanId: valid(hex(words.slice(4, 6))),
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  };
}
