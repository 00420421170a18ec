import type { StreamContextInit } from '@parley/core';
import { applyWhole } from './apply-whole';
import { JsonStringValueStream } from './json-string-value-stream';
import { mapStringValues } from './map-string-values';
import type { AnyTextMiddleware } from './parley-options';

/**
 * A tool call's input with its strings — keys included — run through the middleware (one session
 * per string). A JSON-encoded input (provider parts) is read by the same scanner as the streamed
 * deltas, so it keeps its exact spelling (numbers too large for a double, whitespace) apart from
 * what the middleware changes; an input that is not valid JSON is transformed as one text. A parsed
 * input (`streamText` parts) is transformed value by value and key by key.
 *
 * @internal
 */
export function transformToolInput(middleware: AnyTextMiddleware, input: unknown, context: StreamContextInit, streamId: string): unknown {
  if (typeof input !== 'string') {
    let values = 0;
    const map = (text: string): string => {
      values += 1;
      return applyWhole(middleware, text, { ...context, streamId: `${streamId}:${values}` });
    };
    return mapStringValues(input, map, map);
  }
  try {
    JSON.parse(input);
  } catch {
    return applyWhole(middleware, input, { ...context, streamId });
  }
  const scanner = new JsonStringValueStream(middleware, context, streamId);
  return scanner.write(input) + scanner.end();
}
