import { InvalidArgumentError } from '@parley/core';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { deriveAspects } from './derive-aspects';
import { triage } from './triage';

describe('triage', () => {
  test.each([
    ['Compare tokio and async-std for web servers', true, 'comparative'],
    ['tokio vs async-std', true, 'comparative'],
    ['E0382 in my trading system', true, 'cross-domain'],
    ['tokio performance', true, 'ambiguous-scope'],
    ['best practices for error handling in Rust', true, 'synthesis'],
    ['how to design auth', true, 'multi-faceted'],
    ['tokio latest version', false, 'single-lookup'],
    ['what is E0382', false, 'error-code'],
    ['what is Send trait', false, 'simple-definition'],
    ['比较 tokio 和 async-std', true, 'comparative'],
    ['在我的交易系统中遇到 E0382', true, 'cross-domain'],
    ['Rust 错误处理的最佳实践', true, 'synthesis'],
    ['如何设计认证系统', true, 'multi-faceted'],
    ['tokio 最新版本', false, 'single-lookup'],
    ['什么是 Send trait', false, 'simple-definition'],
    ['How do I read a file line by line in Rust?', false, 'direct'],
  ])('%j → negotiate %s (%s)', (query, negotiate, pattern) => {
    const result = triage(query);
    expect(result).toMatchObject({ negotiate, pattern });
    expect(result.reason.length).toBeGreaterThan(0);
  });

  test('caller rules come first', () => {
    const rules = [{ pattern: 'compliance', negotiate: true, reason: 'needs the compliance agent', test: (query: string) => query.includes('GDPR') }];
    expect(triage('what is GDPR', { rules })).toEqual({ negotiate: true, pattern: 'compliance', reason: 'needs the compliance agent' });
  });
});

describe('deriveAspects', () => {
  test.each([
    ['Compare tokio and async-std for web servers', ['tokio', 'async-std']],
    ['tokio vs async-std', ['tokio', 'async-std']],
    ['E0382 in my trading system', ['E0382', 'trading system']],
    ['tokio performance', ['tokio performance']],
  ])('%j → %j', (query, aspects) => {
    expect(deriveAspects(query)).toEqual(aspects);
  });
});

describe('triage checks its options (a9: fc.anything() as rules threw TypeErrors)', () => {
  test('exact shapes: a non-array rules, a rule without test, null options', () => {
    expect(() => triage('q', { rules: {} as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'rules' }));
    expect(() => triage('q', { rules: [{ pattern: 'x', negotiate: true, reason: 'r' }] as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'rules[0]' }));
    expect(() => triage('q', null as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'options' }));
    expect(triage('tokio latest version', { rules: [] })).toMatchObject({ pattern: 'single-lookup' });
  });

  test('property: any options or rules value is a result or an InvalidArgumentError, never a TypeError (2 × 200 runs)', () => {
    for (const wrap of [(value: unknown) => value, (value: unknown) => ({ rules: value })]) {
      fc.assert(
        fc.property(fc.anything({ withSparseArray: true, withNullPrototype: true }), (value) => {
          try {
            triage('Compare tokio and async-std', wrap(value) as never);
          } catch (error) {
            expect(InvalidArgumentError.isInstance(error), String(error)).toBe(true);
          }
        }),
        { numRuns: 200 },
      );
    }
  });
});
