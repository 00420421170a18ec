import { describe, expect, test } from 'vitest';
import { resolvePlan } from './plan';
import { PlanError } from './plan-error';

const step = (ref: string, dependsOn?: string[]) => ({ ref, title: `Step ${ref}`, agent: 'coding_agent', request: `do ${ref}`, ...(dependsOn === undefined ? {} : { dependsOn }) });

describe('resolvePlan', () => {
  test('auto-links a sequential plan: a step without dependsOn follows the previous one', () => {
    expect(resolvePlan({ id: 'p', steps: [step('a'), step('b'), step('c', ['a'])] }).steps.map((s) => [s.ref, s.dependsOn])).toEqual([
      ['a', []],
      ['b', ['a']],
      ['c', ['a']],
    ]);
    expect(resolvePlan({ id: 'p', sequential: false, steps: [step('a'), step('b')] }).steps.map((s) => s.dependsOn)).toEqual([[], []]);
  });

  test.each([
    [[step('a'), step('b', ['zz'])], 'step "b" depends on unknown step "zz"'],
    [[step('a', ['a'])], 'step "a" depends on itself'],
    [[step('a'), step('a')], 'duplicate step ref "a"'],
    [[step('a', ['c']), step('b', ['a']), step('c', ['b'])], 'cycle: a -> c -> b -> a'],
  ])('rejects %j with a named problem', (steps, problem) => {
    try {
      resolvePlan({ id: 'p', steps });
      expect.unreachable();
    } catch (error) {
      expect(PlanError.isInstance(error) && error.problems).toContain(problem);
      expect((error as PlanError).code).toBe('INVALID_PLAN');
    }
  });
});
