import type { EventsOf, TextMiddleware } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import { type CheckTokensOptions, type TokenEvents, validateTokens } from './check-tokens';
import type { Council, CouncilEvents } from './council';
import { type GuardEvents, guardTokens } from './guard-tokens';
import type { TokenOf } from './token';
import type { TokenViolation } from './token-violation';
import type { TokenRule, TokenViolationCode } from './token-violation-rules';

describe('the token event maps', () => {
  test('validateTokens emits one event per token kind and violation', () => {
    expectTypeOf(validateTokens({} satisfies CheckTokensOptions)).toEqualTypeOf<TextMiddleware<TokenEvents>>();
    expectTypeOf<keyof EventsOf<TextMiddleware<TokenEvents>>>().toEqualTypeOf<'invoke' | 'response' | 'blocked' | 'assumption' | 'conflict' | 'broadcast' | 'chain' | 'violation'>();
    const validator = validateTokens();
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

  test('guardTokens adds repair and block, with input offsets', () => {
    const guard = guardTokens({ mode: 'repair' });
    expectTypeOf(guard).toEqualTypeOf<TextMiddleware<GuardEvents>>();
    guard.on('repair', (event) => {
      expectTypeOf(event.start).toBeNumber();
      expectTypeOf(event.end).toBeNumber();
      expectTypeOf(event.codes).toEqualTypeOf<readonly string[]>();
    });
    guard.on('block', (event) => expectTypeOf(event.role).toBeString());
  });

  test('a violation code is the literal union, not any string', () => {
    expectTypeOf<TokenViolation['code']>().toEqualTypeOf<TokenViolationCode>();
    expectTypeOf<'PROSE_INVOCATION'>().toExtend<TokenViolationCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<TokenViolationCode>();
  });

  test('the council emits messages, violations with the speaker, and blocked calls', () => {
    expectTypeOf<Council['on']>().toBeFunction();
    expectTypeOf<CouncilEvents['violation'][0]['role']>().toBeString();
    expectTypeOf<CouncilEvents['violation'][0]['code']>().toEqualTypeOf<TokenViolationCode>();
  });
});
