import type { Task } from '@parley/dispatch';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { layoutPlan } from './plan-layout';

const size = { nodeWidth: 200, nodeHeight: 54 };

const task = (ref: string, dependsOn: readonly string[], index: number): Task =>
  ({ id: `t${index}`, planId: 'p', ref, title: ref, agent: 'writer', request: '', dependsOn, expectedOutputs: [], state: 'queued', attempt: 0, createdAt: 1, updatedAt: 1 }) as unknown as Task;

/** Names a plain object answers to without holding them: the refs that reach a prototype. */
const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString'];

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const expectPrototypeUntouched = (): void => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
};

describe('layoutPlan', () => {
  test('the reported shapes: a step named __proto__, constructor or toString is laid out, and nothing is polluted', () => {
    for (const [first, second] of [
      ['__proto__', 'b'],
      ['a', '__proto__'],
      ['constructor', 'b'],
      ['hasOwnProperty', 'toString'],
      ['valueOf', 'b'],
    ] as const) {
      const layout = layoutPlan([task(first, [], 0), task(second, [first], 1)], size);
      expect(layout.nodes.map((node) => node.task.ref)).toEqual([first, second]);
      expect(layout.edges.map((edge) => [edge.from, edge.to])).toEqual([[first, second]]);
      const [left, right] = layout.nodes;
      expect(right?.x).toBeGreaterThan(left?.x ?? Number.POSITIVE_INFINITY);
      expectPrototypeUntouched();
    }
  });

  // Invariant: whatever the refs (any text, a prototype's key, repeated, unknown dependencies),
  // every task gets a finite place, the only edges are the plan's own dependencies, a dependent is
  // drawn to the right of what it depends on, and no object of the page changes its prototype.
  test('any refs: every task placed, edges exactly the dependencies, dependents to the right, no pollution', { timeout: 180_000 }, () => {
    const ref = fc.oneof(fc.constantFrom(...prototypeKeys), fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('a', 'b', 'c'));
    const plan = fc.uniqueArray(ref, { minLength: 1, maxLength: 12 }).chain((refs) =>
      fc.tuple(
        fc.constant(refs),
        // Each step depends on some earlier steps (a plan is acyclic) and perhaps on a ref the plan lacks.
        fc.tuple(...refs.map((_, index) => fc.tuple(fc.subarray(refs.slice(0, index)), fc.option(ref, { nil: undefined })))),
      ),
    );
    fc.assert(
      fc.property(plan, ([refs, dependencies]) => {
        const tasks = refs.map((name, index) => {
          const [earlier, stray] = dependencies[index] ?? [[], undefined];
          // A stray that names a later step of the plan would make a cycle, which no plan has.
          return task(name, stray === undefined || refs.includes(stray) ? earlier : [...earlier, stray], index);
        });
        const layout = layoutPlan(tasks, size);
        expectPrototypeUntouched();
        expect(layout.nodes.map((node) => node.task)).toEqual(tasks);
        for (const node of layout.nodes) expect(Number.isFinite(node.x) && Number.isFinite(node.y)).toBe(true);
        const known = new Set(refs);
        const expected = tasks.flatMap((one) => [...new Set(one.dependsOn)].filter((dependency) => known.has(dependency) && dependency !== one.ref).map((dependency) => `${dependency}\u0000${one.ref}`));
        expect(layout.edges.map((edge) => `${edge.from}\u0000${edge.to}`).sort()).toEqual(expected.sort());
        const x = new Map(layout.nodes.map((node) => [node.task.ref, node.x]));
        for (const edge of layout.edges) {
          expect(x.get(edge.to)).toBeGreaterThan(x.get(edge.from) ?? Number.POSITIVE_INFINITY);
          for (const point of edge.points) expect(Number.isFinite(point.x) && Number.isFinite(point.y)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
