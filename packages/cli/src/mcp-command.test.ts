// `parley mcp` as an MCP client sees it: the official SDK's Client over stdio, spawning the CLI
// from source (as the other process tests do), and in-process through runCli.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from 'vitest';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';

const here = import.meta.dirname;
const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

test('over stdio: the SDK client lists the tools and calls them; bad input is a tool error; nothing on stderr', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@parley/source', '--import', join(here, 'source-hooks.ts'), join(here, 'bin.ts'), 'mcp', '--tools', 'redact,triage'],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['redact', 'triage']);
  const redacted = await client.callTool({ name: 'redact', arguments: { text: `deploy with ${token} and go` } });
  expect(redacted.structuredContent).toEqual({ text: 'deploy with <REDACTED:GITHUB_TOKEN> and go', findings: [{ type: 'GITHUB_TOKEN', start: 12, end: 52 }] });
  expect(JSON.stringify(redacted)).not.toContain(token.slice(4, 20));
  const bad = await client.callTool({ name: 'triage', arguments: { query: 42 } });
  expect(bad.isError).toBe(true);
  expect((await client.callTool({ name: 'triage', arguments: { query: 'what is E0382' } })).structuredContent).toMatchObject({ negotiate: false });
  await client.close();
  expect(stderr).toBe('');
});

test('in-process: requests piped in are all answered before it exits 0 at the end of input; garbage lines are skipped', async () => {
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } },
    'not json at all',
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check_envelope', arguments: { text: 'no envelope here' } } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'redact', arguments: { text: token } } },
  ].map((line) => `${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  const io = createTestIo({ stdin: lines });
  expect(await runCli({ argv: ['mcp'], io, version: '1.2.3' })).toBe(0);
  const replies = io.out().trim().split('\n').map((line) => JSON.parse(line) as { id: number; result: { serverInfo?: unknown; structuredContent?: { ok?: boolean; text?: string } } });
  // Replies may come in any order (JSON-RPC matches them by id); each request gets one.
  replies.sort((left, right) => left.id - right.id);
  expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3]);
  expect(replies[1]?.result.structuredContent?.ok).toBe(false);
  expect(replies[2]?.result.structuredContent?.text).toBe('<REDACTED:GITHUB_TOKEN>');
  expect(io.err()).toBe('');
});

test('usage errors are one line: an input argument, an unknown tool, a bad --max-text-length', async () => {
  for (const [argv, message] of [
    [['mcp', 'file.txt'], /unexpected argument "file\.txt"/u],
    [['mcp', '--tools', 'redact,rm'], /--tools: unknown tool "rm"/u],
    [['mcp', '--max-text-length', '0'], /--max-text-length must be a whole number/u],
  ] as const) {
    const io = createTestIo();
    expect(await runCli({ argv: [...argv], io, version: '0' })).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.err().split('\n')).toHaveLength(2);
  }
});
