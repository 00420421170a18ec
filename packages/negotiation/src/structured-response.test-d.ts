import { describe, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import type { NegotiationConfidence } from './negotiation-confidence';
import { type StructuredResponse, StructuredResponseSchema } from './structured-response';

// The schema's zod type is written out by hand (isolatedDeclarations); this pins what it parses
// from and to, so a hand-written type that drifts from the schema fails here.
interface Expected {
  findings: string[];
  confidence: 'HIGH' | 'MEDIUM' | 'LOW' | 'UNCERTAIN';
  gaps: string[];
  contextNeeded: string[];
}

describe('StructuredResponseSchema', () => {
  test('parses to and from the four sections', () => {
    expectTypeOf<StructuredResponse>().toEqualTypeOf<Expected>();
    expectTypeOf<z.input<typeof StructuredResponseSchema>>().toEqualTypeOf<Expected>();
    expectTypeOf<NegotiationConfidence>().toEqualTypeOf<Expected['confidence']>();
  });

  test('keeps its object API', () => {
    expectTypeOf<keyof typeof StructuredResponseSchema.shape>().toEqualTypeOf<keyof Expected>();
    expectTypeOf(StructuredResponseSchema.shape.confidence.options).toEqualTypeOf<NegotiationConfidence[]>();
  });
});
