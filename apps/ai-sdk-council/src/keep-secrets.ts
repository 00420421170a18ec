// Issue 25's example: an agent whose tool reads a file holding a key. The provider (a scripted
// model that records every prompt it is sent) never receives the key; the model works with a
// placeholder, and the one tool that needs the key authenticates with it through restore.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { guardTools, parleyMiddleware } from '@parley/ai-sdk';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard } from '@parley/redaction/guard';
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

/** The key in the file: made up, in the shape GitHub issues. */
export const deployKey = `ghp_${'Q315GQvyuck5ooHF60xwRp5PsEGKktsj'}Zc3F6hJ1`;

/** What one run shows: each step of the loop, what the provider was sent, and who got what. */
export interface KeepSecretsRun {
  readonly steps: readonly string[];
  /** Every prompt the provider received, as JSON. */
  readonly providerSaw: readonly string[];
  readonly deployAuthenticated: boolean;
  /** What the `notify` tool (not allowlisted) was given. */
  readonly notifyGot: string | undefined;
  readonly answer: string;
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const toolCalls = (...calls: Array<[id: string, name: string, input: object]>): LanguageModelV4GenerateResult => ({
  content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});

/** The scripted provider: reads the config, then deploys and notifies with what it was shown, then answers. */
function scriptedProvider(providerSaw: string[]): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      const prompt = JSON.stringify(options.prompt);
      providerSaw.push(prompt);
      if (providerSaw.length === 1) return toolCalls(['read', 'readConfig', { path: 'deploy.env' }]);
      if (providerSaw.length === 2) {
        // Whatever stands after GITHUB_TOKEN= in the file, as the model was shown it.
        const shown = /GITHUB_TOKEN=(\S+?)\\n/u.exec(prompt)?.[1] ?? '';
        return toolCalls(['deploy', 'deploy', { service: 'api', token: shown }], ['notify', 'notify', { message: `deployed api with ${shown}` }]);
      }
      return { content: [{ type: 'text', text: 'Deployed api; the team was notified.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
  });
}

/** Runs the agent loop once, in a temporary directory holding `deploy.env`. */
export async function keepSecrets(): Promise<KeepSecretsRun> {
  const directory = await mkdtemp(join(tmpdir(), 'parley-keep-secrets-'));
  await writeFile(join(directory, 'deploy.env'), `REGION=eu-west-1\nGITHUB_TOKEN=${deployKey}\n`);
  const providerSaw: string[] = [];
  const steps: string[] = [];
  let deployAuthenticated = false;
  let notifyGot: string | undefined;
  const tools = {
    readConfig: tool({
      description: 'Reads a config file of the project.',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => readFile(join(directory, path), 'utf8'),
    }),
    deploy: tool({
      description: 'Deploys a service; needs the deploy token.',
      inputSchema: z.object({ service: z.string(), token: z.string() }),
      execute: async ({ service, token }) => {
        deployAuthenticated = token === deployKey;
        return deployAuthenticated ? `deployed ${service}` : `401: bad token for ${service}`;
      },
    }),
    notify: tool({
      description: 'Posts a message to the team channel.',
      inputSchema: z.object({ message: z.string() }),
      execute: async ({ message }) => {
        notifyGot = message;
        return 'posted';
      },
    }),
  };
  // Placeholders for what goes in and what tools return; only deploy gets real values back.
  const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
  guard.on('guard', ({ use, kinds }) => steps.push(`guard: ${Object.entries(kinds).map(([kind, count]) => `${count} ${kind}`).join(', ')} in ${use}`));
  guard.on('restore', ({ tool: name, kinds }) => steps.push(`restore: ${Object.keys(kinds).join(', ')} for ${name ?? 'a tool'}`));
  const model = wrapLanguageModel({ model: scriptedProvider(providerSaw), middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
  try {
    const result = await generateText({
      model,
      tools: guardTools(tools, guard),
      prompt: 'Deploy the api service with the token in deploy.env, then tell the team.',
      stopWhen: isStepCount(4),
      onStepFinish: (step) => {
        for (const call of step.toolCalls) steps.push(`model → ${call.toolName}(${JSON.stringify(call.input)})`);
        for (const toolResult of step.toolResults) steps.push(`${toolResult.toolName} → ${JSON.stringify(toolResult.output)}`);
      },
    });
    return { steps, providerSaw, deployAuthenticated, notifyGot, answer: result.text };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
