import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { leakedPiece, uniformKey, written } from '../__fixtures__/row-alphabet-keys';
import { samples } from '../__fixtures__/secrets';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { catalogue } from '../rules/catalogue';

/**
 * A key hard-wrapped at a column: its rest begins the next line. The rest is the key's when the
 * randomness judge reads the line's first token as drawn from the key's row rather than written
 * (and it names no field or command); otherwise the next line is text and is kept whole.
 */
describe('a key wrapped onto the next line', () => {
  test('the reported shapes: the rest is taken with the key; commands, words and field names on the next line are kept', () => {
    expect(expectStreamMatchesWhole('The key is xoxs-CP3k2WzLLyxKTGqEw4XHBl5-0G\nrj2q for now.')).toBe('The key is <REDACTED:SLACK_TOKEN> for now.');
    expect(expectStreamMatchesWhole('sk-ant-QKawBwUJWgjTqW5Q8PEoq8ME5rDNaxXmF9Q\niNtTXmN')).toBe('<REDACTED:ANTHROPIC_API_KEY>');
    expect(expectStreamMatchesWhole('export TOKEN=sk-CoWbvuMbZpzOLZ6hhWW51fWILZdi2yCZdB\nmPccgFj\n')).toBe('export TOKEN=<REDACTED:OPENAI_API_KEY>\n');
    expect(expectStreamMatchesWhole('x figu_7-r3RSg6bVD6p5VFTWUMij55x_05YgRAH-s06uOr\n36-vog')).toBe('x <REDACTED:FIGMA_TOKEN>');
    // Two lines of rest at the key's column: each is judged. A line shorter than the key's line
    // before is a wrap's last: what follows it is text (a column wrap never writes more after it).
    expect(expectStreamMatchesWhole('The key is xoxs-CP3k2WzLLyxKTGqEw4XHBl5-0G\nrj2qH7vNw0PzT5kLmQ8xYc3BdF6gJs1\nmPccgFj\nThen')).toBe('The key is <REDACTED:SLACK_TOKEN>\nThen');
    expect(expectStreamMatchesWhole('The key is xoxs-CP3k2WzLLyxKTGqEw4XHBl5-0G\nrj2q\nTODO\nThen')).toBe('The key is <REDACTED:SLACK_TOKEN>\nTODO\nThen');
    const key = 'sk-ant-QKawBwUJWgjTqW5Q8PEoq8ME5rDNaxXmF9Q';
    for (const next of ['Then run it', 'b x', 'gh repo list acme', 'npm publish --access public', 'pnpm deploy', 'ANTHROPIC_BASE_URL=https://x', 'timeout: 30', 'EOF', 'done']) {
      expect(expectStreamMatchesWhole(`a ${key}\n${next}`)).toBe(`a <REDACTED:ANTHROPIC_API_KEY>\n${next}`);
    }
  });

  const keyed = samples.filter((sample) => sample.text === sample.secret);
  const nextLines = ['Then rotate it.', 'gh repo list acme', 'npm publish --access public', 'kubectl get pods -n prod', 'OTHER_KEY=value', 'port: 8080', 'EOF', 'fi', 'done', '```', '- [ ] rotate', 'The build passed.'];
  test(
    'a key at a line\'s end never takes a command, a field or prose from the next line, any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          fc.constantFrom(...keyed),
          fc.constantFrom('', 'export TOKEN=', 'The key is '),
          fc.constantFrom(...nextLines),
          fc.constantFrom('\n', '\r\n'),
          fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
          (sample, before, next, lineBreak, cuts) => {
            const alone = redactSecrets(before + sample.text);
            fc.pre(!alone.includes(sample.secret) && alone.endsWith('>'));
            const input = `${before}${sample.text}${lineBreak}${next}`;
            const output = runChunks(redactor, chunksOf(input, cuts)).output;
            expect(output, JSON.stringify(input)).toBe(`${alone}${lineBreak}${next}`);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  const contexts: ReadonlyArray<readonly [string, string]> = [['The key is ', ' for now.'], ['export TOKEN=', '\n'], ['Here it is:\n\n', '\n\nRotate it after.']];
  test('keys drawn uniformly from every catalogue row, wrapped at any column from 8 to 80: at most 1 in 100 leaves a 4-character piece (the rest of those read as words)', () => {
    const random = seededRandom(20261205);
    let keys = 0;
    const leaks: string[] = [];
    for (const rule of catalogue) {
      for (let index = 0; index < 8; index += 1) {
        const prefixIndex = Math.floor(random() * rule.prefixes.length);
        const prefix = rule.prefixes[prefixIndex] as string;
        const key = uniformKey(rule, random, prefixIndex);
        const [before, after] = contexts[index % contexts.length] as readonly [string, string];
        const text = written(key, { kind: 'wrapped', column: 8 + Math.floor(random() * 73) }, before, after);
        keys += 1;
        const output = redactSecrets(text);
        if (leakedPiece(output, key, prefix, before + prefix + after) !== undefined) leaks.push(`${JSON.stringify(text)} -> ${JSON.stringify(output)}`);
      }
    }
    expect(keys).toBeGreaterThan(1000);
    expect(leaks.length / keys, leaks.join('\n')).toBeLessThanOrEqual(0.01);
  });
});
