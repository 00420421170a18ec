import { describe, expect, test } from 'vitest';
import { checkCompression, isSecurityFinding } from './compression';
import { type Envelope, EnvelopeSchema } from './envelope-schema';

const envelope = (overrides: Partial<Envelope>): Envelope =>
  EnvelopeSchema.parse({ schema_version: '1', status: 'ok', summary: 'all ok.', reported_by: ['staff-engineer'], ...overrides });

describe('security-autoclarity', () => {
  test.each([
    [{ category: 'authn', severity: 'low' }, 'ok', ['staff-engineer'], true],
    [{ category: 'xss-risk', severity: 'info' }, 'ok', ['staff-engineer'], true],
    [{ category: 'structure', severity: 'critical' }, 'ok', ['staff-engineer'], true],
    [{ category: 'structure', severity: 'low' }, 'blocked', ['security-reviewer'], true],
    [{ category: 'structure', severity: 'low' }, 'blocked', ['staff-engineer'], false],
    [{ category: 'naming', severity: 'medium' }, 'ok', ['security-reviewer'], false],
  ] as const)('%j in a %s envelope by %j: %s', (finding, status, reporters, expected) => {
    expect(isSecurityFinding({ ...finding, note: 'x' }, { status, reported_by: [...reporters] })).toBe(expected);
  });
});

describe('checkCompression', () => {
  test('accepts caveman fields and prose security notes', () => {
    expect(
      checkCompression(
        envelope({
          summary: 'rename ok. circular import via session -> auth.',
          findings: [
            { category: 'structure', severity: 'low', note: 'move token check to auth/guard.' },
            { category: 'authn', severity: 'high', note: 'The logger writes the session token in plain text, so it is not safe to share logs.' },
          ],
          next_actions: ['split guard module'],
        }),
      ),
    ).toEqual([]);
  });

  test('flags wordy caveman fields, with hints', () => {
    const [violation] = checkCompression(envelope({ summary: 'I think that the rename is probably just fine, really.' }));
    expect(violation).toMatchObject({ rule: 'COMPRESSION', code: 'NOT_CAVEMAN', path: 'summary' });
    expect(violation?.message).toContain('drop "probably"');
  });

  test('flags security notes written as caveman, and symbolic negations', () => {
    const violations = checkCompression(
      envelope({
        findings: [
          { category: 'secrets', severity: 'high', note: 'token leak logger -> rotate keys' },
          { category: 'authz', severity: 'high', note: 'The admin check is !enforced on the export route.' },
        ],
      }),
    );
    expect(violations.map((violation) => [violation.code, violation.path])).toEqual([
      ['SECURITY_NOTE_COMPRESSED', 'findings[0].note'],
      ['NEGATION_NOT_LITERAL', 'findings[1].note'],
    ]);
  });
});
