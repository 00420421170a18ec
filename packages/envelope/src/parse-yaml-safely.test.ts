import { expectLinearWork } from '@parley/bench';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { parseYamlSafely } from './parse-yaml-safely';

const codeOf = (text: string, limits = {}) => {
  const result = parseYamlSafely(text, limits);
  return result.ok ? 'ok' : result.violations[0]?.code;
};

describe('parseYamlSafely', () => {
  test('parses core-schema YAML into plain data', () => {
    expect(parseYamlSafely('a: 1\nb: [x, "y"]\nc: {d: true, e: null}\n')).toEqual({ ok: true, value: { a: 1, b: ['x', 'y'], c: { d: true, e: null } } });
  });

  test('refuses a billion-laughs alias bomb at once', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level += 1) {
      const previous = String.fromCharCode(96 + level);
      levels.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    expect(codeOf(levels.join('\n'))).toBe('YAML_ALIAS_BOMB');
  });

  test('refuses 5,000-deep nesting, flow or block', () => {
    expect(codeOf(`a: ${'['.repeat(5000)}${']'.repeat(5000)}`)).toBe('YAML_TOO_DEEP');
    expect(codeOf(Array.from({ length: 5000 }, (_, depth) => `${' '.repeat(depth)}k:`).join('\n'), { maxLength: 20_000_000 })).toBe('YAML_TOO_DEEP');
    expect(codeOf(`a: ${'['.repeat(20)}1${']'.repeat(20)}`)).toBe('ok');
  });

  test('refuses custom tags', () => {
    expect(codeOf('run: !!js/function "function () { return 1 }"')).toBe('YAML_CUSTOM_TAG');
    expect(codeOf('x: !custom value')).toBe('YAML_CUSTOM_TAG');
    expect(codeOf('x: !!binary aGVsbG8=')).toBe('YAML_CUSTOM_TAG');
  });

  test('refuses duplicate keys and overlong input', () => {
    expect(codeOf('a: 1\na: 2')).toBe('YAML_DUPLICATE_KEY');
    expect(codeOf(`a: "${'x'.repeat(10 * 1024 * 1024)}"`)).toBe('YAML_TOO_LONG');
  });

  test('keeps __proto__ an ordinary key', () => {
    const result = parseYamlSafely('__proto__:\n  polluted: true\n');
    expect(result.ok && Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(result.ok && Object.keys(result.value as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  test('never throws, whatever the text (fast-check)', () => {
    const yamlish = fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '-', '[', ']', '{', '}', '&', '*', '!', '"', "'", '#', '|', '>', '?', ',', '1'), maxLength: 200 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), yamlish), (text) => {
        const result = parseYamlSafely(text);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  test('finds repeated keys exactly as the yaml library does, in one pass (property, 500 cases)', { timeout: 120_000 }, () => {
    const key = fc.constantFrom('a', 'b', '"a"', "'b'", '1', '1.0', '0x1', 'null', '~', 'true', '"1"', 'A');
    const scalar = fc.constantFrom('1', 'x', '"y"', 'null', '[]');
    const flowMap = fc.array(fc.tuple(key, scalar), { maxLength: 5 }).map((pairs) => `{${pairs.map(([name, value]) => `${name}: ${value}`).join(', ')}}`);
    const block = fc.array(fc.tuple(key, fc.oneof(scalar, flowMap)), { minLength: 1, maxLength: 8 }).map((pairs) => pairs.map(([name, value]) => `${name}: ${value}`).join('\n'));
    const nested = fc.tuple(block, key, block).map(([outer, name, inner]) => `${outer}\n${name}:\n${inner.replaceAll(/^/gm, '  ')}`);
    fc.assert(
      fc.property(fc.oneof(block, nested, flowMap), (text) => {
        const reference = parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: true, merge: false });
        const library = reference.errors.some((error) => error.code === 'DUPLICATE_KEY');
        if (reference.errors.some((error) => error.code !== 'DUPLICATE_KEY')) return;
        const result = parseYamlSafely(text);
        expect(!result.ok && result.violations.some((violation) => violation.code === 'YAML_DUPLICATE_KEY')).toBe(library);
      }),
      { numRuns: 500 },
    );
  });

  test('a mapping of many keys is read in linear work (issue 14: 16 K keys took 4 s)', { timeout: 180_000 }, () => {
    const keys = (size: number): string => Array.from({ length: Math.ceil(size / 14) }, (_, index) => `key_${index}: value`).join('\n');
    expectLinearWork('parseYamlSafely on a mapping of many keys', keys, (text) => parseYamlSafely(text), { size: 8_000, maxRatio: 2.3 });
    expect(codeOf(`${keys(100_000)}\nkey_7: again`)).toBe('YAML_DUPLICATE_KEY');
  });
});
