import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';

describe("providers' object ids and ULIDs beside keys", () => {
  test.each([
    ['a chat completion id in an example response', '{ "id": "chatcmpl-9u4Mpu44CbPjwYFkTbeoZgvzB00Tz", "object": "chat.completion" }'],
    ['a tool call id', "{ type: 'tool_call', id: 'call_UNkEwuQsHrGYqgDQuH9nPAtX' }"],
    ['an assistant id', '@example asst_5j66UpCpwteGg4YSxUnt7lPY'],
  ])('%s is left alone, in any chunking', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectChunkInvariant(redactSecretsStream(), text);
  });

  test('an id with a random string glued past any id length is judged as a run', () => {
    const text = 'see call_UNkEwuQsHrGYqgDQuH9nPAtXq8Zt3vN1xR7bLk2mWp9sQ4yTgH end';
    expect(redactSecrets(text)).toBe('see <REDACTED:HIGH_ENTROPY> end');
  });

  test('a key glued after a ULID: the ULID stays, the key is redacted, in any chunking', () => {
    const text = 'see 00VHNCZB000060000D0000G000AJ2w_-jdXHVxvswALlLod end';
    expect(redactSecrets(text)).toBe('see 00VHNCZB000060000D0000G000<REDACTED:HIGH_ENTROPY> end');
    expectChunkInvariant(redactSecretsStream(), text);
  });
});
