import { AIMessageChunk } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { redactSecrets } from '@parley/redaction';
import { expect, test } from 'vitest';
import { withParley } from './with-parley';

// The README's example, kept honest.
test('the README example prints what it says', async () => {
  const inner = new FakeStreamingChatModel({
    chunks: [new AIMessageChunk({ content: 'The key is ghp_a1B2c3D4e' }), new AIMessageChunk({ content: '5F6a1B2c3D4e5F6a1B2c3D4e5F6.' })],
  });
  const model = withParley(inner, redactSecrets());
  let text = '';
  for await (const chunk of await model.stream('What is the deploy key?')) text += chunk.content;
  expect(text).toBe('The key is <REDACTED:GITHUB_TOKEN>.');
});
