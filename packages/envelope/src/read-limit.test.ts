// Limit options (adversary report a9's class, here in the envelope): a comparison with NaN is
// always false, so maxAliasCount: NaN let a billion-laughs bomb through and maxEnvelopeLength: NaN
// kept any envelope. Invariant: any value in a limit option is the default, a whole number used as
// given, or an InvalidArgumentError naming the option — never a limit that does not limit.
import { InvalidArgumentError, ParleyError } from '@parley/core';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { review } from './__fixtures__/responses';
import { detectEnvelope } from './detect-envelope';
import { detectEnvelopeStream } from './detect-envelope-stream';
import { parseSubagentResponse } from './parse-subagent-response';
import { parseYamlSafely } from './parse-yaml-safely';

const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, index) => `${String.fromCharCode(98 + index)}: &${String.fromCharCode(98 + index)} [*${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}]`)].join('\n');

const thrownBy = async (call: () => unknown): Promise<unknown> => {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('limit options are whole numbers or refused', () => {
  test.each([NaN, -1, 1.5, Infinity, '10', null])('%s is an InvalidArgumentError in every limit', async (value) => {
    const calls: ReadonlyArray<readonly [string, () => unknown]> = [
      ['maxEnvelopeLength', () => detectEnvelope(review, { maxEnvelopeLength: value as never })],
      ['maxEnvelopeLength', () => detectEnvelopeStream({ maxEnvelopeLength: value as never })],
      ['maxEnvelopeLength', () => parseSubagentResponse('no envelope', { maxEnvelopeLength: value as never })],
      ['maxAliasCount', () => parseYamlSafely(bomb, { maxAliasCount: value as never })],
      ['maxDepth', () => parseYamlSafely('a: 1', { maxDepth: value as never })],
      ['maxLength', () => parseYamlSafely('a: 1', { maxLength: value as never })],
      ['yaml.maxAliasCount', () => parseSubagentResponse('no envelope', { yaml: { maxAliasCount: value as never } })],
    ];
    for (const [argument, call] of calls) {
      const thrown = await thrownBy(call);
      expect(InvalidArgumentError.isInstance(thrown), `${argument}: ${String(thrown)}`).toBe(true);
      expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
    }
  });

  test('the defaults and whole numbers still limit: the bomb is refused, 0 refuses any alias', () => {
    expect(parseYamlSafely(bomb)).toMatchObject({ ok: false });
    expect(parseYamlSafely('a: &a 1\nb: *a', { maxAliasCount: 0 })).toMatchObject({ ok: false });
    expect(parseYamlSafely('a: &a 1\nb: *a', { maxAliasCount: 2 })).toMatchObject({ ok: true });
    expect(detectEnvelope(review, { maxEnvelopeLength: 0 }).violations.map((violation) => violation.code)).toEqual(['ENVELOPE_TOO_LARGE']);
  });

  test('property: any value in any limit is used as a whole number or refused with a ParleyError, never disables the limit (4 limits × 150 runs)', async () => {
    for (const limit of ['maxEnvelopeLength', 'maxAliasCount', 'maxDepth', 'maxLength'] as const) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), fc.double(), fc.integer({ min: -5, max: 5 })), async (value) => {
          const options = limit === 'maxEnvelopeLength' ? { maxEnvelopeLength: value as never } : { yaml: { [limit]: value as never } };
          const thrown = await thrownBy(() => parseSubagentResponse(review, options));
          const valid = value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
          if (valid) expect(thrown).toBeUndefined();
          else {
            expect(ParleyError.isInstance(thrown), String(thrown)).toBe(true);
            expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT' });
          }
        }),
        { numRuns: 150 },
      );
    }
  });
});

describe('an options argument that is not an object is an InvalidArgumentError, never a TypeError', () => {
  test.each([null, 1, 'x', []])('%j', async (value) => {
    const calls: ReadonlyArray<readonly [string, () => unknown]> = [
      ['options', () => detectEnvelope(review, value as never)],
      ['options', () => detectEnvelopeStream(value as never)],
      ['limits', () => parseYamlSafely('a: 1', value as never)],
      ['options', () => parseSubagentResponse(review, value as never)],
      ['yaml', () => parseSubagentResponse(review, { yaml: value as never })],
    ];
    for (const [argument, call] of calls) expect(await thrownBy(call)).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
  });
});
