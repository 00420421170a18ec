import { type Meter, trace, type Tracer } from '@opentelemetry/api';
import { compose, type TextMiddleware } from '@parley/core';
import { createDispatcher, createSqliteTaskStore, type DispatchAgent } from '@parley/dispatch';
import { type RedactionEvents, redactSecretsStream } from '@parley/redaction';
import { type CheckTokensEvents, checkTokensStream } from '@parley/tokens';
import { expectTypeOf, test } from 'vitest';
import { type DispatchTracing, type PlanIdGenerator, planIdGenerator, planSpanContext, traceDispatch, type TraceDispatchOptions, traceMiddleware, type TraceMiddlewareOptions } from './index';

test('traceMiddleware keeps the wrapped middleware\'s event map', () => {
  const traced = traceMiddleware(compose(redactSecretsStream(), checkTokensStream()));
  expectTypeOf(traced).toExtend<TextMiddleware<RedactionEvents & CheckTokensEvents>>();
  traced.on('redaction', (event) => expectTypeOf(event.type).toEqualTypeOf<string>());
  // @ts-expect-error an event the middleware does not emit
  traced.on('verdict', () => {});
  expectTypeOf<TraceMiddlewareOptions>().toEqualTypeOf<{ readonly tracer?: Tracer; readonly meter?: Meter }>();
  // @ts-expect-error options are spelled out
  traceMiddleware(redactSecretsStream(), { trace: trace.getTracer('x') });
});

test('traceDispatch takes a dispatcher and a tracer, and returns a disposer whose agents keep their type', () => {
  const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
  const tracing = traceDispatch(dispatcher, { tracer: trace.getTracer('x') });
  expectTypeOf(tracing).toEqualTypeOf<DispatchTracing>();
  expectTypeOf(tracing).toExtend<Disposable>();
  const agents = tracing.agents({ coding_agent: (async () => ({ paths: [] })) satisfies DispatchAgent });
  expectTypeOf(agents).toHaveProperty('coding_agent');
  expectTypeOf<TraceDispatchOptions['errorMessage']>().toEqualTypeOf<((message: string, task: import('@parley/dispatch').Task) => string | undefined) | undefined>();
  // @ts-expect-error the tracer is required
  traceDispatch(dispatcher, {});
});

test('plan ids: a span context and an SDK-shaped id generator', () => {
  expectTypeOf(planSpanContext('plan-1', { namespace: 'prod' }).traceId).toEqualTypeOf<string>();
  expectTypeOf(planIdGenerator()).toEqualTypeOf<PlanIdGenerator>();
  expectTypeOf<PlanIdGenerator>().toExtend<import('@opentelemetry/sdk-trace-base').IdGenerator>();
});
