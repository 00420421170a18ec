import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InvalidRuleError } from './invalid-rule-error';
import { MAX_NESTED_WAYS, superLinearReason } from './regex-safety';
import { redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { rulesFromGitleaksConfig } from './rules-from-gitleaks-config';

/** A generated pattern: characters and non-capturing groups, each with an optional quantifier. */
type Node = { readonly kind: 'char'; readonly set: string; readonly min: number; readonly max: number } | { readonly kind: 'group'; readonly items: readonly Node[]; readonly min: number; readonly max: number };

const quantifier = (min: number, max: number): string => {
  if (min === 1 && max === 1) return '';
  if (max === Infinity) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
};
const render = (node: Node): string =>
  (node.kind === 'char' ? (node.set.length === 1 ? node.set : `[${node.set}]`) : `(?:${node.items.map(render).join('')})`) + quantifier(node.min, node.max);

const CAP = 4_000_000;
class TooMuch extends Error {}

/**
 * Steps a backtracking matcher (greedy, as V8's) takes to fail `pattern` followed by `!` on
 * `'x'.repeat(length)`, tried from every start; throws {@link TooMuch} past {@link CAP}. A model
 * of the engine's work that counts instead of timing it.
 */
function steps(pattern: readonly Node[], length: number): number {
  let count = 0;
  const tick = (): void => {
    count += 1;
    if (count > CAP) throw new TooMuch();
  };
  const atom = (node: Node, at: number, next: (at: number) => boolean): boolean => {
    tick();
    if (node.kind === 'char') return at < length && node.set.includes('x') && next(at + 1);
    return sequence(node.items, 0, at, next);
  };
  const repeat = (node: Node, times: number, at: number, next: (at: number) => boolean): boolean => {
    tick();
    if (times < node.max && atom(node, at, (after) => (after === at && times >= node.min ? false : repeat(node, times + 1, after, next)))) return true;
    return times >= node.min && next(at);
  };
  const sequence = (items: readonly Node[], index: number, at: number, next: (at: number) => boolean): boolean => {
    if (index === items.length) return next(at);
    return repeat(items[index] as Node, 0, at, (after) => sequence(items, index + 1, after, next));
  };
  // The `!` after the pattern never matches an `x`: every way is tried.
  for (let start = 0; start <= length; start += 1) sequence(pattern, 0, start, () => (tick(), false));
  return count;
}

const bounds = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b, 1)] as const) },
  { weight: 1, arbitrary: fc.constantFrom([0, Infinity] as const, [1, Infinity] as const) },
);
const char: fc.Arbitrary<Node> = fc.tuple(fc.constantFrom('x', 'y', 'xy'), bounds).map(([set, [min, max]]) => ({ kind: 'char', set, min, max }));
const group: fc.Arbitrary<Node> = fc
  .tuple(fc.array(char, { minLength: 1, maxLength: 3 }), bounds)
  .map(([items, [min, max]]) => ({ kind: 'group', items, min, max }));
/** Biased to a repeated group holding a variable repetition: the nested shape. */
const pattern = fc.array(fc.oneof({ weight: 1, arbitrary: char }, { weight: 3, arbitrary: group }), { minLength: 1, maxLength: 3 });

/** A user's pattern built from text, so our own lint does not judge the hostile ones the tests give. */
const hostile = (source: string): RegExp => new RegExp(source, 'u');

describe('nested bounded repetitions', () => {
  test('the reported shapes: refused with a typed error, or linear', () => {
    expect(superLinearReason('k=(x{1,20}){1,20}!', '')).toMatch(/exponential/u);
    expect(() => rulesFromGitleaksConfig({ rules: [{ id: 'nested', regex: 'k=(x{1,20}){1,20}!', keywords: ['k='] }] })).toThrow(InvalidRuleError);
    expect(() => redactSecretsStream({ allow: [hostile('^(x{1,20}){1,20}!$')] })).toThrow(InvalidRuleError);
    // At the bound: (3 + 1)^5 = 1,024 ways pass; one more repetition does not.
    expect(superLinearReason('(x{1,3}){1,5}!', '')).toBeUndefined();
    expect(superLinearReason('(x{1,3}){1,6}!', '')).toMatch(String(MAX_NESTED_WAYS));
    // Found by the property below (FC_SEED=163473853): within the bound as a nest, but the
    // repetitions after it trade characters with it, and their ways multiply.
    expect(superLinearReason('(?:x{0,4}){0,4}(?:x{0,2}x{0,3}y{2})?x{0,2}!', '')).toMatch(/trading/u);
    // Common gitleaks shapes stay accepted: a fixed-length part repeated, a delimited part repeated.
    for (const safe of ['(?:[a-z0-9]{4}-){3}[a-z0-9]{4}', '(?:[a-z0-9]{1,8}\\.){1,4}com!', 'acme_key\\s{0,3}=\\s{0,3}([a-z0-9]{8,32})', '[\\w.-]{0,50}?(?:key)[\\s\'"]{0,3}']) {
      expect(superLinearReason(safe, ''), safe).toBeUndefined();
    }
    const rules = [{ type: 'ACME_KEY', regex: '(?:k{1,2}){1,3}=([a-z0-9]{8})', keywords: ['k'] }];
    expect(redactSecrets('kk=abcd1234 and more', { rules })).toBe('kk=<REDACTED:ACME_KEY> and more');
  });

  test('a generated pattern is refused, or its backtracking work grows linearly with the text (counted, fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(pattern, (nodes) => {
        const source = `${nodes.map(render).join('')}!`;
        if (superLinearReason(source, '') !== undefined) return;
        let small = 0;
        let large = 0;
        try {
          small = steps(nodes, 100);
          large = steps(nodes, 200);
        } catch (error) {
          if (error instanceof TooMuch) expect.fail(`${source} was accepted but took more than ${CAP} steps on 200 x`);
          throw error;
        }
        // Past the longest run a start can consume (75 here), each start costs the same: doubling
        // the text at most triples the work (the first 100 starts cost at most what the next 100 do).
        expect(large, source).toBeLessThanOrEqual(3 * small + 10);
      }),
      { numRuns: 300 },
    );
  });
});
