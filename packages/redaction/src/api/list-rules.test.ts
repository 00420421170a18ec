import { expect, test } from 'vitest';
import { builtInTypes } from '../rules/built-in-rules';
import { catalogue } from '../rules/catalogue';
import { listRules } from './list-rules';

test('lists every catalogue row and every built-in type once, with unique ids', () => {
  const rules = listRules();
  expect(rules.slice(0, catalogue.length).map((rule) => rule.id)).toEqual(catalogue.map((row) => row.id));
  expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
  const types = new Set(rules.map((rule) => rule.type));
  for (const type of builtInTypes) expect(types).toContain(type);
  for (const rule of rules) {
    expect(rule.description).not.toBe('');
    expect(rule.docs === '' || rule.docs.startsWith('https://')).toBe(true);
  }
});
