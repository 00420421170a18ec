import { z } from 'zod';
import { negotiationConfidences } from './negotiation-confidence';

/** A sub-agent's answer in negotiation mode: what it found, how sure it is, what is missing, what it needs. */
export const StructuredResponseSchema = z.strictObject({
  findings: z.array(z.string().min(1)).describe('what was discovered'),
  confidence: z.enum(negotiationConfidences).describe('HIGH | MEDIUM | LOW | UNCERTAIN'),
  gaps: z.array(z.string().min(1)).describe('what could not be found or verified'),
  contextNeeded: z.array(z.string().min(1)).describe('questions for the orchestrator'),
});

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
 */
export function formatStructuredResponse(response: StructuredResponse): string {
  return [...section('Findings', response.findings), `Confidence: ${response.confidence}`, ...section('Gaps', response.gaps), ...section('Context Needed', response.contextNeeded)].join('\n');
}
