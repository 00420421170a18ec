import { InvalidArgumentError } from '@parley/core';
import { z } from 'zod';
import { type NegotiationConfidence, negotiationConfidences } from './negotiation-confidence';

// The schema's zod type, written out so its public declaration needs no inference
// (`isolatedDeclarations`); the package's type test checks what it parses to.
type StructuredResponseFields = {
  findings: z.ZodArray<z.ZodString>;
  confidence: z.ZodEnum<{ [Level in NegotiationConfidence]: Level }>;
  gaps: z.ZodArray<z.ZodString>;
  contextNeeded: z.ZodArray<z.ZodString>;
};

/** A sub-agent's answer in negotiation mode: what it found, how sure it is, what is missing, what it needs. */
export const StructuredResponseSchema: z.ZodObject<StructuredResponseFields, z.core.$strict> = z.strictObject({
  findings: z.array(z.string().min(1)).describe('what was discovered'),
  confidence: z.enum(negotiationConfidences).describe('HIGH | MEDIUM | LOW | UNCERTAIN'),
  gaps: z.array(z.string().min(1)).describe('what could not be found or verified'),
  contextNeeded: z.array(z.string().min(1)).describe('questions for the orchestrator'),
});

const formattable = z.object(StructuredResponseSchema.shape);

/** A parsed {@link StructuredResponseSchema}. */
export type StructuredResponse = z.output<typeof StructuredResponseSchema>;

const section = (title: string, items: readonly string[]): string[] => [`${title}:`, ...(items.length === 0 ? ['- none'] : items.map((item) => `- ${item}`))];

/**
 * Writes a structured response in the documented text shape (the parser reads it back):
 *
 * ```text
 * Findings:
 * - tokio is multi-threaded by default
 * Confidence: MEDIUM
 * Gaps:
 * - no web-specific benchmarks
 * Context Needed:
 * - Which web framework?
 * ```
 *
 * A response whose fields do not match {@link StructuredResponseSchema} (a missing list, an empty
 * item, an unknown confidence; other keys are ignored) is an `InvalidArgumentError` naming the
 * field, such as `response.gaps`.
 */
export function formatStructuredResponse(response: StructuredResponse): string {
  // The schema's fields, other keys allowed (a round's response spread with more is still a response).
  const checked = formattable.safeParse(response);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const path = ['response', ...(issue?.path ?? []).map(String)].join('.');
    throw new InvalidArgumentError({ argument: path, message: `formatStructuredResponse needs a StructuredResponse; ${path}: ${issue?.message ?? 'invalid'}` });
  }
  return [...section('Findings', response.findings), `Confidence: ${response.confidence}`, ...section('Gaps', response.gaps), ...section('Context Needed', response.contextNeeded)].join('\n');
}
