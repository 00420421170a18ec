// One vocabulary (issue 17): every envelope violation is core's Violation, its code one of the
// rule table and its rule the table's rule for that code — from the whole-text functions and from
// the stream in any chunking.
import { formatViolation } from '@parley/core';
import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fence, reviewYaml } from './__fixtures__/responses';
import { detectEnvelope } from './detect-envelope';
import { detectEnvelopeStream } from './detect-envelope-stream';
import type { EnvelopeViolation } from './envelope-violation';
import { envelopeViolationRules, schemaViolationCode } from './envelope-violation-rules';
import { parseSubagentResponse } from './parse-subagent-response';
import { parseYamlSafely } from './parse-yaml-safely';

const expectOfTheTable = (violation: EnvelopeViolation): void => {
  expect(Object.hasOwn(envelopeViolationRules, violation.code), violation.code).toBe(true);
  expect(violation.rule, violation.code).toBe(envelopeViolationRules[violation.code]);
  expect(typeof violation.message).toBe('string');
  expect(typeof violation.path).toBe('string');
};

/** Pieces biased to every family: fences, prose, bad YAML, schema breaks, forbidden content, caveman. */
const piece = fc.constantFrom(
  '```yaml\n',
  '```yml\n',
  '```\n',
  '```json\n',
  'prose before\n',
  'status: ok\n',
  'status: malformed\n',
  'status: nope\n',
  'schema_version: "1"\n',
  'summary: "s"\n',
  'summary: 7\n',
  'findings: [{category: x, severity: extreme, note: "n"}]\n',
  'extra_key: 1\n',
  'a: &x [1]\nb: *x\n',
  'key: 1\nkey: 2\n',
  'tag: !!js/function f\n',
  '[[[[[[[[[[\n',
  'note: "AKIAIOSFODNN7EXAMPLE"\n',
  'note: "<script>x</script>"\n',
  'note: "javascript:alert(1)"\n',
  'note: "a\n---\nb"\n',
  'note: "```"\n',
  '  bad: indent\n- x\n',
  '\n',
);
const response = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

describe('envelopeViolationRules', () => {
  test('every rule is a clause id or a named family, upper case without hyphens', () => {
    for (const rule of Object.values(envelopeViolationRules)) expect(rule).toMatch(/^(?:D5|D6|D7|D11|SCHEMA|YAML|COMPRESSION|REF)$/u);
  });

  test('schema issue codes map to their table code, unknown ones to SCHEMA_OTHER', () => {
    expect(schemaViolationCode('invalid_type')).toBe('SCHEMA_INVALID_TYPE');
    expect(schemaViolationCode('unrecognized_keys')).toBe('SCHEMA_UNRECOGNIZED_KEYS');
    expect(schemaViolationCode('custom')).toBe('SCHEMA_CUSTOM');
    expect(schemaViolationCode('something_new')).toBe('SCHEMA_OTHER');
    expect(schemaViolationCode('__proto__')).toBe('SCHEMA_OTHER');
  });

  test('the reported shapes: prose after the fence, a YAML bomb, a schema break; each prints through formatViolation', async () => {
    const after = detectEnvelope(`${fence(reviewYaml)}\nthanks!`).violations;
    expect(after.map(({ rule, code }) => `${rule} ${code}`)).toEqual(['D6 PROSE_AFTER_FENCE']);
    expect(formatViolation(after[0] as EnvelopeViolation)).toMatch(/^D6 PROSE_AFTER_FENCE: /u);
    const yaml = parseYamlSafely('a: 1\na: 2\n');
    expect(yaml.ok ? [] : yaml.violations.map(({ rule, code }) => `${rule} ${code}`)).toEqual(['YAML YAML_DUPLICATE_KEY']);
    const result = await parseSubagentResponse(fence('schema_version: "1"\nstatus: ok\n'));
    expect(result.violations.length).toBeGreaterThan(0);
    for (const violation of result.violations) {
      expectOfTheTable(violation);
      if (violation.rule === 'SCHEMA') expect(formatViolation(violation)).toContain(`SCHEMA ${violation.code} at `);
    }
  });

  test('property: every violation of parseSubagentResponse and of the stream, in any chunking, is of the table (300 responses)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(response, fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
        const result = await parseSubagentResponse(text);
        for (const violation of result.violations) expectOfTheTable(violation);
        const offsets = cuts.map((cut) => cut % (text.length + 1));
        const { events } = runChunks(detectEnvelopeStream({ maxEnvelopeLength: 64 }), splitAt(text, offsets), { streamId: 's' });
        for (const { name, event } of events) if (name === 'violation') expectOfTheTable(event as unknown as EnvelopeViolation);
      }),
      { numRuns: 300 },
    );
  });
});
