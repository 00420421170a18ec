import * as fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { planIdGenerator, startWithIds } from './plan-id-generator';
import { planSpanContext } from './plan-span-context';

test('random ids outside a plan span\'s start, the plan\'s ids inside it, valid either way', () => {
  const generator = planIdGenerator();
  expect(generator.generateTraceId()).toMatch(/^[\da-f]{32}$/u);
  expect(generator.generateSpanId()).toMatch(/^[\da-f]{16}$/u);
  const ids = planSpanContext('plan-1');
  expect(startWithIds(ids, () => [generator.generateTraceId(), generator.generateSpanId()])).toEqual([ids.traceId, ids.spanId]);
  expect(generator.generateSpanId()).not.toBe(ids.spanId);
  expect(() => startWithIds(ids, () => { throw new Error('start failed'); })).toThrow('start failed');
  expect(generator.generateSpanId()).not.toBe(ids.spanId);
});

test('a generator from another copy of the package still gives the plan span its ids', async () => {
  vi.resetModules();
  const copy = (await import('./plan-id-generator')) as typeof import('./plan-id-generator');
  expect(copy.planIdGenerator).not.toBe(planIdGenerator);
  const ids = planSpanContext('plan-2');
  expect(startWithIds(ids, () => copy.planIdGenerator().generateSpanId())).toBe(ids.spanId);
});

test('property: plan span contexts are valid, stable, and differ by plan id and namespace', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), (planId, otherId, namespace) => {
      const context = planSpanContext(planId, { namespace });
      expect(context.traceId).toMatch(/^[\da-f]{32}$/u);
      expect(context.spanId).toMatch(/^[\da-f]{16}$/u);
      expect(context.traceId).not.toMatch(/^0+$/u);
      expect(context.spanId).not.toMatch(/^0+$/u);
      expect(planSpanContext(planId, { namespace })).toEqual(context);
      if (otherId !== planId) expect(planSpanContext(otherId, { namespace }).traceId).not.toBe(context.traceId);
      if (namespace !== '') expect(planSpanContext(planId).traceId).not.toBe(context.traceId);
    }),
    { numRuns: 500 },
  );
});
