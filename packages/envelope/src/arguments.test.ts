// Clean failures (issue 14): every text function refuses a non-string with core's
// InvalidArgumentError (code INVALID_ARGUMENT, naming the argument), never a bare TypeError; and
// violation messages quote at most a short excerpt of the input.
import { InvalidArgumentError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import { caveman } from './caveman';
import { lintCaveman } from './compression';
import { detectEnvelope } from './detect-envelope';
import { parseSubagentResponse } from './parse-subagent-response';
import { parseYamlSafely } from './parse-yaml-safely';
import { createRef, parseRef } from './ref-token';

const notStrings: readonly unknown[] = [undefined, null, 42, {}, ['a'], Buffer.from('a'), Symbol('s')];

const thrownBy = async (call: () => unknown): Promise<unknown> => {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('a non-string argument is an InvalidArgumentError', () => {
  const calls: ReadonlyArray<readonly [name: string, argument: string, call: (value: never) => unknown]> = [
    ['caveman', 'text', (value) => caveman(value)],
    ['lintCaveman', 'text', (value) => lintCaveman(value)],
    ['detectEnvelope', 'text', (value) => detectEnvelope(value)],
    ['parseSubagentResponse', 'text', (value) => parseSubagentResponse(value)],
    ['parseYamlSafely', 'text', (value) => parseYamlSafely(value)],
    ['parseRef', 'text', (value) => parseRef(value)],
    ['createRef', 'file', (value) => createRef(value)],
  ];
  test.each(calls)('%s(%s)', async (_name, argument, call) => {
    for (const value of notStrings) {
      const thrown = await thrownBy(() => call(value as never));
      expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
    }
  });
});

describe('messages quote at most a short excerpt of the input', () => {
  test('schema, YAML and retry messages stay short whatever the envelope', async () => {
    const huge = 'k'.repeat(100_000);
    const keys = Array.from({ length: 3_000 }, (_, index) => `unknown_key_${index}: 1`).join('\n');
    const envelopes = [
      ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "s"', 'reported_by: ["a"]', keys, '```'].join('\n'),
      ['```yaml', `status: ${huge}`, '```'].join('\n'),
      ['```yaml', `a: [${huge}`, '```'].join('\n'),
      ['```yaml', `x: !${huge} 1`, '```'].join('\n'),
    ];
    for (const envelope of envelopes) {
      const result = await parseSubagentResponse(envelope, { retry: () => Promise.reject(new Error(huge)) });
      expect(result.violations.length).toBeGreaterThan(0);
      for (const violation of result.violations) expect(violation.message.length, violation.message.slice(0, 200)).toBeLessThanOrEqual(400);
    }
  });
});
