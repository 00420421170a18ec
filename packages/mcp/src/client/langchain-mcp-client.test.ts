// Through LangChain's MCP adapters (@langchain/mcp-adapters' loadMcpTools, which takes an SDK
// Client): guardMcpClient wraps the client, and the ToolMessages the tools make — what a LangChain
// agent sends its model — hold no planted secret, while restore reaches the allowlisted tool only.
import { loadMcpTools } from '@langchain/mcp-adapters';
import { ToolMessage } from '@langchain/core/messages';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createSecretGuard } from '@parley/redaction/guard';
import { expect, test } from 'vitest';
import { createPlantedServer, leaks, secrets } from '../__fixtures__/planted-server';
import { guardMcpClient } from './guard-mcp-client';

test('loadMcpTools over guardMcpClient: tool messages hold no secret; restore gives the key to deploy only', async () => {
  const planted = createPlantedServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await planted.server.connect(serverSide);
  const client = new Client({ name: 'langchain-test', version: '1.0.0' });
  await client.connect(clientSide);
  const guard = createSecretGuard({ toolResults: 'placeholder', restoreFor: ['deploy'] });
  const tools = await loadMcpTools('planted', guardMcpClient(client, { guard }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  const read = await byName.get('read_config')?.invoke({ type: 'tool_call', id: 'call-1', name: 'read_config', args: {} });
  expect(read).toBeInstanceOf(ToolMessage);
  expect(leaks(read)).toEqual([]);
  const placeholder = JSON.stringify(read).match(/<SECRET:GITHUB_TOKEN#\d+>/u)?.[0];
  expect(placeholder).toBe('<SECRET:GITHUB_TOKEN#1>');

  const deployed = await byName.get('deploy')?.invoke({ type: 'tool_call', id: 'call-2', name: 'deploy', args: { token: placeholder } });
  const echoed = await byName.get('echo')?.invoke({ type: 'tool_call', id: 'call-3', name: 'echo', args: { token: placeholder } });
  expect(leaks([deployed, echoed])).toEqual([]);
  expect(planted.received).toEqual([
    { tool: 'deploy', arguments: { token: secrets.github } },
    { tool: 'echo', arguments: { token: placeholder } },
  ]);
  expect(JSON.stringify(deployed)).toContain('deploy: authenticated with <SECRET:GITHUB_TOKEN#1>');
  await client.close();
});
