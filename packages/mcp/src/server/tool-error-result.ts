import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ParleyError } from '@parley/core';

/**
 * A tool error as Parley's server answers it: `isError`, and `{"error": {"code", "message"}}` as
 * text, the message passed through `redact` (an error may quote the input it refused).
 */
export function toolErrorResult(error: unknown, redact: (text: string) => string): CallToolResult {
  const code = ParleyError.isInstance(error) ? error.code : 'UNEXPECTED';
  const message = redact(error instanceof Error ? error.message : String(error));
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: { code, message } }) }] };
}
