/**
 * The negotiation protocol's four confidence levels, best first. Upper case, and a type of its
 * own: the C-suite token protocol's three lower-case levels are a different scale.
 */
export const negotiationConfidences = ['HIGH', 'MEDIUM', 'LOW', 'UNCERTAIN'] as const;

/** One of {@link negotiationConfidences}. */
export type NegotiationConfidence = (typeof negotiationConfidences)[number];

/** Whether `confidence` is at least `threshold` (HIGH > MEDIUM > LOW > UNCERTAIN). */
export function meetsThreshold(confidence: NegotiationConfidence, threshold: NegotiationConfidence): boolean {
  return negotiationConfidences.indexOf(confidence) <= negotiationConfidences.indexOf(threshold);
}

/** The lower of two confidences. */
export function lowerConfidence(left: NegotiationConfidence, right: NegotiationConfidence): NegotiationConfidence {
  return negotiationConfidences.indexOf(left) >= negotiationConfidences.indexOf(right) ? left : right;
}
