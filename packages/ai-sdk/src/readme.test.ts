import { compose } from '@parley/core';
import { redactSecrets } from '@parley/redaction';
import { guardTokens } from '@parley/tokens';
import { simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { expect, test } from 'vitest';
import { parleyMiddleware } from './parley-middleware';
import { parleyTransform } from './parley-transform';

// The README's example, kept honest.
test('the README example prints what it says', async () => {
  const base = new MockLanguageModelV4({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Deploy with ghp_a1B2c3D4e5F6' },
          { type: 'text-delta', id: 't', delta: 'a1B2c3D4e5F6a1B2c3D4e5F6 today.' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } },
        ],
      }),
    }),
  });
  const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(compose(guardTokens({ mode: 'repair' }), redactSecrets())) });
  expect(await streamText({ model, prompt: 'How do I deploy?' }).text).toBe('Deploy with <REDACTED:GITHUB_TOKEN> today.');
  expect(await streamText({ model: base, prompt: 'How do I deploy?', experimental_transform: parleyTransform(redactSecrets()) }).text).toBe(
    'Deploy with <REDACTED:GITHUB_TOKEN> today.',
  );
});
