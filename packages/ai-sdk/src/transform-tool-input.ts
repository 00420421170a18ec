import type { StreamContextInit } from '@parley/core';
import { applyWhole } from './apply-whole';
import { mapStringValues } from './map-string-values';
import type { AnyTextMiddleware } from './parley-options';

/**
 * A tool call's input with its string values run through the middleware (one session per value).
 * A JSON-encoded input (provider parts) stays JSON-encoded; an input that is not valid JSON is
 * transformed as one text. A parsed input (`streamText` parts) is transformed value by value.
 *
 * @internal
 */
export function transformToolInput(middleware: AnyTextMiddleware, input: unknown, context: StreamContextInit, streamId: string): unknown {
  let values = 0;
  const map = (text: string): string => {
    values += 1;
    return applyWhole(middleware, text, { ...context, streamId: `${streamId}:${values}` });
  };
  if (typeof input !== 'string') return mapStringValues(input, map);
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return applyWhole(middleware, input, { ...context, streamId });
  }
  return JSON.stringify(mapStringValues(parsed, map));
}
