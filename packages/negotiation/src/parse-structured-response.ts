import { expectString } from '@parley/core';
import type { NegotiationViolation } from './negotiation-violation';
import type { StructuredResponse } from './structured-response';
import { createResponseCollector, StructuredResponseParser } from './structured-response-parser';

/** What {@link parseStructuredResponse} read, and what was wrong with it. */
export interface ParsedStructuredResponse {
  readonly response: StructuredResponse;
  readonly violations: NegotiationViolation[];
}

/**
 * Reads a sub-agent's structured response: the text shape `formatStructuredResponse` writes
 * (section headers may be Markdown headings or bold; bullets `-`, `*`, `•` or numbered), or the
 * same content in a fenced YAML block (`findings`, `confidence`, `gaps`, `context_needed`). A reply
 * that does not follow the shape is read as UNCERTAIN, with violations; it never throws.
 */
export function parseStructuredResponse(text: string): ParsedStructuredResponse {
  expectString(text, 'text');
  const { listener, collected } = createResponseCollector();
  const parser = new StructuredResponseParser(listener);
  parser.observe(text);
  parser.end();
  return collected;
}
