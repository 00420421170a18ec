import type { EventsOf, StreamEvent, TextMiddleware, Violation } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import type { ReplyVerdict } from './check-reply';
import type { DispatchEvents } from './dispatch-events';
import type { DispatchViolation } from './dispatch-violation';
import type { DispatchRule, DispatchViolationCode } from './dispatch-violation-rules';
import { type GuardReplyEvents, guardReplyStream } from './guard-reply-stream';
import type { Task } from './task';

describe('the dispatch event maps', () => {
  test('guardReplyStream emits violation (flat) and verdict', () => {
    const guard = guardReplyStream({ dispatched: [] });
    expectTypeOf(guard).toEqualTypeOf<TextMiddleware<GuardReplyEvents>>();
    expectTypeOf<keyof EventsOf<typeof guard>>().toEqualTypeOf<'violation' | 'verdict'>();
    expectTypeOf<GuardReplyEvents['violation']>().toEqualTypeOf<StreamEvent & DispatchViolation>();
    expectTypeOf<GuardReplyEvents['verdict']>().toEqualTypeOf<StreamEvent & ReplyVerdict & { readonly withheld: boolean }>();
    guard.on('violation', (event) => {
      expectTypeOf(event.rule).toEqualTypeOf<DispatchRule>();
      expectTypeOf(event.code).toEqualTypeOf<DispatchViolationCode>();
      expectTypeOf(event.stream).toBeString();
      expectTypeOf(event.taskId).toEqualTypeOf<string | undefined>();
    });
    // @ts-expect-error the violation is flat, not nested
    guard.on('violation', (event) => event.violation);
    // @ts-expect-error no such event
    guard.on('repair', () => {});
  });

  test('a dispatch violation is core\'s Violation with P-rules and literal codes', () => {
    expectTypeOf<DispatchViolation>().toExtend<Violation<DispatchRule, DispatchViolationCode>>();
    expectTypeOf<DispatchRule>().toEqualTypeOf<'P0' | 'P1A' | 'P1B' | 'P2' | 'P5' | 'P6'>();
    expectTypeOf<'FLAT_ROOT_PATH'>().toExtend<DispatchViolationCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<DispatchViolationCode>();
  });

  test('the dispatcher\'s lifecycle events carry tasks', () => {
    expectTypeOf<DispatchEvents['created']>().toEqualTypeOf<[task: Task]>();
    expectTypeOf<DispatchEvents['progress'][0]['sentence']>().toBeString();
    expectTypeOf<DispatchEvents['fatal'][0]['error']>().toBeUnknown();
  });
});
