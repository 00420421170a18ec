import { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ParleyError } from '@parley/core';
import type { CliIo } from './cli-io';
import { UsageError } from './usage-error';
import { writeText } from './write-text';

/** Standard input as bytes (a test's string chunks too), for the SDK's line reader. */
async function* bytes(stdin: CliIo['stdin']): AsyncGenerator<Uint8Array> {
  for await (const chunk of stdin) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/**
 * Serves `server` over the CLI's standard input and output with the SDK's stdio transport, until
 * standard input ends; then closes the server. Writes keep the CLI's backpressure and its
 * closed-output error; a failure to read standard input is a one-line usage error.
 */
export async function serveStdio(server: McpServer, io: CliIo): Promise<void> {
  const input = Readable.from(bytes(io.stdin), { objectMode: false });
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writeText(io.stdout, chunk.toString('utf8')).then(() => callback(), callback);
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    input.once('end', resolve);
    input.once('error', (error) => reject(ParleyError.isInstance(error) ? error : new UsageError({ message: `cannot read standard input: ${error.message.split('\n')[0] ?? ''}`, cause: error })));
    output.once('error', reject);
  });
  const transport = new StdioServerTransport(input, output);
  await server.connect(transport);
  // Requests still being answered when the input ends are answered before the server closes
  // (`printf '…' | parley mcp` gets every reply): counted in through onmessage, out through send.
  const answered = countRequests(transport);
  try {
    await finished;
    await answered();
  } finally {
    await server.close();
  }
}

/** Counts the requests `transport` delivers and the replies sent; the result resolves when none is pending. */
function countRequests(transport: StdioServerTransport): () => Promise<void> {
  let pending = 0;
  let idle: (() => void) | undefined;
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) pending += 1;
    deliver?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    try {
      await send(message);
    } finally {
      if (!('method' in message) && 'id' in message) {
        pending -= 1;
        if (pending === 0) idle?.();
      }
    }
  };
  return () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve)));
}
