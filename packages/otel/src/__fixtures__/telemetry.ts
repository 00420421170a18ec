// An OpenTelemetry SDK for tests: spans into an in-memory exporter, metrics into a reader that
// collects on demand, and the AsyncLocalStorage context manager (registered once per test file).
import { context, type Meter, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { planIdGenerator } from '../plan-id-generator';

let contextManagerSet = false;
/** Registers the AsyncLocalStorage context manager, once. */
export function useAsyncContext(): void {
  if (contextManagerSet) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  contextManagerSet = true;
}

class CollectingReader extends MetricReader {
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
}

/** One data point of a counter: its attributes and value. */
export interface CounterPoint {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly value: number;
}

/** A tracer provider with its exporter, and a meter with its reader. */
export interface Telemetry {
  readonly tracer: Tracer;
  readonly meter: Meter;
  /** Every span started, ended or not (ended ones are also in `finished()`). */
  readonly started: ReadableSpan[];
  /** How many times each span id ended. */
  readonly ends: Map<string, number>;
  finished(): ReadableSpan[];
  counter(name: string): Promise<CounterPoint[]>;
  /** Everything exported (spans with events, links, status; metric points) as one JSON text. */
  exported(): Promise<string>;
}

/** A fresh SDK; `planIds` configures {@link planIdGenerator} (the dispatching process's setup). */
export function createTelemetry(options: { readonly planIds?: boolean } = {}): Telemetry {
  useAsyncContext();
  const exporter = new InMemorySpanExporter();
  const started: ReadableSpan[] = [];
  const ends = new Map<string, number>();
  const watcher: SpanProcessor = {
    onStart: (span) => void started.push(span as unknown as ReadableSpan),
    onEnd: (span) => void ends.set(span.spanContext().spanId, (ends.get(span.spanContext().spanId) ?? 0) + 1),
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), watcher],
    ...(options.planIds === true ? { idGenerator: planIdGenerator() } : {}),
  });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const counter = async (name: string): Promise<CounterPoint[]> => {
    const { resourceMetrics } = await reader.collect();
    const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((candidate) => candidate.descriptor.name === name);
    return (metric?.dataPoints ?? []).map((point) => ({ attributes: point.attributes, value: point.value as number }));
  };
  return {
    tracer: provider.getTracer('parley-test'),
    meter: meterProvider.getMeter('parley-test'),
    started,
    ends,
    finished: () => exporter.getFinishedSpans(),
    counter,
    exported: async () => {
      const { resourceMetrics } = await reader.collect();
      const spans = exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        links: span.links,
        status: span.status,
      }));
      return JSON.stringify({ spans, metrics: resourceMetrics.scopeMetrics });
    },
  };
}
