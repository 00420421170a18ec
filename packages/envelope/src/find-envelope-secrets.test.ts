import { HIGH_ENTROPY } from '@parley/redaction';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isAllowlistedPath } from './allowlisted-path';
import { findEnvelopeSecrets } from './find-envelope-secrets';
import { checkForbiddenContent } from './forbidden-content';
import { parseSubagentResponse } from './parse-subagent-response';

const uuid = '3f1e2a4b-9c8d-4e7f-a1b2-c3d4e5f60718';
const sha1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
const secret = 'Xk9fQ2mZ7pL4vB8nR3tW6yH1';

const types = (text: string): string[] => findEnvelopeSecrets(text, undefined).map((finding) => finding.type);

describe('the entropy rule judges each path segment on its own (issue 13)', () => {
  test('the reported shape: runs/<uuid>/<sha1>.json is not a secret, in a value or in a whole envelope', async () => {
    const path = `runs/${uuid}/${sha1}.json`;
    expect(types(path)).toEqual([]);
    expect(checkForbiddenContent({ findings: [{ path }] })).toEqual([]);
    const response = ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "trace saved"', 'findings:', '  - category: structure', '    severity: low', '    note: "trace ok"', `    path: ${path}`, 'reported_by: ["staff-engineer"]', '```'].join('\n');
    const result = await parseSubagentResponse(response);
    expect(result.status).toBe('ok');
    expect(result.incidents).toEqual([]);
  });

  test('a real high-entropy secret inside a path is still one', () => {
    expect(types(`runs/${uuid}/${secret}.json`)).toEqual([HIGH_ENTROPY]);
    expect(types(`C:\\runs\\${sha1}\\${secret}`)).toEqual([HIGH_ENTROPY]);
    expect(checkForbiddenContent({ summary: `saved to runs/${uuid}/${secret}.json` }).map((violation) => violation.code)).toEqual(['RAW_SECRET']);
  });

  const hex = (length: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
  const segment = fc.oneof(
    fc.uuid(),
    fc.integer({ min: 7, max: 64 }).chain(hex),
    fc.constantFrom('runs', 'reports', 'out', 'wine-eda', 'v2', 'README', 'snake_case', 'build-2026', 'data', 'tmp', 'App', 'node_modules'),
  );
  const extension = fc.constantFrom('', '.json', '.tar.gz', '.md', '.csv', '.log', '.PDF');
  const separator = fc.constantFrom('/', '\\', '_', '-', '.', ':');
  const path = fc.tuple(fc.array(fc.tuple(segment, separator), { minLength: 1, maxLength: 6 }), segment, extension).map(([pairs, last, ending]) => `${pairs.map(([name, between]) => name + between).join('')}${last}${ending}`);

  test('any path of allowlisted segments is never flagged, whatever its separators (property, 1,000 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(path, fc.constantFrom('', 'path: ', 'saved to ', './'), (text, before) => {
        expect(types(`${before}${text}`)).toEqual([]);
        expect(isAllowlistedPath(text)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  const randomSecret = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'), minLength: 32, maxLength: 48 }).filter((text) => /\d/.test(text) && /[A-Z]/.test(text));
  test('a high-entropy secret placed in any such path is still flagged (property, 500 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(path, randomSecret, fc.constantFrom('/', '\\'), (text, key, between) => {
        fc.pre(findEnvelopeSecrets(key, undefined).length > 0);
        expect(types(`${text}${between}${key}`).length).toBeGreaterThan(0);
        expect(types(`${key}${between}${text}`).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
