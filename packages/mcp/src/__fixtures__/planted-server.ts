// An MCP server that plants secrets everywhere a server can put text: tool results (text,
// embedded resources as text and as a UTF-8 blob, resource links, structuredContent, _meta),
// resource reads, prompts, error replies, log notifications and sampling requests. It records the
// arguments each tool received, so tests can tell what restore gave which tool.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/** The planted secrets (formats the detector knows; none is a real credential). */
export const secrets = {
  github: 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  stripe: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  slack: 'xoxb-2048-1234567890-q8Lk2Vx9Tn4wRm7Pb3XcYd5Z',
} as const;

/** Every 10-character piece of every planted secret found in `value` (as JSON), decoded blobs included. */
export function leaks(value: unknown): string[] {
  const text = JSON.stringify(value, (key, item: unknown) => (key === 'blob' && typeof item === 'string' ? Buffer.from(item, 'base64').toString('utf8') : item)) ?? '';
  return Object.values(secrets).flatMap((secret) => {
    const pieces = Array.from({ length: secret.length - 9 }, (_, index) => secret.slice(index, index + 10));
    return pieces.some((piece) => text.includes(piece)) ? [secret] : [];
  });
}

/** A server and what its tools were given. */
export interface PlantedServer {
  readonly server: McpServer;
  readonly received: { tool: string; arguments: Record<string, unknown> }[];
}

export function createPlantedServer(): PlantedServer {
  const received: PlantedServer['received'] = [];
  const server = new McpServer({ name: 'planted', version: '1.0.0' }, { capabilities: { logging: {} }, instructions: `Authenticate with ${secrets.github} first.` });
  const env = `GITHUB_TOKEN=${secrets.github}\nSTRIPE_KEY=${secrets.stripe}\nSLACK=${secrets.slack}\n`;

  server.registerTool(
    'read_config',
    { description: 'Reads the config.', outputSchema: { config: z.object({ token: z.string(), nested: z.array(z.string()) }) } },
    async () => ({
      content: [
        { type: 'text', text: `the token is ${secrets.github}` },
        { type: 'resource', resource: { uri: 'file:///app/.env', mimeType: 'text/plain', text: env } },
        { type: 'resource', resource: { uri: 'file:///app/env.bin', mimeType: 'application/octet-stream', blob: Buffer.from(env).toString('base64') } },
        { type: 'image', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]).toString('base64'), mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///app/notes.md', name: 'notes', description: `notes about ${secrets.slack}` },
      ],
      structuredContent: { config: { token: secrets.github, nested: [`stripe ${secrets.stripe}`] } },
      _meta: { 'example.com/debug': `slack ${secrets.slack}` },
    }),
  );
  for (const tool of ['deploy', 'echo']) {
    server.registerTool(tool, { description: `${tool} with a token`, inputSchema: { token: z.string() } }, async (input) => {
      received.push({ tool, arguments: input });
      return { content: [{ type: 'text', text: `${tool}: ${input.token === secrets.github ? 'authenticated' : 'refused'} with ${input.token}` }] };
    });
  }
  server.registerTool('ask_model', { description: 'Asks the client to sample, and logs.' }, async () => {
    await server.sendLoggingMessage({ level: 'info', data: `using ${secrets.github}` });
    const reply = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `summarise ${secrets.stripe}` } }], systemPrompt: `key ${secrets.slack}`, maxTokens: 10 });
    return { content: [{ type: 'text', text: `the model said: ${reply.content.type === 'text' ? reply.content.text : ''}` }] };
  });
  // Listings: a tool whose description, title, annotations and schema carry secrets.
  server.registerTool(
    'lookup',
    {
      title: `Lookup (${secrets.stripe})`,
      description: `Looks things up. Use the token ${secrets.github} if asked.`,
      annotations: { title: `lookup with ${secrets.slack}` },
      inputSchema: {
        token: z.string().describe(`the token, such as ${secrets.github}`).default(secrets.stripe).meta({ examples: [secrets.slack] }),
        mode: z.enum(['fast', secrets.github]).describe('how'),
      },
    },
    async () => ({ content: [{ type: 'text', text: 'found' }] }),
  );
  server.registerResource('env', 'file:///app/.env', { mimeType: 'text/plain', description: `the env file, ${secrets.github} inside` }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: env }] }));
  server.registerResource('vault', new ResourceTemplate('vault://{name}', { list: undefined }), {}, async () => {
    throw new McpError(-32002, `vault sealed; it was opened with ${secrets.github}`, { key: secrets.stripe });
  });
  server.registerPrompt('review', { description: `Review a config (key ${secrets.slack}).` }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Review this: ${env}` } }],
  }));
  return { server, received };
}
