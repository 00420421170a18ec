// The behaviour both wrappers promise, run against each: guardMcpTransport under a plain Client,
// and guardMcpClient over a Client on a plain transport.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createSecretGuard, type SecretGuard } from '@parley/redaction/guard';
import { describe, expect, test } from 'vitest';
import { createPlantedServer, leaks, type PlantedServer, secrets } from './planted-server';

/** A connected client guarded by `guard`, the planted server behind it, and what reached the client's handlers. */
export interface GuardedConnection {
  readonly client: Client;
  readonly planted: PlantedServer;
  /** Log notifications and sampling requests as the client's handlers received them. */
  readonly seen: unknown[];
}

/** Connects a client with sampling and log handlers to a new planted server through the wrapper under test. */
export type Connect = (guard: SecretGuard | undefined, client: Client, planted: PlantedServer) => Promise<Client>;

async function connection(connect: Connect, guard?: SecretGuard): Promise<GuardedConnection> {
  const planted = createPlantedServer();
  const seen: unknown[] = [];
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { sampling: {} } });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void seen.push(notification.params));
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    seen.push(request.params);
    return { role: 'assistant', model: 'scripted', content: { type: 'text', text: 'fine' } };
  });
  return { client: await connect(guard, client, planted), planted, seen };
}

export function describeGuardedClient(label: string, connect: Connect, options: { readonly guardsServerRequests: boolean }): void {
  describe(label, () => {
    test('a tool result reaches the caller with no secret in text, embedded resources, blobs, links, structuredContent or _meta; images untouched', async () => {
      const { client } = await connection(connect);
      const result = await client.callTool({ name: 'read_config', arguments: {} });
      expect(leaks(result)).toEqual([]);
      const content = result.content as { type: string; text?: string; data?: string; resource?: { text?: string; blob?: string } }[];
      expect(content[0]?.text).toBe('the token is <REDACTED:GITHUB_TOKEN>');
      expect(content[1]?.resource?.text).toContain('GITHUB_TOKEN=<REDACTED:GITHUB_TOKEN>');
      expect(Buffer.from(content[2]?.resource?.blob ?? '', 'base64').toString('utf8')).toContain('STRIPE_KEY=<REDACTED:STRIPE_SECRET_KEY>');
      expect(content[3]?.data).toBe(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]).toString('base64'));
      expect(result.structuredContent).toEqual({ config: { token: '<REDACTED:GITHUB_TOKEN>', nested: ['stripe <REDACTED:STRIPE_SECRET_KEY>'] } });
      await client.close();
    });

    test('listings reach the model guarded: tool descriptions, titles and schema prose, defaults, examples and enums; prompts, resources, instructions', async () => {
      const { client } = await connection(connect);
      const { tools } = await client.listTools();
      expect(leaks(tools)).toEqual([]);
      const lookup = tools.find((tool) => tool.name === 'lookup');
      expect(lookup?.description).toBe('Looks things up. Use the token <REDACTED:GITHUB_TOKEN> if asked.');
      expect(lookup?.title).toBe('Lookup (<REDACTED:STRIPE_SECRET_KEY>)');
      expect(lookup?.annotations?.title).toBe('lookup with <REDACTED:SLACK_TOKEN>');
      const properties = lookup?.inputSchema.properties as Record<string, Record<string, unknown>>;
      expect(properties['token']).toMatchObject({ type: 'string', description: 'the token, such as <REDACTED:GITHUB_TOKEN>', default: '<REDACTED:STRIPE_SECRET_KEY>', examples: ['<REDACTED:SLACK_TOKEN>'] });
      expect(properties['mode']?.['enum']).toEqual(['fast', '<REDACTED:GITHUB_TOKEN>']);
      // Names, types and the structure stay exact: the tools are still called by them.
      expect(tools.map((tool) => tool.name)).toEqual(['read_config', 'deploy', 'echo', 'ask_model', 'lookup']);
      expect(lookup?.inputSchema.type).toBe('object');
      expect(Object.keys(properties)).toEqual(['token', 'mode']);
      expect(await client.callTool({ name: 'lookup', arguments: { token: 'x', mode: 'fast' } })).toMatchObject({ content: [{ type: 'text', text: 'found' }] });
      const listed = [await client.listPrompts(), await client.listResources(), client.getInstructions()];
      expect(leaks(listed)).toEqual([]);
      expect(JSON.stringify(listed)).toContain('Review a config (key <REDACTED:SLACK_TOKEN>).');
      expect(JSON.stringify(listed)).toContain('the env file, <REDACTED:GITHUB_TOKEN> inside');
      expect(client.getInstructions()).toBe('Authenticate with <REDACTED:GITHUB_TOKEN> first.');
      await client.close();
    });

    test('resource reads and prompts are guarded; so is an error reply, message and data', async () => {
      const { client } = await connection(connect);
      const resource = await client.readResource({ uri: 'file:///app/.env' });
      expect(leaks(resource)).toEqual([]);
      expect(JSON.stringify(resource)).toContain('<REDACTED:SLACK_TOKEN>');
      const prompt = await client.getPrompt({ name: 'review' });
      expect(leaks(prompt)).toEqual([]);
      expect(JSON.stringify(prompt)).toContain('<REDACTED:GITHUB_TOKEN>');
      const error = await client.readResource({ uri: 'vault://main' }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(McpError);
      expect(leaks([(error as Error).message, (error as Error).stack, (error as McpError).data])).toEqual([]);
      expect((error as Error).message).toContain('vault sealed; it was opened with <REDACTED:GITHUB_TOKEN>');
      await client.close();
    });

    test('with placeholders, restore gives the real value to the allowlisted tool only, and its echo comes back guarded', async () => {
      const guard = createSecretGuard({ toolResults: 'placeholder', restoreFor: ['deploy'] });
      const { client, planted } = await connection(connect, guard);
      const result = await client.callTool({ name: 'read_config', arguments: {} });
      const placeholder = (result.structuredContent as { config: { token: string } }).config.token;
      expect(placeholder).toBe('<SECRET:GITHUB_TOKEN#1>');
      const deployed = await client.callTool({ name: 'deploy', arguments: { token: placeholder } });
      const echoed = await client.callTool({ name: 'echo', arguments: { token: placeholder } });
      expect(planted.received).toEqual([
        { tool: 'deploy', arguments: { token: secrets.github } },
        { tool: 'echo', arguments: { token: placeholder } },
      ]);
      expect(deployed.content).toEqual([{ type: 'text', text: `deploy: authenticated with ${placeholder}` }]);
      expect(echoed.content).toEqual([{ type: 'text', text: `echo: refused with ${placeholder}` }]);
      await client.close();
    });

    test('mask and hash strategies apply to tool results', async () => {
      for (const [strategy, marker] of [['mask', '<MASKED:GITHUB_TOKEN'], ['hash', '<HASHED:GITHUB_TOKEN']] as const) {
        const { client } = await connection(connect, createSecretGuard({ toolResults: strategy }));
        const result = await client.callTool({ name: 'read_config', arguments: {} });
        expect(leaks(result)).toEqual([]);
        expect(JSON.stringify(result.content)).toContain(marker);
        await client.close();
      }
    });

    test('with block, a result holding a secret is refused with a typed error that quotes nothing of it', async () => {
      const { client } = await connection(connect, createSecretGuard({ toolResults: 'block' }));
      const error = await client.callTool({ name: 'read_config', arguments: {} }).catch((thrown: unknown) => thrown);
      expect(leaks([String(error), (error as Error).stack, (error as { data?: unknown }).data])).toEqual([]);
      // The transport answers the client with a JSON-RPC error; the wrapped client throws the guard's own error.
      // (It stops at the first string holding a secret, so its kinds are that string's.)
      expect(error).toMatchObject(options.guardsServerRequests ? { code: -32603, data: { code: 'SECRET_BLOCKED' } } : { code: 'SECRET_BLOCKED', use: 'toolResults' });
      // A clean result still passes.
      expect((await client.callTool({ name: 'echo', arguments: { token: 'plain' } })).content).toEqual([{ type: 'text', text: 'echo: refused with plain' }]);
      // A listing holding a secret is refused like a result; the server's instructions are left out, the handshake passes.
      const listing = await client.listTools().catch((thrown: unknown) => thrown);
      expect(listing).toMatchObject(options.guardsServerRequests ? { code: -32603, data: { code: 'SECRET_BLOCKED' } } : { code: 'SECRET_BLOCKED' });
      expect(leaks([String(listing), (listing as Error).stack])).toEqual([]);
      expect(client.getInstructions()).toBeUndefined();
      await client.close();
    });

    test(`sampling requests and log notifications from the server ${options.guardsServerRequests ? 'are guarded' : 'are not this wrapper\'s (guardMcpTransport guards them)'}`, async () => {
      const { client, seen } = await connection(connect);
      const result = await client.callTool({ name: 'ask_model', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'the model said: fine' }]);
      expect(seen).toHaveLength(2);
      expect(leaks(seen)).toEqual(options.guardsServerRequests ? [] : [secrets.github, secrets.stripe, secrets.slack]);
      await client.close();
    });
  });
}
