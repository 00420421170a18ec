import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { InvalidArgumentError } from '@parley/core';
import { expect, test } from 'vitest';
import { describeGuardedClient } from '../__fixtures__/guarded-client-suite';
import { guardMcpTransport } from './guard-mcp-transport';

describeGuardedClient(
  'guardMcpTransport under the official Client (in-memory transport)',
  async (guard, client, planted) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await planted.server.connect(serverSide);
    await client.connect(guardMcpTransport(clientSide, guard === undefined ? undefined : { guard }));
    return client;
  },
  { guardsServerRequests: true },
);

test('bad options are typed errors', () => {
  const [transport] = InMemoryTransport.createLinkedPair();
  expect(() => guardMcpTransport(transport, { guard: {} as never })).toThrow(InvalidArgumentError);
  expect(() => guardMcpTransport(transport, 'redact' as never)).toThrow(InvalidArgumentError);
});
