import type * as z from 'zod/v4';

/** The names of the tools {@link createParleyMcpServer} can serve. */
export type ParleyToolName = 'redact' | 'check_tokens' | 'check_envelope' | 'check_reply' | 'check_request' | 'triage';

/** What every tool's input is held to, from the server's options. */
export interface ToolLimits {
  /** The longest text a tool takes, in UTF-16 code units. */
  readonly maxTextLength: number;
}

/** One of Parley's checks as an MCP tool: its schemas and the function behind it. */
export interface ParleyTool {
  readonly name: ParleyToolName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  readonly outputSchema: z.ZodRawShape;
  /** Runs the check on input the SDK has already validated against `inputSchema`. */
  run(input: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A tool whose `run` sees its input typed by its own schema. */
export function defineTool<Input extends z.ZodRawShape>(tool: {
  readonly name: ParleyToolName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Input;
  readonly outputSchema: z.ZodRawShape;
  run(input: z.output<z.ZodObject<Input>>): Promise<Record<string, unknown>>;
}): ParleyTool {
  return tool as unknown as ParleyTool;
}
