// Clean failures (issue 14): every text function refuses a non-string with core's
// InvalidArgumentError (code INVALID_ARGUMENT, naming the argument), never a bare TypeError.
import { InvalidArgumentError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import { deriveAspects } from './derive-aspects';
import { negotiate } from './negotiate';
import { parseStructuredResponse } from './parse-structured-response';
import { readConfidence } from './structured-response-parser';
import { triage } from './triage';

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
    ['deriveAspects', 'query', (value) => deriveAspects(value)],
    ['parseStructuredResponse', 'text', (value) => parseStructuredResponse(value)],
    ['readConfidence', 'text', (value) => readConfidence(value)],
    ['triage', 'query', (value) => triage(value)],
    ['negotiate', 'query', (value) => negotiate({ query: value, agents: ['a'], ask: () => '' })],
  ];
  test.each(calls)('%s(%s)', async (_name, argument, call) => {
    for (const value of notStrings) {
      const thrown = await thrownBy(() => call(value as never));
      expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
    }
  });

  test('negotiate without agents is an InvalidArgumentError, not a TypeError', async () => {
    expect(await thrownBy(() => negotiate({ query: 'q', agents: [], ask: () => '' }))).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'agents' });
    expect(await thrownBy(() => negotiate({ query: 'q', agents: 'a' as never, ask: () => '' }))).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'agents' });
  });

  test('an agent failure is reported with a short excerpt of its message', async () => {
    const result = await negotiate({ query: 'What is tokio?', agents: ['a'], maxRounds: 1, ask: () => Promise.reject(new Error('x'.repeat(400_000))) });
    const messages = JSON.stringify(result).match(/x{100,}/g) ?? [];
    expect(messages.every((run) => run.length <= 200)).toBe(true);
  });
});
