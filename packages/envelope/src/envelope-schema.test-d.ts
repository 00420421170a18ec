import { describe, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import { type Envelope, EnvelopeSchema, type EnvelopeStatus, type Finding, FindingSchema, type Severity } from './envelope-schema';

// The schemas' zod types are written out by hand (isolatedDeclarations); these tests pin what they
// parse from and to, so a hand-written type that drifts from the schema fails here.
interface ExpectedFinding {
  category: string;
  severity: 'info' | 'low' | 'medium' | 'high' | 'critical';
  note: string;
  path?: string | undefined;
  line?: number | undefined;
  fix?: string | undefined;
}

describe('the envelope schema types', () => {
  test('a finding', () => {
    expectTypeOf<Finding>().toEqualTypeOf<ExpectedFinding>();
    expectTypeOf<z.input<typeof FindingSchema>>().toEqualTypeOf<ExpectedFinding>();
    expectTypeOf<Severity>().toEqualTypeOf<ExpectedFinding['severity']>();
  });

  test('an envelope: the lists default to empty when parsed', () => {
    expectTypeOf<Envelope>().toEqualTypeOf<{
      schema_version: '1';
      status: 'ok' | 'partial' | 'blocked' | 'error' | 'malformed';
      summary: string;
      findings: ExpectedFinding[];
      next_actions: string[];
      open_questions: string[];
      artifacts: string[];
      reported_by: string[];
      degraded_reason?: string | undefined;
      _marker?: string | undefined;
    }>();
    expectTypeOf<z.input<typeof EnvelopeSchema>>().toEqualTypeOf<{
      schema_version: '1';
      status: 'ok' | 'partial' | 'blocked' | 'error' | 'malformed';
      summary: string;
      findings?: ExpectedFinding[] | undefined;
      next_actions?: string[] | undefined;
      open_questions?: string[] | undefined;
      artifacts?: string[] | undefined;
      reported_by: string[];
      degraded_reason?: string | undefined;
      _marker?: string | undefined;
    }>();
    expectTypeOf<EnvelopeStatus>().toEqualTypeOf<Envelope['status']>();
  });

  test('the schemas keep their object API', () => {
    expectTypeOf<keyof typeof EnvelopeSchema.shape>().toEqualTypeOf<keyof Envelope>();
    expectTypeOf(FindingSchema.shape.severity.options).toEqualTypeOf<Severity[]>();
    expectTypeOf(EnvelopeSchema.safeParse({}).data).toEqualTypeOf<Envelope | undefined>();
  });
});
