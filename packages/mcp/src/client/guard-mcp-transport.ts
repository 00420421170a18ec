import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { ParleyError } from '@parley/core';
import type { SecretGuard } from '@parley/redaction/guard';
import { type GuardMcpOptions, guardFrom } from './guard-mcp-options';
import { guardMcpListing, isListing } from './guard-mcp-listing';
import { guardMcpValue } from './guard-mcp-value';
import { guardMcpError, incomingUse, restoreMcpParams, resultUse } from './mcp-guard-policy';

/** JSON-RPC's internal-error code, for a reply the guard replaced (blocked, or unreadable). */
const INTERNAL_ERROR = -32603;

/** A guarded message, or the error to answer with instead. */
type Outcome = { readonly message: JSONRPCMessage } | { readonly error: unknown };

/** The JSON-RPC error that stands for a reply the guard would not pass; it never quotes the reply. */
function refusal(error: unknown): { code: number; message: string; data: { code: string } } {
  const code = ParleyError.isInstance(error) ? error.code : 'GUARD_FAILED';
  const message = ParleyError.isInstance(error) ? error.message : 'The secret guard failed on this message; it was not passed on.';
  return { code: INTERNAL_ERROR, message, data: { code } };
}

/**
 * Wraps an MCP client transport (stdio, Streamable HTTP, in-memory, any `Transport`) so that
 * every message from the server passes through the guard before the client sees it, and every
 * `tools/call` request gets its arguments restored on the way out when the guard allowlists the tool.
 * It guards results of `tools/call` and `resources/read` (`toolResults`) and `prompts/get`
 * (`input`) — text, embedded resources (text, and blobs that are UTF-8 text), resource links,
 * `structuredContent`, `_meta` — the message and data of every error reply, sampling requests
 * (`input`) and log and progress notifications. Listings (`tools/list`, `prompts/list`,
 * `resources/list`, `resources/templates/list`) reach a model too: their descriptions, titles and
 * annotations, and in tool schemas the descriptions, titles, defaults, examples, enums and consts,
 * are guarded (`toolResults`); names, URIs, types and property names are kept exact. Binary image and audio data pass as they are.
 * Messages keep their order. A reply the guard blocks (strategy `block`) or cannot read becomes a
 * JSON-RPC error (-32603, `data.code` such as `SECRET_BLOCKED`) that never quotes the reply.
 *
 * The transport to hand to any MCP client: the official SDK's `Client.connect`, and the AI SDK's
 * `createMCPClient({ transport })`.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
 * import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
 * import { guardMcpTransport } from '@parley/mcp';
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * const server = new McpServer({ name: 'files', version: '1.0.0' });
 * server.registerTool('read_env', {}, async () => ({ content: [{ type: 'text', text: 'GITHUB_TOKEN=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' }] }));
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await server.connect(serverSide);
 * // With a server process: guardMcpTransport(new StdioClientTransport({ command: 'my-server' }), { guard }).
 * const guard = createSecretGuard({ toolResults: 'placeholder' });
 * const client = new Client({ name: 'agent', version: '1.0.0' });
 * await client.connect(guardMcpTransport(clientSide, { guard }));
 * const read = await client.callTool({ name: 'read_env', arguments: {} });
 * console.log(JSON.stringify(read.content)); // [{"type":"text","text":"GITHUB_TOKEN=<SECRET:GITHUB_TOKEN#1>"}]
 * await client.close();
 * ```
 */
export function guardMcpTransport(transport: Transport, options?: GuardMcpOptions): Transport {
  const guard: SecretGuard = guardFrom(options, 'guardMcpTransport');
  // What each request the client sent asked for, by id, so that its reply is guarded for it.
  const asked = new Map<RequestId, string>();
  let queue: Promise<void> = Promise.resolve();

  const guardIncoming = async (message: JSONRPCMessage): Promise<Outcome> => {
    try {
      if ('method' in message) {
        const use = incomingUse(message.method);
        if (use === undefined || message.params === undefined) return { message };
        return { message: { ...message, params: (await guardMcpValue(message.params, guard, use)) as typeof message.params } };
      }
      const method = asked.get(message.id as RequestId);
      asked.delete(message.id as RequestId);
      if ('error' in message) return { message: { ...message, error: await guardMcpError(message.error, guard) } };
      if (method !== undefined && isListing(method) && 'result' in message) return { message: { ...message, result: (await guardMcpListing(method, message.result, guard)) as typeof message.result } };
      const use = method === undefined ? undefined : resultUse(method);
      if (use === undefined || !('result' in message)) return { message };
      return { message: { ...message, result: (await guardMcpValue(message.result, guard, use)) as typeof message.result } };
    } catch (error) {
      return { error };
    }
  };

  const guarded: Transport = {
    start: () => transport.start(),
    close: () => transport.close(),
    async send(message: JSONRPCMessage, sendOptions?: TransportSendOptions) {
      let outgoing = message;
      if ('method' in message && 'id' in message) {
        asked.set(message.id, message.method);
        outgoing = { ...message, params: await restoreMcpParams(message.method, message.params, guard) };
      } else if ('method' in message && message.method === 'notifications/cancelled') {
        const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (requestId !== undefined) asked.delete(requestId);
      }
      return transport.send(outgoing, sendOptions);
    },
    get sessionId() {
      return transport.sessionId;
    },
    setProtocolVersion: (version: string) => transport.setProtocolVersion?.(version),
  };

  transport.onmessage = (message, extra) => {
    queue = queue.then(async () => {
      const outcome = await guardIncoming(message);
      if ('message' in outcome) return guarded.onmessage?.(outcome.message, extra);
      // A request from the server is answered with the refusal; a reply becomes it; a notification is dropped.
      if ('id' in message && 'method' in message) return transport.send({ jsonrpc: '2.0', id: message.id, error: refusal(outcome.error) }).catch((error: unknown) => guarded.onerror?.(error as Error));
      if ('id' in message) return guarded.onmessage?.({ jsonrpc: '2.0', id: message.id, error: refusal(outcome.error) }, extra);
    });
  };
  transport.onclose = () => {
    queue = queue.then(() => guarded.onclose?.());
  };
  transport.onerror = (error) => guarded.onerror?.(error);
  return guarded;
}
