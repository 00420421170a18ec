import type { TextMiddleware } from '@parley/core';
import { redactLines } from './line-redactor';
import type { RedactionEvents } from './redaction-event';
import type { RedactionOptions } from './redaction-options';

/** A whole text run through the line layer: its output and what was found. */
export interface LineTextResult {
  readonly text: string;
  readonly findings: Array<{ readonly type: string; readonly start: number; readonly end: number }>;
}

/**
 * For the whole-text functions when the options hold regex rules or the allow marker: the line
 * layer is built once (regex rules checked once) and each text is one stream through it.
 */
export function lineTextRedactor(options: RedactionOptions, core: (options: RedactionOptions) => TextMiddleware<RedactionEvents>): (text: string) => LineTextResult {
  const middleware = redactLines(options, core);
  return (text) => {
    const findings: Array<{ type: string; start: number; end: number }> = [];
    const session = middleware.open({ streamId: 'text' }, { onEvent: (_name, { type, start, end }) => findings.push({ type, start, end }) });
    const output = session.write(text) + session.end();
    return { text: output, findings };
  };
}
