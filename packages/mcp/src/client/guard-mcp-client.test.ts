import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { InvalidArgumentError } from '@parley/core';
import { expect, test } from 'vitest';
import { describeGuardedClient } from '../__fixtures__/guarded-client-suite';
import { guardMcpClient } from './guard-mcp-client';

describeGuardedClient(
  'guardMcpClient over a connected official Client (in-memory transport)',
  async (guard, client, planted) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await planted.server.connect(serverSide);
    await client.connect(clientSide);
    const guarded = guardMcpClient(client, guard === undefined ? undefined : { guard });
    expect(guarded).toBeInstanceOf(Client);
    return guarded;
  },
  { guardsServerRequests: false },
);

test('bad options are typed errors', () => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  expect(() => guardMcpClient(client, { guard: { guardText: 'no' } as never })).toThrow(InvalidArgumentError);
});
