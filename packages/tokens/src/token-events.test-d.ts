import type { EventsOf, StreamEvent, TextMiddleware, Violation } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import type { CheckTokensOptions } from './check-tokens';
import { type CheckTokensEvents, checkTokensStream } from './check-tokens-stream';
import type { Council, CouncilEvents } from './council';
import { type GuardTokensEvents, guardTokensStream } from './guard-tokens-stream';
import type { TokenOf } from './token';
import type { TokenViolation } from './token-violation';
import type { TokenRule, TokenViolationCode } from './token-violation-rules';

describe('the token event maps', () => {
  test('checkTokensStream emits one event per token kind and violation', () => {
    expectTypeOf(checkTokensStream({} satisfies CheckTokensOptions)).toEqualTypeOf<TextMiddleware<CheckTokensEvents>>();
    expectTypeOf<keyof EventsOf<TextMiddleware<CheckTokensEvents>>>().toEqualTypeOf<'invoke' | 'response' | 'blocked' | 'assumption' | 'conflict' | 'broadcast' | 'chain' | 'violation'>();
    const validator = checkTokensStream();
    validator.on('invoke', (event) => {
      expectTypeOf(event.token).toEqualTypeOf<TokenOf<'invoke'>>();
      expectTypeOf(event.line).toBeNumber();
      expectTypeOf(event.stream).toBeString();
    });
    validator.on('violation', (event) => {
      expectTypeOf(event.code).toEqualTypeOf<TokenViolationCode>();
      expectTypeOf(event.rule).toEqualTypeOf<TokenRule>();
    });
    // @ts-expect-error no such event
    validator.on('repair', () => {});
  });

  test('guardTokensStream adds repair and block, with input offsets', () => {
    const guard = guardTokensStream({ mode: 'repair' });
    expectTypeOf(guard).toEqualTypeOf<TextMiddleware<GuardTokensEvents>>();
    guard.on('repair', (event) => {
      expectTypeOf(event.start).toBeNumber();
      expectTypeOf(event.end).toBeNumber();
      expectTypeOf(event.codes).toEqualTypeOf<readonly TokenViolationCode[]>();
    });
    guard.on('block', (event) => expectTypeOf(event.role).toBeString());
  });

  test('a violation code is the literal union, not any string', () => {
    expectTypeOf<TokenViolation['code']>().toEqualTypeOf<TokenViolationCode>();
    expectTypeOf<'PROSE_INVOCATION'>().toExtend<TokenViolationCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<TokenViolationCode>();
  });

  test('a token violation is core\'s Violation with R1–R6, a line and a column', () => {
    expectTypeOf<TokenViolation>().toExtend<Violation<TokenRule, TokenViolationCode>>();
    expectTypeOf<TokenRule>().toEqualTypeOf<'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6'>();
    expectTypeOf<TokenViolation['line']>().toBeNumber();
    expectTypeOf<TokenViolation['column']>().toBeNumber();
    expectTypeOf<CheckTokensEvents['violation']>().toEqualTypeOf<StreamEvent & TokenViolation>();
  });

  test('the council emits messages, violations with the speaker, and blocked calls', () => {
    expectTypeOf<Council['on']>().toBeFunction();
    expectTypeOf<CouncilEvents['violation'][0]['role']>().toBeString();
    expectTypeOf<CouncilEvents['violation'][0]['code']>().toEqualTypeOf<TokenViolationCode>();
  });
});
