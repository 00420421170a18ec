import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentError } from '@parley/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leaks, secrets } from '../__fixtures__/planted-server';
import { createParleyMcpServer, parleyToolNames } from './create-parley-mcp-server';

let client: Client;
beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createParleyMcpServer({ maxTextLength: 100_000 }).connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(() => client.close());

const call = async (name: string, input: Record<string, unknown>): Promise<CallToolResult> => (await client.callTool({ name, arguments: input })) as CallToolResult;
const text = (result: CallToolResult): string => (result.content[0] as { text: string }).text;
const envelope = ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "rename ok."', 'reported_by: ["staff-engineer"]', '```'].join('\n');

test('lists the six tools, each with input and output schemas and read-only annotations', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([...parleyToolNames]);
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.outputSchema?.type).toBe('object');
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  }
});

describe('each tool answers good input with JSON text and the same structured content', () => {
  test.each([
    ['redact', { text: `key ${secrets.github} end` }, { text: 'key <REDACTED:GITHUB_TOKEN> end', findings: [{ type: 'GITHUB_TOKEN', start: 4, end: 44 }] }],
    ['check_tokens', { text: '[INVOKE:coo|Capacity?]\n' }, { ok: true, tokens: [{ kind: 'invoke', role: 'coo', question: 'Capacity?', line: 1 }], violations: [] }],
    ['check_tokens', { text: 'Hey CFO, can we afford it?\n', mode: 'repair' }, { ok: false, output: expect.any(String), violations: [expect.objectContaining({ rule: 'R1', code: 'PROSE_INVOCATION' })] }],
    ['check_envelope', { text: envelope }, { ok: true, status: 'ok', violations: [] }],
    ['check_envelope', { text: `${envelope}\nHope this helps!` }, { ok: false }],
    ['check_reply', { text: '已建立新任務 #abc12345 給 BA，完成後我會通知您。', dispatched: ['abc12345-0d1e-4f00-8a5b-6c7d8e9f0a1b'] }, { ok: true, violations: [] }],
    ['check_reply', { text: '已建立新任務 #f12d8d10 給 BA。' }, { ok: false, violations: expect.arrayContaining([expect.objectContaining({ code: 'HALLUCINATED_DISPATCH' })]) }],
    ['check_reply', { text: 'Done: [FILE: /tmp/report.csv]', completed: ['abc12345'], dispatched: ['abc12345'] }, { ok: false, violations: [expect.objectContaining({ code: 'MISSING_FILE' })] }],
    ['check_request', { text: 'Load the wine dataset and save the statistics as /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv' }, { ok: true, violations: [] }],
    ['check_request', { text: 'OK' }, { ok: false, violations: [expect.objectContaining({ code: 'EMPTY_REQUEST' })] }],
    ['triage', { query: 'Compare tokio and async-std for web servers' }, { negotiate: true, pattern: 'comparative' }],
    ['triage', { query: 'what is E0382' }, { negotiate: false }],
  ])('%s (case %#)', async (name, input, expected) => {
    const result = await call(name, input);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject(expected);
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });
});

test('a secret in any tool\'s input never comes back in its answer', async () => {
  const planted = `Hey CFO, use ${secrets.github} and ${secrets.stripe}\n[INVOKE:cfo|is ${secrets.slack} valid?]`;
  for (const name of ['redact', 'check_tokens', 'check_envelope', 'check_reply', 'check_request']) {
    const result = await call(name, { text: planted, ...(name === 'check_tokens' ? { mode: 'repair' } : {}) });
    expect([name, leaks(result)]).toEqual([name, []]);
  }
  expect(leaks(await call('triage', { query: planted }))).toEqual([]);
});

describe('bad input is a tool error, never a crash, and the server keeps answering', () => {
  test.each([
    ['redact', { text: 5 }],
    ['redact', {}],
    ['redact', { text: 'x'.repeat(100_001) }],
    ['check_tokens', { text: 'x', phase: 'bogus' }],
    ['check_tokens', { text: 'x', mode: 'fix-it' }],
    ['check_tokens', { text: 'x', chain: 'cro,cfo' }],
    ['check_envelope', { text: 'x', strict: 'yes' }],
    ['check_reply', { text: 'x', dispatched: [1, 2] }],
    ['check_request', { text: null }],
    ['triage', { query: ['a'] }],
    ['no_such_tool', {}],
  ])('%s (case %#)', async (name, input) => {
    const result = await call(name, input as Record<string, unknown>);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/validation|not found/iu);
  });
});

test('options: a subset of tools, and typed errors for bad options', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createParleyMcpServer({ tools: ['redact', 'triage'] }).connect(serverSide);
  const small = new Client({ name: 'test', version: '1.0.0' });
  await small.connect(clientSide);
  expect((await small.listTools()).tools.map((tool) => tool.name)).toEqual(['redact', 'triage']);
  await small.close();
  expect(() => createParleyMcpServer({ tools: ['rm_rf'] as never })).toThrow(InvalidArgumentError);
  expect(() => createParleyMcpServer({ maxTextLength: 0 })).toThrow(InvalidArgumentError);
  expect(() => createParleyMcpServer({ name: '' })).toThrow(InvalidArgumentError);
  expect(() => createParleyMcpServer(null as never)).toThrow(InvalidArgumentError);
});
