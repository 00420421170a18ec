import { redactSecretsStream } from '@parley/redaction';
import * as fc from 'fast-check';
import { createAgent, FakeToolCallingModel, tool, toolStrategy } from 'langchain';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { parleyAgentMiddleware } from './parley-agent-middleware';

// createAgent's structured output (tool strategy): the model answers by calling a tool the agent
// adds, and its arguments become `structuredResponse`. That call is the answer, not a tool input.

const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

test(
  "for every secret type: structuredResponse and the stored messages carry no piece of it, while the agent's own tool gets its input as written (fast-check)",
  { timeout: 180_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), fc.constantFrom(...samples), async (answerSecret, toolSecret) => {
        const received: string[] = [];
        const rotate = tool(async ({ key }: { key: string }) => (received.push(key), 'rotated'), { name: 'rotate', description: 'Rotate a key', schema: z.object({ key: z.string() }) });
        const schema = z.object({ answer: z.string() }).meta({ title: 'Answer', description: 'The answer' });
        const model = new FakeToolCallingModel({
          toolCalls: [[{ name: 'rotate', args: { key: toolSecret.text }, id: 'call-1' }], [{ name: 'Answer', args: { answer: `Use ${answerSecret.text} now.` }, id: 'call-2' }]],
        });
        const agent = createAgent({ model, tools: [rotate], responseFormat: toolStrategy(schema), middleware: [parleyAgentMiddleware(redactSecretsStream())] } as never);
        const result = (await (agent as { invoke(input: unknown): Promise<unknown> }).invoke({ messages: [{ role: 'user', content: 'go' }] })) as { structuredResponse: unknown; messages: unknown[] };
        expect(received).toEqual([toolSecret.text]);
        expect(result.structuredResponse).toMatchObject({ answer: expect.stringMatching(/^Use /u) });
        const answer = JSON.stringify(result.structuredResponse);
        for (const piece of pieces(answerSecret.secret)) expect(answer).not.toContain(piece);
        const stored = JSON.stringify(result.messages.slice(-2));
        for (const piece of pieces(answerSecret.secret)) expect(stored).not.toContain(piece);
      }),
      { numRuns: 40 },
    );
  },
);
