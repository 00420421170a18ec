import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SecretGuard } from '@parley/redaction/guard';
import { type GuardMcpOptions, guardFrom } from './guard-mcp-options';
import { guardInstructions, guardMcpListing, isListing } from './guard-mcp-listing';
import { guardMcpValue } from './guard-mcp-value';
import { guardMcpError, resultUse, restoreMcpParams } from './mcp-guard-policy';

type RequestMethod = Client['request'];
type RequestStreamMethod = Client['requestStream'];

/** The prefix `McpError` puts before a server's message. */
const MCP_ERROR_PREFIX = /^MCP error -?\d+: /u;

/** A server's error, its message and data guarded; other errors (timeouts, a closed connection) are the client's own. */
async function guardThrown(error: unknown, guard: SecretGuard): Promise<unknown> {
  if (!(error instanceof McpError)) return error;
  const guarded = await guardMcpError({ message: error.message.replace(MCP_ERROR_PREFIX, ''), data: error.data }, guard);
  return new McpError(error.code, guarded.message, guarded.data);
}

/**
 * Wraps a connected (or not yet connected) official-SDK MCP `Client` so that what its server
 * sends passes through the guard before the caller sees it, and `tools/call` arguments get real
 * values back for placeholders when the guard allowlists the tool. The wrapper is a `Proxy` over
 * the client's `request` and `requestStream`, the two doors every method goes through
 * (`callTool`, `readResource`, `getPrompt`, the experimental task streams, `request` itself): the
 * same results are guarded as by {@link guardMcpTransport} (tool listings' descriptions and schemas
 * among them: `listTools` goes through `request`; and `getInstructions()`), and an `McpError` is re-thrown with its
 * message and data guarded. A result the guard blocks throws `SecretBlockedError`. Everything else
 * — `connect`, `listTools`, handlers, `close` — is the client's own; `instanceof Client` holds.
 *
 * Use it where you get a client rather than build its transport: LangChain's `loadMcpTools(name,
 * client)`, or a client an SDK hands you. Requests the server sends the client (sampling) and its
 * notifications are guarded only by {@link guardMcpTransport}.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
 * import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
 * import { guardMcpClient } from '@parley/mcp';
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * const server = new McpServer({ name: 'files', version: '1.0.0' });
 * server.registerTool('read_env', {}, async () => ({ content: [{ type: 'text', text: 'GITHUB_TOKEN=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' }] }));
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await server.connect(serverSide);
 * // A client some other library made and connected (LangChain's loadMcpTools takes it guarded, for instance).
 * const client = new Client({ name: 'agent', version: '1.0.0' });
 * await client.connect(clientSide);
 * const guarded = guardMcpClient(client, { guard: createSecretGuard({ toolResults: 'placeholder' }) });
 * const read = await guarded.callTool({ name: 'read_env', arguments: {} });
 * console.log(JSON.stringify(read.content)); // [{"type":"text","text":"GITHUB_TOKEN=<SECRET:GITHUB_TOKEN#1>"}]
 * await client.close();
 * ```
 */
export function guardMcpClient<McpClient extends Client>(client: McpClient, options?: GuardMcpOptions): McpClient {
  const guard = guardFrom(options, 'guardMcpClient');
  const request = (async (message, resultSchema, requestOptions) => {
    const outgoing = { ...message, params: await restoreMcpParams(message.method, message.params, guard) };
    let result: unknown;
    try {
      result = await client.request(outgoing, resultSchema, requestOptions);
    } catch (error) {
      throw await guardThrown(error, guard);
    }
    if (isListing(message.method)) return guardMcpListing(message.method, result, guard);
    const use = resultUse(message.method);
    return use === undefined ? result : guardMcpValue(result, guard, use);
  }) as RequestMethod;
  const requestStream = async function* (message, resultSchema, requestOptions) {
    const outgoing = { ...message, params: await restoreMcpParams(message.method, message.params, guard) };
    const use = resultUse(message.method) ?? 'toolResults';
    // Protected in the SDK's types; ExperimentalClientTasks calls it through the client.
    const stream = (client as unknown as { requestStream: RequestStreamMethod }).requestStream.call(client, outgoing, resultSchema, requestOptions);
    for await (const part of stream) {
      if (part.type === 'result') yield { ...part, result: await guardMcpValue(part.result, guard, use) };
      else if (part.type === 'error') yield { ...part, error: (await guardThrown(part.error, guard)) as typeof part.error };
      else yield (await guardMcpValue(part, guard, 'toolResults')) as typeof part;
    }
  } as RequestStreamMethod;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'request') return request;
      if (property === 'requestStream') return requestStream;
      // The server's instructions, kept by the client at connect (which may have come before this wrapper).
      if (property === 'getInstructions') {
        return () => {
          const instructions = target.getInstructions();
          return instructions === undefined ? undefined : guardInstructions(instructions, guard);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
