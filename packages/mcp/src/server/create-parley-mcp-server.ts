import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentError } from '@parley/core';
import { redactSecrets, redactValue } from '@parley/redaction';
import { checkEnvelopeTool } from './check-envelope-tool';
import { checkReplyTool } from './check-reply-tool';
import { checkRequestTool } from './check-request-tool';
import { checkTokensTool } from './check-tokens-tool';
import type { ParleyTool, ParleyToolName, ToolLimits } from './parley-tool';
import { redactTool } from './redact-tool';
import { toolErrorResult } from './tool-error-result';
import { triageTool } from './triage-tool';

declare const PARLEY_MCP_VERSION: string;

/** The longest text a tool takes by default: 4 Mi UTF-16 code units. */
const DEFAULT_MAX_TEXT_LENGTH = 4 * 1024 * 1024;

/** Every tool {@link createParleyMcpServer} can serve, in the order it lists them. */
export const parleyToolNames: readonly ParleyToolName[] = ['redact', 'check_tokens', 'check_envelope', 'check_reply', 'check_request', 'triage'];

/** The tool of each name. A function, so that a bundle using only the client wrappers drops the tools. */
function toolFactory(name: ParleyToolName): (limits: ToolLimits) => ParleyTool {
  const factories: Readonly<Record<ParleyToolName, (limits: ToolLimits) => ParleyTool>> = {
    redact: redactTool,
    check_tokens: checkTokensTool,
    check_envelope: checkEnvelopeTool,
    check_reply: checkReplyTool,
    check_request: checkRequestTool,
    triage: triageTool,
  };
  return factories[name];
}

/** Options of {@link createParleyMcpServer}. */
export interface ParleyMcpServerOptions {
  /** The server's name in the MCP handshake. Default `parley`. */
  readonly name?: string;
  /** The tools to serve. Default all of {@link parleyToolNames}. */
  readonly tools?: readonly ParleyToolName[];
  /** The longest text a tool takes, in UTF-16 code units; longer input is refused by the schema. Default 4 Mi. */
  readonly maxTextLength?: number;
}

function readOptions(options: ParleyMcpServerOptions): { name: string; tools: readonly ParleyToolName[]; limits: ToolLimits } {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError({ argument: 'options', message: 'createParleyMcpServer() takes an options object or nothing.' });
  const { name = 'parley', tools = parleyToolNames, maxTextLength = DEFAULT_MAX_TEXT_LENGTH } = options;
  if (typeof name !== 'string' || name === '') throw new InvalidArgumentError({ argument: 'name', message: 'name must be a non-empty string.' });
  if (!Array.isArray(tools)) throw new InvalidArgumentError({ argument: 'tools', message: `tools must be an array of tool names (${parleyToolNames.join(', ')}).` });
  for (const tool of tools) {
    if (typeof tool !== 'string' || !parleyToolNames.includes(tool as ParleyToolName)) {
      throw new InvalidArgumentError({ argument: 'tools', message: `tools holds an unknown tool name; the names are ${parleyToolNames.join(', ')}.` });
    }
  }
  if (!Number.isSafeInteger(maxTextLength) || maxTextLength < 1) throw new InvalidArgumentError({ argument: 'maxTextLength', message: 'maxTextLength must be a whole number, 1 or more.' });
  return { name, tools: [...new Set(tools)], limits: { maxTextLength } };
}

/**
 * An MCP server (the official SDK's `McpServer`, not yet connected) whose tools are Parley's
 * checks: `redact`, `check_tokens`, `check_envelope`, `check_reply`, `check_request` and `triage`,
 * each with a zod input and output schema, answering with JSON text and the same object as
 * `structuredContent`. Bad input is a tool error (`isError`) carrying `{"error": {"code", "message"}}`,
 * never a crash; every string a tool returns, errors included, is passed through
 * `redactSecrets` first, so the server never hands a secret back into an agent's context. The
 * checks' packages are loaded on a tool's first call. Connect it to a transport:
 * `parley mcp` serves it over stdio.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
 * import { createParleyMcpServer } from '@parley/mcp';
 *
 * // Over stdio: `await server.connect(new StdioServerTransport())` (what `parley mcp` does). Here, in memory:
 * const server = createParleyMcpServer();
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await server.connect(serverSide);
 * const client = new Client({ name: 'agent', version: '1.0.0' });
 * await client.connect(clientSide);
 * const { tools } = await client.listTools();
 * console.log(tools.some((tool) => tool.name === 'check_tokens')); // true
 * await client.close();
 * ```
 */
export function createParleyMcpServer(options: ParleyMcpServerOptions = {}): McpServer {
  const { name, tools, limits } = readOptions(options);
  const server = new McpServer({ name, version: typeof PARLEY_MCP_VERSION === 'string' ? PARLEY_MCP_VERSION : '0.0.0-source' });
  for (const toolName of tools) {
    const tool = toolFactory(toolName)(limits);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      (async (input: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          const structured = redactValue(await tool.run(input));
          return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
        } catch (error) {
          return toolErrorResult(error, redactSecrets);
        }
      }) as never,
    );
  }
  return server;
}
