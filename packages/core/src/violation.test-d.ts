import { expectTypeOf, test } from 'vitest';
import type { Violation } from './violation';

test('code is a literal union that narrows', () => {
  type ReplyViolation = Violation<'P2', 'UNCITED_TASK' | 'UNKNOWN_TASK'>;
  expectTypeOf<ReplyViolation['code']>().toEqualTypeOf<'UNCITED_TASK' | 'UNKNOWN_TASK'>();
  expectTypeOf<ReplyViolation>().toExtend<Violation>();
  // @ts-expect-error a code outside the union
  const wrong: ReplyViolation = { rule: 'P2', code: 'OTHER', message: '' };
  void wrong;
});
