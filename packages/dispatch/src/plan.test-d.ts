import { describe, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import { type Plan, PlanSchema, PlanStepSchema, type ResolvedStep } from './plan';

// The schemas' zod types are spelled out by hand (isolatedDeclarations); these tests pin what they
// accept and what they parse to, so a hand-written type that drifts from its schema fails here.
interface WrittenStep {
  ref: string;
  title: string;
  agent: string;
  request: string;
  dependsOn?: string[] | undefined;
  expectedOutputs?: string[] | undefined;
  iterationOf?: string | undefined;
}

describe('the plan schema types', () => {
  test('a step as written, and as parsed (expected outputs default to none)', () => {
    expectTypeOf<z.input<typeof PlanStepSchema>>().toEqualTypeOf<WrittenStep>();
    expectTypeOf<z.output<typeof PlanStepSchema>>().toEqualTypeOf<{
      ref: string;
      title: string;
      agent: string;
      request: string;
      dependsOn?: string[] | undefined;
      expectedOutputs: string[];
      iterationOf?: string | undefined;
    }>();
  });

  test('a plan as written, and as parsed (sequential by default)', () => {
    expectTypeOf<Plan>().toEqualTypeOf<{ id: string; steps: WrittenStep[]; sequential?: boolean | undefined }>();
    expectTypeOf<z.output<typeof PlanSchema>['sequential']>().toEqualTypeOf<boolean>();
  });

  test('a resolved step has its dependencies settled', () => {
    expectTypeOf<ResolvedStep['dependsOn']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<ResolvedStep['expectedOutputs']>().toEqualTypeOf<string[]>();
  });
});
