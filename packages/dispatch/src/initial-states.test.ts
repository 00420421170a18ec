import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type StoredStep, initialStates } from './initial-states';
import type { ResolvedStep } from './plan';
import type { TaskState } from './task';

const step = (ref: string, dependsOn: readonly string[]): ResolvedStep => ({ ref, title: ref, agent: 'a', request: 'r', dependsOn, expectedOutputs: [] });
const stored = (entries: ReadonlyArray<readonly [string, TaskState]>): Map<string, StoredStep> => new Map(entries.map(([ref, state]) => [ref, { ref, state, dependsOn: [] }]));

describe('initialStates', () => {
  test('stored steps get no entry; new ones follow their dependencies, new ones included', () => {
    const states = initialStates([step('a', []), step('b', ['a']), step('c', ['b']), step('d', ['x']), step('e', ['d', 'a'])], stored([['a', 'done'], ['x', 'running']]));
    expect(Object.fromEntries(states)).toEqual({
      b: { state: 'queued', error: null },
      c: { state: 'backlog', error: null },
      d: { state: 'backlog', error: null },
      e: { state: 'backlog', error: null },
    });
  });

  test('a chain of 100,000 new steps behind a failed step is skipped whole, without deep recursion', () => {
    const steps = Array.from({ length: 100_000 }, (_, index) => step(`s${index}`, [index === 0 ? 'root' : `s${index - 1}`]));
    // Listed last first, so the walk must go down the whole chain before deciding anything.
    const states = initialStates(steps.toReversed(), stored([['root', 'failed']]));
    expect(states.size).toBe(100_000);
    expect(states.get('s0')).toEqual({ state: 'skipped', error: 'skipped: upstream step "root" failed' });
    expect(states.get('s99999')).toEqual({ state: 'skipped', error: 'skipped: upstream step "s99998" was skipped' });
  });

  test('unknown refs, self-dependencies and cycles through new steps are PlanErrors', () => {
    expect(() => initialStates([step('b', ['nowhere'])], stored([['a', 'done']]))).toThrow(/depends on unknown step "nowhere"/);
    expect(() => initialStates([step('b', ['b'])], stored([]))).toThrow(/"b" depends on itself/);
    expect(() => initialStates([step('b', ['a', 'd']), step('c', ['b']), step('d', ['c'])], stored([['a', 'done']]))).toThrow(/cycle: b -> d -> c -> b/);
  });

  /** The rule written plainly, by fixpoint: what the explicit-stack walk must agree with. */
  const reference = (steps: readonly ResolvedStep[], known: ReadonlyMap<string, StoredStep>): Map<string, TaskState> => {
    const state = new Map<string, TaskState>([...known].map(([ref, row]) => [ref, row.state]));
    const fresh = steps.filter((candidate) => !known.has(candidate.ref));
    for (let round = 0; round <= fresh.length; round += 1) {
      for (const candidate of fresh) {
        const states = candidate.dependsOn.map((ref) => state.get(ref));
        if (states.some((value) => value === 'failed' || value === 'cancelled' || value === 'skipped')) state.set(candidate.ref, 'skipped');
        else if (states.every((value) => value === 'done')) state.set(candidate.ref, 'queued');
        else state.set(candidate.ref, 'backlog');
      }
    }
    return new Map(fresh.map((candidate) => [candidate.ref, state.get(candidate.ref) as TaskState]));
  };

  test('property: any acyclic new steps over any stored states get the states the rule gives', () => {
    const storedState = fc.constantFrom<TaskState>('backlog', 'queued', 'running', 'done', 'done', 'failed', 'cancelled', 'skipped');
    fc.assert(
      fc.property(fc.array(storedState, { maxLength: 5 }), fc.array(fc.array(fc.nat(20), { maxLength: 3 }), { minLength: 1, maxLength: 10 }), fc.boolean(), (states, picks, reversed) => {
        const known = stored(states.map((state, index) => [`old${index}`, state]));
        // New step i depends on stored steps or new steps before it: acyclic by construction.
        const steps = picks.map((choices, index) => {
          const available = [...known.keys(), ...Array.from({ length: index }, (_, earlier) => `new${earlier}`)];
          return step(`new${index}`, available.length === 0 ? [] : [...new Set(choices.map((choice) => available[choice % available.length] as string))]);
        });
        const ordered = reversed ? steps.toReversed() : steps;
        const decided = initialStates(ordered, known);
        expect(new Map([...decided].map(([ref, initial]) => [ref, initial.state]))).toEqual(reference(ordered, known));
        for (const initial of decided.values()) expect(initial.error !== null).toBe(initial.state === 'skipped');
      }),
      { numRuns: 500 },
    );
  });
});
