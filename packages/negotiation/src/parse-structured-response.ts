import { defineMiddleware, expectString, type StreamEvent, type TextMiddleware } from '@parley/core';
import type { NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationViolation } from './negotiation-violation';
import type { StructuredResponse } from './structured-response';
import { collectResponse, StructuredResponseParser } from './structured-response-parser';

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
  return collectResponse((listener) => {
    const parser = new StructuredResponseParser(listener);
    parser.write(text);
    parser.end();
  });
}

/** The events of {@link parseStructuredResponseStream}. */
export interface StructuredResponseEvents {
  /** One finding, gap or context question, as soon as it is complete. */
  readonly item: StreamEvent & { readonly section: 'findings' | 'gaps' | 'contextNeeded'; readonly text: string };
  readonly confidence: StreamEvent & { readonly confidence: NegotiationConfidence };
  readonly violation: StreamEvent & NegotiationViolation;
  /** The whole response, when the stream ends. */
  readonly response: StreamEvent & ParsedStructuredResponse;
}

/**
 * {@link parseStructuredResponse} as a streaming middleware: text passes through unchanged;
 * items, the confidence and violations are emitted as they complete, and the whole response at
 * the end. The same events for every chunking.
 */
export function parseStructuredResponseStream(): TextMiddleware<StructuredResponseEvents> {
  return defineMiddleware<StructuredResponseEvents>({
    name: 'parse-structured-response',
    createSession: (_context, emit) => {
      const response = { findings: [] as string[], confidence: 'UNCERTAIN' as NegotiationConfidence, gaps: [] as string[], contextNeeded: [] as string[] };
      const violations: NegotiationViolation[] = [];
      const parser = new StructuredResponseParser({
        item: (section, text) => {
          response[section].push(text);
          emit('item', { section, text });
        },
        confidence: (confidence) => {
          response.confidence = confidence;
          emit('confidence', { confidence });
        },
        violation: (violation) => {
          violations.push(violation);
          emit('violation', violation);
        },
      });
      return {
        write: (chunk) => {
          parser.write(chunk);
          return chunk;
        },
        end: () => {
          parser.end();
          emit('response', { response, violations });
          return '';
        },
      };
    },
  });
}
