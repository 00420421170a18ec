// The README's examples, kept honest: every ```ts block is taken from the Markdown, type-checked
// and run, and each `console.log(…); // expected` line must print what it says (see
// tooling/bench/src/readme-suite.ts). The streaming example is also checked by hand below.
import { join } from 'node:path';
import { transformText } from '@parley/core';
import { expect, test } from 'vitest';
import { describeReadme } from '../../../../tooling/bench/src/readme-suite.ts';
import { redactSecretsStream } from './redact-secrets-stream';

describeReadme(join(import.meta.dirname, '..', '..'));

test('the README example: the same output and events in any chunking', async () => {
  const deltas = ['Use ghp_hRpx1w3Z1h3F', 'OPyYIbdWOfXPIYlOpSiU74gX to push; ', 'the key is AKIA Q3EG RXN7 T5W2 HJ4K.'];
  const whole = deltas.join('');
  for (const chunks of [deltas, [whole], [...whole]]) {
    const redactor = redactSecretsStream();
    const seen: string[] = [];
    redactor.on('redaction', ({ type }) => seen.push(type));
    let text = '';
    for await (const piece of transformText((async function* () { yield* chunks; })(), redactor)) text += piece;
    expect(text).toBe('Use <REDACTED:GITHUB_TOKEN> to push; the key is <REDACTED:AWS_ACCESS_KEY_ID>.');
    expect(seen).toEqual(['GITHUB_TOKEN', 'AWS_ACCESS_KEY_ID']);
  }
});
