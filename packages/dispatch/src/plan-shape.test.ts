import { describe, expect, test } from 'vitest';
import { planShape } from './plan-shape';

const plan = (edges: Readonly<Record<string, readonly string[]>>): Array<{ ref: string; dependsOn: readonly string[] }> =>
  Object.entries(edges).map(([ref, dependsOn]) => ({ ref, dependsOn }));

describe('planShape', () => {
  test.each([
    ['one task', { a: [] }, ''],
    ['independent tasks', { a: [], b: [], c: [] }, 'in parallel'],
    ['a chain', { a: [], b: ['a'], c: ['b'] }, 'as a chain'],
    ['a chain written out of order', { c: ['b'], a: [], b: ['a'] }, 'as a chain'],
    ['two lines', { a: [], b: ['a'], c: [], d: ['c'] }, 'as 2 parallel chains'],
    ['a line and a lone task', { a: [], b: ['a'], c: [] }, 'as 2 parallel chains'],
    ['a diamond', { load: [], clean: ['load'], model: ['load'], report: ['clean', 'model'] }, 'as a diamond'],
    ['a wide diamond', { a: [], b: ['a'], c: ['a'], d: ['a'], e: ['b', 'c', 'd'] }, 'as a diamond'],
    ['a fan-out', { a: [], b: ['a'], c: ['a'] }, 'as a dependency graph (DAG)'],
    ['a fan-in', { a: [], b: [], c: ['a', 'b'] }, 'as a dependency graph (DAG)'],
    ['a diamond with a shortcut', { a: [], b: ['a'], c: ['a'], d: ['b', 'c', 'a'] }, 'as a dependency graph (DAG)'],
    ['a diamond with a tail', { a: [], b: ['a'], c: ['a'], d: ['b', 'c'], e: ['d'] }, 'as a dependency graph (DAG)'],
  ] as const)('%s', (_, edges, expected) => {
    expect(planShape(plan(edges))).toBe(expected);
  });

  test('ignores dependencies on tasks outside the plan and repeated ones', () => {
    expect(planShape(plan({ a: ['elsewhere'], b: ['a', 'a'] }))).toBe('as a chain');
  });
});
