import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatOpenAI } from '@langchain/openai';
import { redactSecretsStream } from '@parley/redaction';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withParley } from './with-parley';

// The OpenAI Responses API through ChatOpenAI: beside the streamed text, the final event carries the
// whole reply again (`response_metadata.output`, which LangChain also sends back as the assistant
// turn, and `additional_kwargs.parsed` for structured output).

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const text = `Deploy with ${token} today.`;
const summary = `The user pasted ${token} earlier.`;
const deltas = [text.slice(0, 16), text.slice(16, 30), text.slice(30)];

function events(json: boolean): unknown[] {
  const body = json ? JSON.stringify({ key: token }) : text;
  const parts = json ? [body.slice(0, 12), body.slice(12)] : deltas;
  const output = [
    { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: summary }], encrypted_content: 'opaque' },
    { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: body, annotations: [] }] },
  ];
  const response = { id: 'resp_1', object: 'response', created_at: 1, model: 'loopback', status: 'completed', output: [], usage: null };
  return [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [] } },
    { type: 'response.reasoning_summary_part.added', item_id: 'rs_1', output_index: 0, summary_index: 0, part: { type: 'summary_text', text: '' } },
    { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: summary.slice(0, 20) },
    { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: summary.slice(20) },
    { type: 'response.output_item.added', output_index: 1, item: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] } },
    ...parts.map((delta) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta })),
    {
      type: 'response.completed',
      response: {
        ...response,
        output,
        ...(json ? { text: { format: { type: 'json_schema', name: 'answer', schema: {} } } } : {}),
        usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
      },
    },
  ];
}

let server: Server;
let baseURL = '';
let json = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events(json)) response.write(`event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const model = () => withParley(new ChatOpenAI({ model: 'loopback', apiKey: 'unused', useResponsesApi: true, streaming: true, configuration: { baseURL } }), redactSecretsStream());

test('ChatOpenAI with the Responses API: no copy of the reply (response_metadata.output) carries the secret; identifiers are kept', async () => {
  json = false;
  const chunks = [];
  for await (const chunk of await model().stream('key?')) chunks.push(chunk);
  const gathered = chunks.reduce((left, right) => left.concat(right));
  const invoked = await model().invoke('key?');
  for (const message of [...chunks, gathered, invoked]) expect(JSON.stringify(message.toDict()) + JSON.stringify(message)).not.toContain(token.slice(4, 12));
  expect(invoked.text).toBe('Deploy with <REDACTED:GITHUB_TOKEN> today.');
  const output = invoked.response_metadata['output'] as Array<Record<string, unknown>>;
  expect(output.map((item) => item['id'])).toEqual(['rs_1', 'msg_1']);
  expect(output[0]?.['encrypted_content']).toBe('opaque');
  expect(JSON.stringify(output)).toContain('Deploy with <REDACTED:GITHUB_TOKEN> today.');
});

test('structured output through the Responses API: additional_kwargs.parsed carries no secret', async () => {
  json = true;
  const invoked = await model().invoke('key?');
  expect(JSON.stringify(invoked.toDict()) + JSON.stringify(invoked)).not.toContain(token.slice(4, 12));
  expect(invoked.additional_kwargs['parsed']).toEqual({ key: '<REDACTED:GITHUB_TOKEN>' });
});
