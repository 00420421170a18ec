/**
 * OpenTelemetry for Parley: a plan is a trace and each task a span (`traceDispatch`), and a
 * middleware's events become span events and counters on the model call's span
 * (`traceMiddleware`). Built on `@opentelemetry/api` only; no attribute ever holds model text.
 *
 * @module
 */
export { type PlanIdGenerator, planIdGenerator } from './plan-id-generator';
export { type PlanSpanContextOptions, planSpanContext } from './plan-span-context';
export { type DispatchTracing, type TraceDispatchOptions, traceDispatch } from './trace-dispatch';
export { type TraceMiddlewareOptions, traceMiddleware } from './trace-middleware';
