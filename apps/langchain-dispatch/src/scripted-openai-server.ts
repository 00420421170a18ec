import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { ScriptedManager } from './scripted-manager.ts';

interface OpenAIMessage {
  readonly role: string;
  readonly content: string | null;
  readonly tool_call_id?: string;
  readonly tool_calls?: ReadonlyArray<{ readonly id: string; readonly function: { readonly name: string; readonly arguments: string } }>;
}

const toMessages = (messages: readonly OpenAIMessage[]): BaseMessage[] =>
  messages.map((message) => {
    const content = message.content ?? '';
    if (message.role === 'system') return new SystemMessage(content);
    if (message.role === 'tool') return new ToolMessage({ content, tool_call_id: message.tool_call_id ?? '' });
    if (message.role === 'assistant') {
      return new AIMessage({ content, tool_calls: (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) as Record<string, unknown>, type: 'tool_call' as const })) });
    }
    return new HumanMessage(content);
  });

/**
 * An OpenAI-compatible `/chat/completions` server on loopback that answers with the scripted
 * manager's decisions, streamed as SSE the way OpenAI streams them (text in small deltas, tool-call
 * arguments in pieces). It lets the app's real-model path (`ChatOpenAI` with `OPENAI_BASE_URL`) run
 * in a test with no network.
 */
export async function startScriptedOpenAIServer(manager: ScriptedManager): Promise<{ readonly url: string; close(): Promise<void> }> {
  let completions = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString('utf8')));
    request.on('end', () => {
      void (async () => {
        const { messages, stream } = JSON.parse(body) as { messages: OpenAIMessage[]; stream?: boolean };
        // Each completion has its own id, as OpenAI's do: LangGraph replaces a message whose id it has seen.
        completions += 1;
        const id = `chatcmpl-scripted-${completions}`;
        const result = await manager._generate(toMessages(messages));
        const reply = result.generations[0]?.message as AIMessage;
        const calls = (reply.tool_calls ?? []).map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }));
        if (stream !== true) {
          response.writeHead(200, { 'content-type': 'application/json' });
          const message = { role: 'assistant', content: typeof reply.content === 'string' ? reply.content : '', ...(calls.length === 0 ? {} : { tool_calls: calls }) };
          response.end(JSON.stringify({ id, object: 'chat.completion', created: 0, model: 'scripted', choices: [{ index: 0, message, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }] }));
          return;
        }
        const chunk = (delta: object, finish: string | null = null): string =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(chunk({ role: 'assistant', content: '' }));
        const text = typeof reply.content === 'string' ? reply.content : '';
        for (let index = 0; index < text.length; index += 3) response.write(chunk({ content: text.slice(index, index + 3) }));
        for (const [index, call] of (reply.tool_calls ?? []).entries()) {
          const args = JSON.stringify(call.args);
          response.write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
          for (let at = 0; at < args.length; at += 40) response.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 40) } }] }));
        }
        response.write(chunk({}, (reply.tool_calls ?? []).length > 0 ? 'tool_calls' : 'stop'));
        response.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
