// Issue 25's acceptance against the sources: generated conversations with catalogue keys planted
// in the system prompt, a user message, the assistant's history and its tool call, a streamed tool
// output and an MCP result go through the AI SDK (generateText, streamText) and LangChain's
// createAgent (invoke, stream) to a loopback OpenAI-compatible server over HTTP, with an MCP
// server behind guardMcpTransport / guardMcpClient. `pnpm check:input-guards` runs the same
// function against the packed tarballs, 1,000 conversations (PARLEY_ACCEPTANCE_CONVERSATIONS here).
import { beforeAll, expect, test } from 'vitest';
import { plantedConversations } from '../../redaction/src/__fixtures__/planted-conversations';
import { type AcceptanceReport, runInputGuardAcceptance } from './__fixtures__/input-guard-acceptance';

const count = Number(process.env['PARLEY_ACCEPTANCE_CONVERSATIONS'] ?? 120);
let report: AcceptanceReport;

beforeAll(async () => {
  report = await runInputGuardAcceptance(plantedConversations(20261205, count));
}, 600_000);

test(`${count} conversations: no piece of a secret written whole reaches the provider, an event, an output or a log line`, () => {
  expect(report.byAdapter).toEqual({ 'ai-sdk generateText': count / 4, 'ai-sdk streamText': count / 4, 'langchain createAgent invoke': count / 4, 'langchain createAgent stream': count / 4 });
  expect(report.failures.filter((failure) => !failure.spacedOnly)).toEqual([]);
  // Every conversation not blocked made its three calls, and every request and capture was read.
  expect(report.requests).toBe(3 * (report.conversations - report.blockedConversations));
  expect(report.captures).toBeGreaterThan(10 * report.conversations);
});

test('block: no request reaches the provider, and the error says SECRET_BLOCKED', () => {
  expect(report.blockedConversations).toBeGreaterThan(0);
  expect(report.requestsUnderBlock).toBe(0);
});

test('restore: the allowlisted tools (local and MCP) get the planted secrets back, the others no piece of one', () => {
  expect(report.restoreCalls).toBe(2 * report.byStrategy['placeholder']!);
  expect(report.exactRestores + report.failures.filter((failure) => failure.spacedOnly && failure.what.includes('deploy got')).length).toBe(report.restoreCalls);
  expect(report.otherToolCalls).toBeGreaterThan(0);
  expect(report.otherToolLeaks).toBe(0);
});

// Keys spaced out every few characters too: their last group is the key's unless it is a listed
// word (`… NV7D onui` used to lose `onui`), so nothing of them is left and restore is exact.
test('spaced-out keys: nothing is left and restore is exact', () => {
  expect(report.failures).toEqual([]);
});
