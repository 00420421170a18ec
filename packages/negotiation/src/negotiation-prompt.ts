import { z } from 'zod';
import type { NegotiationRequest } from './negotiation-request';
import { StructuredResponseSchema } from './structured-response';

const titles: Record<string, string> = { findings: 'Findings', confidence: 'Confidence', gaps: 'Gaps', contextNeeded: 'Context Needed' };

/** The answer-shape instructions, generated from {@link StructuredResponseSchema}. */
export function responseShapeInstructions(): string {
  const schema = z.toJSONSchema(StructuredResponseSchema) as { properties: Record<string, { description?: string; enum?: string[] }> };
  const lines = Object.entries(schema.properties).map(([key, property]) =>
    key === 'confidence'
      ? `Confidence: one of ${(property.enum ?? []).join(', ')}`
      : `${titles[key] ?? key}: (${property.description ?? ''}) one "- " line each, or "- none"`,
  );
  return ['Answer in negotiation mode, with these sections in this order and nothing else:', ...lines].join('\n');
}

const list = (title: string, items: readonly string[]): string[] => (items.length === 0 ? [] : [`${title}:`, ...items.map((item) => `- ${item}`)]);

/** The text of a negotiation request: the query, the intent, the focus and what is known so far. */
export function negotiationPrompt(request: Omit<NegotiationRequest, 'prompt'>): string {
  return [
    'negotiation: true',
    `Query: ${request.query}`,
    `Intent: ${request.intent}`,
    `Round: ${request.round} of ${request.maxRounds}`,
    ...list('Focus on', request.focus),
    ...list('Answers to your questions', request.context.answers.map(({ question, answer }) => `${question} → ${answer}`)),
    ...list('Confirmed facts', request.context.confirmedFacts),
    ...list('Ruled out', request.context.ruledOut),
    ...list('Still uncertain', request.context.openUncertainties),
    '',
    responseShapeInstructions(),
  ].join('\n');
}
