import type { GuardUse, SecretGuard } from '@parley/redaction/guard';
import { guardMcpValue } from './guard-mcp-value';

/**
 * The use a client request's result is guarded for, or `undefined` when it passes as it is: tool
 * results and resource reads are what tools return (`toolResults`); a prompt is what the model
 * will be sent (`input`). Listings and the handshake's instructions are read field by field
 * (`guard-mcp-listing.ts`); completions carry names, not data.
 */
export function resultUse(method: string): GuardUse | undefined {
  if (method === 'tools/call' || method === 'resources/read') return 'toolResults';
  if (method === 'prompts/get') return 'input';
  return undefined;
}

/**
 * The use the params of a request or notification from the server are guarded for: a sampling
 * request is text for the client's model (`input`); log and progress messages are the server's
 * output on their way to the client's logs (`toolResults`).
 */
export function incomingUse(method: string): GuardUse | undefined {
  if (method === 'sampling/createMessage') return 'input';
  if (method === 'notifications/message' || method === 'notifications/progress') return 'toolResults';
  return undefined;
}

/** A JSON-RPC error object from the server, its message and data guarded (an error can quote a key). */
export async function guardMcpError<ErrorObject extends { readonly message: string; readonly data?: unknown }>(error: ErrorObject, guard: SecretGuard): Promise<ErrorObject> {
  const message = await guard.guardText(error.message, { use: 'toolResults' });
  return { ...error, message, ...(error.data === undefined ? {} : { data: await guardMcpValue(error.data, guard, 'toolResults') }) };
}

/** The params of a client request on its way out: a `tools/call`'s arguments restored when the guard allowlists the tool. */
export async function restoreMcpParams<Params>(method: string, params: Params, guard: SecretGuard): Promise<Params> {
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return params;
  const { name, arguments: input } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || input === undefined) return params;
  return { ...params, arguments: await guard.restoreToolArguments(name, input) };
}
