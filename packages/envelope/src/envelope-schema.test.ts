import { describe, expect, test } from 'vitest';
import { contractBlock } from './contract-block';
import { EnvelopeSchema, envelopeJsonSchema } from './envelope-schema';

describe('EnvelopeSchema', () => {
  test('fills the optional lists and checks degraded_reason against status', () => {
    expect(EnvelopeSchema.parse({ schema_version: '1', status: 'ok', summary: 's', reported_by: ['a'] })).toEqual({
      schema_version: '1',
      status: 'ok',
      summary: 's',
      findings: [],
      next_actions: [],
      open_questions: [],
      artifacts: [],
      reported_by: ['a'],
    });
    expect(EnvelopeSchema.safeParse({ schema_version: '1', status: 'malformed', summary: 's', reported_by: ['a'] }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ schema_version: '1', status: 'ok', summary: 's', reported_by: ['a'], degraded_reason: 'x' }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ schema_version: 1, status: 'ok', summary: 's', reported_by: ['a'] }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ schema_version: '1', status: 'ok', summary: 's', reported_by: ['a'], extra: 1 }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ schema_version: '1', status: 'ok', summary: 's', reported_by: ['a'], artifacts: ['trace.log'] }).success).toBe(false);
  });

  test('exports JSON Schema for structured-output APIs', () => {
    const schema = envelopeJsonSchema() as { properties: Record<string, { enum?: string[] }>; required: string[]; additionalProperties: boolean };
    expect(schema.properties['status']?.enum).toEqual(['ok', 'partial', 'blocked', 'error', 'malformed']);
    expect(schema.required).toEqual(expect.arrayContaining(['schema_version', 'status', 'summary', 'reported_by']));
    expect(schema.additionalProperties).toBe(false);
  });

  test('the contract block is generated from the schema', () => {
    const block = contractBlock();
    for (const field of Object.keys(EnvelopeSchema.shape)) expect(block).toContain(`- ${field}`);
    expect(block).toContain('- status: string (ok | partial | blocked | error | malformed)');
    expect(block).toContain('- findings (optional): list of objects');
    expect(block).toContain('  - severity: string (info | low | medium | high | critical)');
  });
});
