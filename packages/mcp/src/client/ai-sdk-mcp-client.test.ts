// Through the AI SDK's own MCP client (@ai-sdk/mcp's createMCPClient, which takes a transport and
// speaks the protocol itself): guardMcpTransport is the one door, and a scripted model run by
// generateText never sees a planted secret while the allowlisted tool still authenticates.
import { createMCPClient, type MCPTransport } from '@ai-sdk/mcp';
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createSecretGuard } from '@parley/redaction/guard';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { expect, test } from 'vitest';
import { createPlantedServer, leaks, secrets } from '../__fixtures__/planted-server';
import { guardMcpTransport } from './guard-mcp-transport';

async function connect(guard = createSecretGuard({ toolResults: 'placeholder', restoreFor: ['deploy'] })) {
  const planted = createPlantedServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await planted.server.connect(serverSide);
  // The SDK's Transport and the AI SDK's MCPTransport describe the same object in two type systems.
  const mcp = await createMCPClient({ transport: guardMcpTransport(clientSide, { guard }) as MCPTransport });
  return { mcp, planted };
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const toolCall = (toolName: string, input: unknown): LanguageModelV4GenerateResult => ({
  content: [{ type: 'tool-call', toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls', raw: undefined },
  usage,
  warnings: [],
});

test('createMCPClient over guardMcpTransport: tool results, resources and prompts come back guarded', async () => {
  const { mcp } = await connect(createSecretGuard());
  const tools = await mcp.tools();
  const result = await tools['read_config']?.execute?.({}, { toolCallId: '1', messages: [], context: {} });
  expect(leaks(result)).toEqual([]);
  expect(JSON.stringify(result)).toContain('<REDACTED:GITHUB_TOKEN>');
  expect(leaks(await mcp.readResource({ uri: 'file:///app/.env' }))).toEqual([]);
  expect(leaks(await mcp.getPrompt({ name: 'review' }))).toEqual([]);
  await mcp.close();
});

test('generateText with MCP tools: no prompt the model receives holds a secret, and the allowlisted tool gets the real key through restore', async () => {
  const { mcp, planted } = await connect();
  const prompts: LanguageModelV4CallOptions['prompt'][] = [];
  let step = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      step += 1;
      if (step === 1) return toolCall('read_config', {});
      if (step === 2) {
        // The model copies the placeholder it was shown into the deploy call, as a model would.
        const shown = JSON.stringify(options.prompt).match(/<SECRET:GITHUB_TOKEN#\d+>/u)?.[0] ?? 'none';
        return toolCall('deploy', { token: shown });
      }
      return { content: [{ type: 'text', text: 'Deployed.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  const result = await generateText({ model, tools: await mcp.tools(), prompt: 'Deploy with the configured token.', stopWhen: stepCountIs(5) });
  expect(result.text).toBe('Deployed.');
  expect(prompts).toHaveLength(3);
  expect(leaks(prompts)).toEqual([]);
  expect(planted.received).toEqual([{ tool: 'deploy', arguments: { token: secrets.github } }]);
  expect(JSON.stringify(prompts[2])).toContain('deploy: authenticated with <SECRET:GITHUB_TOKEN#1>');
  await mcp.close();
});
