import { addUnique } from './add-unique';
import type { NegotiationAction } from './decide-next-action';
import { lowerConfidence, meetsThreshold, type NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationResult } from './negotiation-result';
import type { NegotiationRound } from './negotiation-round';
import { mentionsAspect } from './mentions-aspect';

/** Which agent, in which round and how sure, answered an aspect. */
export interface AspectSource {
  readonly agent: string;
  readonly round: number;
  readonly confidence: NegotiationConfidence;
}

/** What {@link synthesizeResult} combines. */
export interface SynthesisInput {
  readonly query: string;
  readonly aspects: readonly string[];
  readonly rounds: readonly NegotiationRound[];
  /** The source of each covered aspect. */
  readonly coveredBy: ReadonlyMap<string, AspectSource>;
  readonly strikes: number;
  readonly path: readonly NegotiationAction[];
}

/**
 * The final synthesis: findings by aspect with their sources, every other finding of every round,
 * the confidence (the lowest of the answering rounds when every aspect is covered, at most LOW
 * otherwise) and the remaining gaps.
 *
 * @internal `negotiate` ends with it.
 */
export function synthesizeResult(input: SynthesisInput): NegotiationResult {
  const { query, aspects, rounds, coveredBy } = input;
  const sources = aspects.flatMap((aspect) => {
    const source = coveredBy.get(aspect);
    return source === undefined ? [] : [{ aspect, agent: source.agent, round: source.round }];
  });
  const complete = sources.length === aspects.length;
  const best = rounds.reduce<NegotiationConfidence>((lowest, round) => (round.response.findings.length > 0 ? (lowest === 'UNCERTAIN' ? round.response.confidence : lowerConfidence(lowest, round.response.confidence)) : lowest), 'UNCERTAIN');
  const confidence: NegotiationConfidence = complete
    ? [...coveredBy.values()].reduce<NegotiationConfidence>((lowest, source) => lowerConfidence(lowest, source.confidence), 'HIGH')
    : best === 'HIGH' || best === 'MEDIUM'
      ? 'LOW'
      : best;
  // The gaps that remain: those of the rounds that answered, and every open aspect.
  const gaps: string[] = [];
  const answering = new Set(sources.map((source) => source.round));
  for (const round of rounds) if (answering.has(round.round) || !complete) addUnique(gaps, round.response.gaps);
  for (const aspect of aspects) if (!coveredBy.has(aspect)) addUnique(gaps, [`no sufficient answer for "${aspect}"`]);

  const lines = [`${query}`, `Confidence: ${confidence}${complete ? '' : ' (best effort)'}`];
  const listed = new Set<string>();
  for (const aspect of aspects) {
    const source = coveredBy.get(aspect);
    lines.push('', `${aspect}${source === undefined ? ' (not answered)' : ` (source: ${source.agent}, round ${source.round})`}:`);
    const findings = rounds.filter((round) => meetsThreshold(round.response.confidence, 'LOW')).flatMap((round) =>
      round.response.findings.filter((finding) => mentionsAspect(finding, aspect, aspects) || round.covered.includes(aspect)).map((finding) => {
        listed.add(finding);
        return `- ${finding} [${round.agent}]`;
      }),
    );
    lines.push(...(findings.length === 0 ? ['- nothing found'] : [...new Set(findings)]));
  }
  // Combine all findings: what no aspect claimed is still reported, with its source and confidence.
  const others = rounds.flatMap((round) => round.response.findings.filter((finding) => !listed.has(finding)).map((finding) => `- ${finding} [${round.agent}, round ${round.round}, ${round.response.confidence}]`));
  if (others.length > 0) lines.push('', 'Other findings:', ...new Set(others));
  if (gaps.length > 0) lines.push('', 'Gaps:', ...gaps.map((gap) => `- ${gap}`));
  return { answer: lines.join('\n'), confidence, gaps, rounds: [...rounds], sources, escalation: { strikes: input.strikes, path: [...input.path], exhausted: !complete } };
}
