// The input-guard acceptance of issue 25, as one function: generated conversations with planted
// secrets run through the AI SDK (generateText and streamText with tools, one of them streaming)
// and LangChain's createAgent (invoke and stream), both against a real OpenAI-compatible client
// talking HTTP to a loopback server that records every request body, with an MCP server whose
// tool results carry secrets (guardMcpTransport for the AI SDK, guardMcpClient for LangChain).
//
// It imports packages by name only and uses no TypeScript syntax Node cannot strip, so the same
// file runs against the sources (packages/mcp's vitest test) and, copied into a fresh npm project
// with the packed tarballs, against what is published (`pnpm check:input-guards`).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool as langchainTool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { guardTools, parleyMiddleware } from '@parley/ai-sdk';
import { parleyAgentMiddleware } from '@parley/langchain/agent';
import { guardMcpClient, guardMcpTransport } from '@parley/mcp';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard } from '@parley/redaction/guard';
import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { createAgent } from 'langchain';
import * as z from 'zod';

/** A planted secret as the generator gives it (see redaction's planted-conversations fixture). */
export interface AcceptanceSecret {
  readonly place: string;
  readonly rule: string;
  readonly written: string;
  readonly prefix: string;
  readonly spaced?: boolean;
}

/** A generated conversation (the JSON the generator writes). */
export interface AcceptanceConversation {
  readonly id: number;
  readonly strategy: 'redact' | 'mask' | 'hash' | 'placeholder' | 'block';
  readonly system: string;
  readonly user: string;
  readonly assistant: string;
  readonly toolCallArguments: { readonly query: string };
  readonly historyToolResult: string;
  readonly fileChunks: readonly string[];
  readonly mcpResult: string;
  readonly secrets: readonly AcceptanceSecret[];
}

/** The way a conversation is run. */
export type AcceptanceAdapter = 'ai-sdk generateText' | 'ai-sdk streamText' | 'langchain createAgent invoke' | 'langchain createAgent stream';

/** A failure, described by place, rule and adapter: never the secret. */
export interface AcceptanceFailure {
  readonly conversation: number;
  readonly adapter: AcceptanceAdapter;
  readonly strategy: string;
  readonly what: string;
  /** Whether every secret the failure involves was planted spaced out (the detector's known limits on a spaced key's last group). */
  readonly spacedOnly: boolean;
}

/** What a run found. */
export interface AcceptanceReport {
  readonly conversations: number;
  readonly secrets: number;
  readonly byAdapter: Readonly<Record<string, number>>;
  readonly byStrategy: Readonly<Record<string, number>>;
  readonly requests: number;
  /** Request bodies holding a piece of a planted secret. */
  readonly leakingRequests: number;
  /** Captured events, outputs and log lines holding a piece of a planted secret. */
  readonly leakingCaptures: number;
  readonly captures: number;
  readonly blockedConversations: number;
  /** Requests that reached the server in conversations under `block`. */
  readonly requestsUnderBlock: number;
  /** Calls of allowlisted tools (the local `deploy`, the MCP server's `deploy`) that got every planted secret back exactly. */
  readonly exactRestores: number;
  readonly restoreCalls: number;
  /** Restores that gave a spaced-out key without its last group of 1 to 3 characters (the detector leaves a short last group out; a README limit). */
  readonly restoresShortOfLastGroup: number;
  /** Preliminary results of the streaming tool (the text so far, a key cut short at its end) holding a piece of a secret: what the app's stream shows, never sent to the provider. */
  readonly preliminaryResultLeaks: number;
  /** Calls of other tools (`notify`, `remote_deploy`) that got any piece of a secret. */
  readonly otherToolLeaks: number;
  readonly otherToolCalls: number;
  readonly failures: readonly AcceptanceFailure[];
}

/** Leak criterion: any 8 consecutive letters or digits of a secret's body (its published prefix left out), separators and punctuation removed on both sides. */
const PIECE = 8;
const bare = (text: string): string => text.replaceAll(/[^A-Za-z0-9]/gu, '');

function piecesOf(secrets: readonly AcceptanceSecret[]): Set<string> {
  const pieces = new Set<string>();
  for (const secret of secrets) {
    const body = bare(secret.written.slice(secret.prefix.length));
    for (let index = 0; index + PIECE <= body.length; index += 1) pieces.add(body.slice(index, index + PIECE));
  }
  return pieces;
}

/** Every string in a JSON-like value, keys too, joined; strings that hold JSON are read as they are. */
function stringsOf(value: unknown): string {
  const out: string[] = [];
  const visit = (current: unknown, depth: number): void => {
    if (depth > 50) return;
    if (typeof current === 'string') out.push(current);
    else if (Array.isArray(current)) for (const item of current) visit(item, depth + 1);
    else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        out.push(key);
        visit(item, depth + 1);
      }
    }
  };
  visit(value, 0);
  return out.join('\n');
}

const leaks = (text: string, pieces: ReadonlySet<string>): boolean => {
  const shown = bare(text);
  for (const piece of pieces) if (shown.includes(piece)) return true;
  return false;
};

/** A scripted OpenAI-compatible chat-completions server on 127.0.0.1 that records every request body. */
interface ScriptedServer {
  readonly baseURL: string;
  readonly bodies: string[];
  close(): Promise<void>;
}

const PRELIMINARY = 'preliminary tool result';
const MARKERS = /<(?:SECRET|REDACTED|MASKED|HASHED):[^<>\s]{1,200}>/gu;

/**
 * Round 1 (the last message is the user's): call `read_file` and `read_config`. Round 2 (after
 * their results): call `deploy`, `notify` and `remote_deploy` with every marker the request holds,
 * as a model would pass on what it was shown. Then a reply without tools.
 */
function reply(request: { messages?: { role: string; tool_call_id?: string }[] }): { content: string | null; calls: { id: string; name: string; arguments: string }[] } {
  const messages = request.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'user') {
    return { content: null, calls: [{ id: 'r1-file', name: 'read_file', arguments: '{"path":"deploy.env"}' }, { id: 'r1-mcp', name: 'read_config', arguments: '{"name":"release"}' }] };
  }
  if (last?.role === 'tool' && last.tool_call_id?.startsWith('r1-') === true) {
    const tokens = [...new Set(JSON.stringify(messages).match(MARKERS) ?? [])];
    const args = JSON.stringify({ tokens });
    return { content: null, calls: ['deploy', 'notify', 'remote_deploy'].map((name) => ({ id: `r2-${name}`, name, arguments: args })) };
  }
  return { content: 'Deployed; the team is notified.', calls: [] };
}

async function startScriptedServer(): Promise<ScriptedServer> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      bodies.push(body);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { stream?: boolean; messages?: { role: string; tool_call_id?: string }[] };
      const { content, calls } = reply(parsed);
      // A fresh id per reply: LangGraph's message reducer replaces a message whose id it has seen.
      const base = { id: `chatcmpl-${bodies.length}`, created: 1764400000, model: 'loopback' };
      const usage = { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 };
      const toolCalls = calls.map((call, index) => ({ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
      const finish = calls.length > 0 ? 'tool_calls' : 'stop';
      if (parsed.stream !== true) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: toolCalls } : {}) }, finish_reason: finish }], usage }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const event = (payload: object): string => `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...payload })}\n\n`;
      const chunk = (delta: object, finishReason: string | null = null): string => event({ choices: [{ index: 0, delta, finish_reason: finishReason }] });
      let text = chunk({ role: 'assistant', content: '' });
      if (content !== null) for (const word of content.split(/(?<= )/u)) text += chunk({ content: word });
      for (const call of toolCalls) text += chunk({ tool_calls: [call] });
      text += chunk({}, finish) + event({ choices: [], usage }) + 'data: [DONE]\n\n';
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the tools of one conversation were given. */
interface ToolCalls {
  deploy: string[][];
  mcpDeploy: string[][];
  others: unknown[];
}

/** An MCP server whose `read_config` returns the conversation's text (as text, an embedded resource and structured content) and whose `deploy` records its tokens. */
function plantedMcpServer(conversation: AcceptanceConversation, calls: ToolCalls, echo: (tokens: string[]) => string): McpServer {
  const server = new McpServer({ name: 'release-config', version: '1.0.0' });
  server.registerTool('read_config', { description: 'Reads the release config.', inputSchema: { name: z.string() } }, async () => ({
    content: [
      { type: 'text', text: conversation.mcpResult },
      { type: 'resource', resource: { uri: 'file:///release/config.env', mimeType: 'text/plain', text: conversation.mcpResult } },
    ],
    structuredContent: { config: conversation.mcpResult },
  }));
  server.registerTool('deploy', { description: 'Deploys with the tokens.', inputSchema: { tokens: z.array(z.string()) } }, async ({ tokens }) => {
    calls.mcpDeploy.push(tokens);
    return { content: [{ type: 'text', text: `deployed with ${tokens.length} tokens${echo(tokens)}` }] };
  });
  return server;
}


/** The text of an MCP tool result, as a tool gives it to a model. */
const mcpText = (result: unknown): string => JSON.stringify((result as { content?: unknown }).content ?? result);

/** Options of {@link runInputGuardAcceptance}. */
export interface AcceptanceOptions {
  /** The deploying tools answer with the tokens they got, comma-separated (the MCP server's restored real values come back to be guarded again). Default: the count only. */
  readonly echoTokens?: boolean;
}

/**
 * Runs `conversations` one after another (adapters in turn: AI SDK generateText, streamText,
 * LangChain createAgent invoke, stream) and checks every request body, every captured event,
 * output and log line, the tools' arguments and the blocked conversations.
 */
export async function runInputGuardAcceptance(conversations: readonly AcceptanceConversation[], options: AcceptanceOptions = {}): Promise<AcceptanceReport> {
  const echo = (tokens: string[]): string => (options.echoTokens === true ? `: ${tokens.join(', ')}` : '');
  const server = await startScriptedServer();
  const failures: AcceptanceFailure[] = [];
  const adapters: readonly AcceptanceAdapter[] = ['ai-sdk generateText', 'ai-sdk streamText', 'langchain createAgent invoke', 'langchain createAgent stream'];
  const byAdapter: Record<string, number> = {};
  const byStrategy: Record<string, number> = {};
  const totals = { restoresShortOfLastGroup: 0, preliminaryResultLeaks: 0, secrets: 0, leakingRequests: 0, leakingCaptures: 0, captures: 0, blocked: 0, requestsUnderBlock: 0, exactRestores: 0, restoreCalls: 0, otherToolLeaks: 0, otherToolCalls: 0 };
  const provider = createOpenAICompatible({ name: 'loopback', baseURL: server.baseURL, apiKey: 'unused' });
  const chatModel = new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: 'unused', configuration: { baseURL: server.baseURL }, maxRetries: 0, useResponsesApi: false });

  // Logs: whatever anything writes to the console or stderr while the conversations run.
  const logged: string[] = [];
  const consoleMethods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const originals = consoleMethods.map((name) => console[name]);
  const writeStderr = process.stderr.write.bind(process.stderr);
  for (const name of consoleMethods) console[name] = (...items: unknown[]) => void logged.push(items.map((item) => (typeof item === 'string' ? item : inspect(item, { depth: 8 }))).join(' '));
  process.stderr.write = ((text: string | Uint8Array) => (logged.push(typeof text === 'string' ? text : Buffer.from(text).toString('utf8')), true)) as typeof process.stderr.write;

  try {
    for (const conversation of conversations) {
      const adapter = adapters[conversation.id % adapters.length] as AcceptanceAdapter;
      byAdapter[adapter] = (byAdapter[adapter] ?? 0) + 1;
      byStrategy[conversation.strategy] = (byStrategy[conversation.strategy] ?? 0) + 1;
      totals.secrets += conversation.secrets.length;
      const fail = (what: string, involved: readonly AcceptanceSecret[] = []): void =>
        void failures.push({ conversation: conversation.id, adapter, strategy: conversation.strategy, what, spacedOnly: involved.length > 0 && involved.every((secret) => secret.spaced === true) });
      const pieces = piecesOf(conversation.secrets);
      const strategy = conversation.strategy;
      const guard = createSecretGuard({ input: strategy, toolResults: strategy, output: strategy === 'block' ? 'redact' : strategy, restoreFor: ['deploy'] });
      const captured: [string, unknown][] = [];
      guard.on('guard', (event) => captured.push(['guard event', event]));
      guard.on('restore', (event) => captured.push(['restore event', event]));
      const redaction = redactSecretsStream();
      const calls: ToolCalls = { deploy: [], mcpDeploy: [], others: [] };
      const mcpServer = plantedMcpServer(conversation, calls, echo);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(serverSide);
      const client = new Client({ name: 'acceptance', version: '1.0.0' });
      const onAiSdk = adapter.startsWith('ai-sdk');
      // The AI SDK's side speaks to MCP through the guarded transport, LangChain's through the guarded client.
      await client.connect(onAiSdk ? guardMcpTransport(clientSide, { guard }) : clientSide);
      const mcp = onAiSdk ? client : guardMcpClient(client, { guard });
      const readConfig = async (): Promise<string> => {
        const result = await mcp.callTool({ name: 'read_config', arguments: { name: 'release' } });
        captured.push(['MCP read_config result', result]);
        return mcpText(result);
      };
      const remoteDeploy = async (tokens: string[]): Promise<string> => {
        calls.others.push({ remote_deploy: tokens });
        const result = await mcp.callTool({ name: 'deploy', arguments: { tokens } });
        captured.push(['MCP deploy result', result]);
        return mcpText(result);
      };
      const deploy = (tokens: string[]): string => {
        calls.deploy.push(tokens);
        return `deployed with ${tokens.length} tokens${echo(tokens)}`;
      };
      const notify = (tokens: string[]): string => {
        calls.others.push({ notify: tokens });
        return `notified about ${tokens.length} tokens${echo(tokens)}`;
      };
      const before = server.bodies.length;
      let error: unknown;
      try {
        if (onAiSdk) {
          const model = wrapLanguageModel({ model: provider.chatModel('loopback'), middleware: parleyMiddleware(redaction, { guard }) });
          const tokensInput = jsonSchema<{ tokens: string[] }>({ type: 'object', properties: { tokens: { type: 'array', items: { type: 'string' } } }, required: ['tokens'] });
          const tools = guardTools(
            {
              lookup: tool({ inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }), execute: async () => conversation.historyToolResult }),
              // A streaming tool: the file arrives in the conversation's chunks, each a preliminary result of the text so far.
              read_file: tool({
                inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }),
                execute: async function* () {
                  let text = '';
                  for (const chunk of conversation.fileChunks) yield (text += chunk);
                },
              }),
              deploy: tool({ inputSchema: tokensInput, execute: async ({ tokens }) => deploy(tokens) }),
              notify: tool({ inputSchema: tokensInput, execute: async ({ tokens }) => notify(tokens) }),
              remote_deploy: tool({ inputSchema: tokensInput, execute: async ({ tokens }) => remoteDeploy(tokens) }),
            },
            guard,
          );
          // read_config is left out of guardTools: its result is guarded by the MCP transport alone.
          const allTools = { ...tools, read_config: tool({ inputSchema: jsonSchema<{ name: string }>({ type: 'object', properties: { name: { type: 'string' } } }), execute: async () => readConfig() }) };
          const messages = [
            { role: 'user' as const, content: 'Hello.' },
            { role: 'assistant' as const, content: [{ type: 'text' as const, text: conversation.assistant }, { type: 'tool-call' as const, toolCallId: 'h1', toolName: 'lookup', input: conversation.toolCallArguments }] },
            { role: 'tool' as const, content: [{ type: 'tool-result' as const, toolCallId: 'h1', toolName: 'lookup', output: { type: 'text' as const, value: conversation.historyToolResult } }] },
            { role: 'user' as const, content: conversation.user },
          ];
          if (adapter === 'ai-sdk generateText') {
            const result = await generateText({ model, tools: allTools, instructions: conversation.system, messages, stopWhen: isStepCount(4) });
            captured.push(['steps', result.steps.map((step) => ({ content: step.content, text: step.text }))], ['text', result.text]);
          } else {
            let streamError: unknown;
            const result = streamText({ model, tools: allTools, instructions: conversation.system, messages, stopWhen: isStepCount(4), onError: ({ error: thrown }) => void (streamError = thrown) });
            for await (const part of result.fullStream) {
              if (part.type === 'start-step' || part.type === 'finish-step') continue;
              captured.push([part.type === 'tool-result' && part.preliminary === true ? PRELIMINARY : `stream part ${part.type}`, part]);
            }
            if (streamError !== undefined) throw streamError;
          }
        } else {
          const tokensSchemaZod = z.object({ tokens: z.array(z.string()) });
          const tools = [
            langchainTool(async () => conversation.historyToolResult, { name: 'lookup', description: 'Looks up.', schema: z.object({ query: z.string() }) }),
            langchainTool(async () => conversation.fileChunks.join(''), { name: 'read_file', description: 'Reads a file.', schema: z.object({ path: z.string() }) }),
            langchainTool(async () => readConfig(), { name: 'read_config', description: 'Reads the release config (MCP).', schema: z.object({ name: z.string() }) }),
            langchainTool(async ({ tokens }) => deploy(tokens), { name: 'deploy', description: 'Deploys.', schema: tokensSchemaZod }),
            langchainTool(async ({ tokens }) => notify(tokens), { name: 'notify', description: 'Notifies.', schema: tokensSchemaZod }),
            langchainTool(async ({ tokens }) => remoteDeploy(tokens), { name: 'remote_deploy', description: 'Deploys remotely (MCP).', schema: tokensSchemaZod }),
          ];
          const agent = createAgent({ model: chatModel, tools, middleware: [parleyAgentMiddleware(redaction, { guard })] });
          const initial = [
            new SystemMessage(conversation.system),
            new HumanMessage('Hello.'),
            new AIMessage({ content: conversation.assistant, tool_calls: [{ id: 'h1', name: 'lookup', args: conversation.toolCallArguments }] }),
            new ToolMessage({ content: conversation.historyToolResult, tool_call_id: 'h1' }),
            new HumanMessage(conversation.user),
          ];
          if (adapter === 'langchain createAgent invoke') {
            const result = await agent.invoke({ messages: initial }, { recursionLimit: 12 });
            // The state starts with the caller's own messages; what the agent added is captured.
            captured.push(['agent messages', result.messages.slice(initial.length).map((message) => ({ type: message.type, content: message.content, tool_calls: (message as AIMessage).tool_calls }))]);
          } else {
            for await (const [message] of await agent.stream({ messages: initial }, { streamMode: 'messages', recursionLimit: 12 })) {
              captured.push(['streamed message', { type: message.type, content: message.content, tool_calls: (message as AIMessage).tool_calls, tool_call_chunks: (message as { tool_call_chunks?: unknown }).tool_call_chunks }]);
            }
          }
        }
      } catch (thrown) {
        error = thrown;
      } finally {
        await client.close();
      }
      const requests = server.bodies.slice(before);
      for (const [index, body] of requests.entries()) {
        if (leaks(stringsOf(JSON.parse(body)), pieces)) {
          totals.leakingRequests += 1;
          const involved = leakingSecrets(stringsOf(JSON.parse(body)), conversation.secrets);
          fail(`request ${index + 1} holds a piece of a planted secret (${involved.map(describeSecret).join('; ')})`, involved);
        }
      }
      if (strategy === 'block') {
        totals.blocked += 1;
        totals.requestsUnderBlock += requests.length;
        if (requests.length > 0) fail(`${requests.length} requests reached the server under block`);
        // LangGraph wraps an error thrown in a node; the guard's error is its cause.
        const code = (error as { code?: unknown } | undefined)?.code ?? (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
        if (code !== 'SECRET_BLOCKED') fail(`expected SECRET_BLOCKED, got ${error === undefined ? 'no error' : String(code ?? (error as Error).name)}`);
        if (error !== undefined) captured.push(['error message', (error as Error).message], ['error as JSON', JSON.stringify(error)], ['error inspected', inspect(error, { depth: 8 })]);
      } else if (error !== undefined) {
        fail(`the conversation failed: ${(error as { code?: string }).code ?? (error as Error).name}`);
        captured.push(['error message', (error as Error).message]);
      } else if (requests.length !== 3) {
        fail(`expected 3 requests, got ${requests.length}`);
      }
      captured.push(['guard stats', guard.stats()], ['guard printed', inspect(guard)], ['guard as JSON', JSON.stringify(guard)]);
      for (const [label, value] of captured) {
        totals.captures += 1;
        if (leaks(typeof value === 'string' ? value : stringsOf(value), pieces)) {
          if (label === PRELIMINARY) {
            totals.preliminaryResultLeaks += 1;
            continue;
          }
          totals.leakingCaptures += 1;
          const involved = leakingSecrets(typeof value === 'string' ? value : stringsOf(value), conversation.secrets);
          fail(`${label} holds a piece of a planted secret (${involved.map(describeSecret).join('; ')})`, involved);
        }
      }
      for (const other of calls.others) {
        totals.otherToolCalls += 1;
        if (leaks(stringsOf(other), pieces)) {
          totals.otherToolLeaks += 1;
          fail(`${Object.keys(other as object).join('')} got a piece of a planted secret`);
        }
      }
      if (strategy === 'placeholder') {
        const expected = conversation.secrets.map((secret) => secret.written).sort();
        for (const [name, received] of [['deploy', calls.deploy], ['MCP deploy', calls.mcpDeploy]] as const) {
          if (received.length !== 1) fail(`${name} was called ${received.length} times`);
          for (const tokens of received) {
            totals.restoreCalls += 1;
            const got = [...tokens].sort();
            if (got.length === expected.length && got.every((token, index) => token === expected[index])) totals.exactRestores += 1;
            else if (got.length === expected.length && got.every((token) => expected.includes(token) || expected.some((secret) => secret.startsWith(token) && /^ \S{1,3}$/u.test(secret.slice(token.length))))) totals.restoresShortOfLastGroup += 1;
            else {
              const missed = conversation.secrets.filter((secret) => !got.includes(secret.written));
              fail(`${name} got ${got.length} values, ${got.filter((token) => expected.includes(token)).length} of the ${expected.length} planted secrets exactly (not: ${missed.map(describeSecret).join('; ')})`, missed);
            }
          }
        }
      }
    }
  } finally {
    consoleMethods.forEach((name, index) => (console[name] = originals[index] as never));
    process.stderr.write = writeStderr;
    await server.close();
  }
  const allPieces = piecesOf(conversations.flatMap((conversation) => conversation.secrets));
  for (const line of logged) {
    totals.captures += 1;
    if (leaks(line, allPieces)) {
      totals.leakingCaptures += 1;
      failures.push({ conversation: -1, adapter: 'ai-sdk generateText', strategy: '-', what: 'a log line holds a piece of a planted secret', spacedOnly: false });
    }
  }
  return {
    conversations: conversations.length,
    secrets: totals.secrets,
    byAdapter,
    byStrategy,
    requests: server.bodies.length,
    leakingRequests: totals.leakingRequests,
    leakingCaptures: totals.leakingCaptures,
    captures: totals.captures,
    blockedConversations: totals.blocked,
    requestsUnderBlock: totals.requestsUnderBlock,
    exactRestores: totals.exactRestores,
    restoresShortOfLastGroup: totals.restoresShortOfLastGroup,
    preliminaryResultLeaks: totals.preliminaryResultLeaks,
    restoreCalls: totals.restoreCalls,
    otherToolLeaks: totals.otherToolLeaks,
    otherToolCalls: totals.otherToolCalls,
    failures,
  };
}

/** The planted secrets a piece of which `text` holds. */
const leakingSecrets = (text: string, secrets: readonly AcceptanceSecret[]): AcceptanceSecret[] => secrets.filter((secret) => leaks(text, piecesOf([secret])));

/** A secret by place and rule, never its value. */
const describeSecret = (secret: AcceptanceSecret): string => `${secret.place}: ${secret.rule}${secret.spaced === true ? ', spaced' : ''}`;
