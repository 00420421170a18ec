// negotiate's options (adversary report a9): a timer Node clamps to 1 ms, maxRounds NaN asking no
// agent, TypeErrors from agents and aspects, nameless agents accepted, a threshold typo read as
// MEDIUM. Invariant: any value in any option is a success or a ParleyError with a stable code —
// never a TypeError, never a silent default.
import { InvalidArgumentError, ParleyError } from '@parley/core';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { negotiate, type NegotiateOptions } from './negotiate';

const reply = (confidence: string): string => `Findings:\n- tokio and async-std are both async runtimes\nConfidence: ${confidence}\nGaps:\n- none\nContext needed:\n- none`;
const base: NegotiateOptions = { query: 'Compare tokio and async-std', agents: ['a'], maxRounds: 1, ask: () => reply('HIGH') };

const thrownBy = async (call: () => unknown): Promise<unknown> => {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
};
const rejection = async (options: Record<string, unknown>): Promise<unknown> => thrownBy(() => negotiate({ ...base, ...options } as never));

describe('negotiate checks its options', () => {
  test.each([Infinity, 1e12, 2 ** 31, NaN, -1, 0, '5', null])('timeoutMilliseconds %s is refused or, for Infinity, no limit', async (timeoutMilliseconds) => {
    const slow = { ...base, timeoutMilliseconds, ask: async () => new Promise<string>((resolve) => setTimeout(() => resolve(reply('HIGH')), 20)) };
    if (timeoutMilliseconds === Infinity) {
      const result = await negotiate(slow as never);
      expect(result.rounds[0]?.violations).toEqual([]);
      expect(result.confidence).toBe('HIGH');
    } else {
      expect(await thrownBy(() => negotiate(slow as never))).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'timeoutMilliseconds' });
    }
  });

  test('the longest timer is accepted, and a short one still times out', async () => {
    expect((await negotiate({ ...base, timeoutMilliseconds: 2 ** 31 - 1 })).confidence).toBe('HIGH');
    const late = await negotiate({ ...base, timeoutMilliseconds: 5, ask: async () => new Promise<string>((resolve) => setTimeout(() => resolve(reply('HIGH')), 200)) });
    expect(late.rounds[0]?.violations.map((violation) => violation.code)).toEqual(['TIMEOUT']);
  });

  test.each([NaN, 0, -1, 1.5, Infinity, '3', null])('maxRounds %s is refused', async (maxRounds) => {
    expect(await rejection({ maxRounds })).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'maxRounds' });
  });

  test.each([
    [{ agents: [{ name: 'a', covers: 'tokio' }] }, 'agents[0].covers'],
    [{ agents: [{ name: 'a', covers: [1] }] }, 'agents[0].covers'],
    [{ agents: [null] }, 'agents[0]'],
    [{ agents: ['a', 7] }, 'agents[1]'],
    [{ agents: [{}] }, 'agents[0].name'],
    [{ agents: [{ name: 1 }] }, 'agents[0].name'],
    [{ agents: [''] }, 'agents[0]'],
    [{ agents: ['  '] }, 'agents[0]'],
    [{ aspects: [1] }, 'aspects'],
    [{ aspects: 'tokio' }, 'aspects'],
    [{ aspects: [''] }, 'aspects'],
    [{ threshold: 'NONE' }, 'threshold'],
    [{ threshold: '' }, 'threshold'],
    [{ threshold: 1 }, 'threshold'],
    [{ ask: 'a' }, 'ask'],
    [{ answer: 1 }, 'answer'],
    [{ onRound: {} }, 'onRound'],
    [{ signal: {} }, 'signal'],
    [{ known: { a: 1 } }, 'known'],
    [{ known: 'a' }, 'known'],
    [{ intent: 1 }, 'intent'],
  ])('%j is an InvalidArgumentError naming %s, not a TypeError or a default', async (options, argument) => {
    const thrown = await rejection(options);
    expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
  });

  test('negotiate without an options object is an InvalidArgumentError', async () => {
    for (const options of [undefined, null, 'q', []]) expect(await thrownBy(() => negotiate(options as never))).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'options' });
  });

  test('the threshold is read in any case: high is HIGH, low is LOW', async () => {
    const low = { ...base, ask: () => reply('LOW') };
    expect((await negotiate({ ...low, threshold: 'high' as never })).rounds[0]?.covered).toEqual([]);
    expect((await negotiate({ ...low, threshold: 'low' as never })).rounds[0]?.covered).toEqual(['tokio', 'async-std']);
    expect((await negotiate({ ...low, threshold: 'Low' as never })).rounds[0]?.covered).toEqual(['tokio', 'async-std']);
  });

  const options = ['query', 'intent', 'aspects', 'agents', 'ask', 'threshold', 'maxRounds', 'timeoutMilliseconds', 'signal', 'known', 'answer', 'onRound'] as const;
  test(`property: any value in any option is a success or a ParleyError with a stable code, never a TypeError (${options.length} options × 60 runs)`, { timeout: 180_000 }, async () => {
    for (const option of options) {
      await fc.assert(
        fc.asyncProperty(fc.anything({ withBoxedValues: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true }), async (value) => {
          const thrown = await rejection({ [option]: value, ...(option === 'timeoutMilliseconds' ? {} : { timeoutMilliseconds: 5_000 }) });
          if (thrown === undefined) return;
          expect(ParleyError.isInstance(thrown), `${option}: ${String(thrown)}`).toBe(true);
          expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT' });
        }),
        { numRuns: 60 },
      );
    }
  });
});
