import type { SpanContext } from '@opentelemetry/api';

/**
 * What OpenTelemetry's SDK asks of an id generator (`BasicTracerProvider({ idGenerator })`,
 * `NodeSDK({ idGenerator })`); the SDK's `IdGenerator` interface has this shape.
 */
export interface PlanIdGenerator {
  /** 32 lowercase hex digits. */
  generateTraceId(): string;
  /** 16 lowercase hex digits. */
  generateSpanId(): string;
}

/**
 * The ids the next span must take, while a plan's root span is being started. Kept on a global
 * slot (by `Symbol.for`) rather than in this module, so a generator from one installed copy of
 * this package and `traceDispatch` from another still meet.
 */
const slot = ((globalThis as Record<symbol, unknown>)[Symbol.for('parley.otel.planIds')] ??= { pending: undefined }) as { pending: SpanContext | undefined };

/**
 * Runs `start` (which starts one span) so that a tracer whose provider uses
 * {@link planIdGenerator} gives that span the ids of `ids`.
 */
export function startWithIds<Result>(ids: SpanContext, start: () => Result): Result {
  slot.pending = ids;
  try {
    return start();
  } finally {
    slot.pending = undefined;
  }
}

const randomHex = (bytes: number): string => {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const value of values) text += value.toString(16).padStart(2, '0');
  // All zeros is an invalid id; a 2^-64 chance, but cheap to rule out.
  return /^0+$/u.test(text) ? `${text.slice(0, -1)}1` : text;
};

/**
 * An id generator for OpenTelemetry's SDK that gives each plan's root span the ids
 * {@link planSpanContext} computes from the plan id, and random ids to every other span. Configure
 * it in the process that dispatches plans, so that task spans started in other processes (whose
 * parent is computed from the plan id) hang under the real plan span:
 *
 * @example
 * ```ts
 * import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
 * import { createDispatcher, createSqliteTaskStore, createWorker } from '@parley/dispatch';
 * import { planIdGenerator, planSpanContext, traceDispatch } from '@parley/otel';
 *
 * const exporter = new InMemorySpanExporter();
 * const processor = new SimpleSpanProcessor(exporter);
 * const provider = new BasicTracerProvider({ idGenerator: planIdGenerator(), spanProcessors: [processor] });
 * const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
 * const tracing = traceDispatch(dispatcher, { tracer: provider.getTracer('my-app') });
 * await dispatcher.dispatchPlan({ id: 'plan-1', steps: [{ ref: 'load', title: 'Load the data', agent: 'coding_agent', request: 'Load the wine data' }] });
 * await createWorker({ dispatcher, agents: tracing.agents({ coding_agent: async () => ({ paths: ['/data/wine.csv'] }) }) }).drain();
 * tracing.dispose();
 * // The plan's span has the ids any process computes from the plan id alone.
 * const plan = exporter.getFinishedSpans().find((span) => span.name === 'parley.plan');
 * console.log(plan?.spanContext().traceId === planSpanContext('plan-1').traceId); // true
 * ```
 */
export function planIdGenerator(): PlanIdGenerator {
  return {
    generateTraceId: () => slot.pending?.traceId ?? randomHex(16),
    generateSpanId: () => slot.pending?.spanId ?? randomHex(8),
  };
}
