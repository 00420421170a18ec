import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { fence, review, reviewYaml } from './__fixtures__/responses';
import { detectEnvelope } from './detect-envelope';
import { detectEnvelopeStream } from './detect-envelope-stream';

const codes = (text: string, options = {}) => detectEnvelope(text, options).violations.map((violation) => violation.code);

describe('detectEnvelope', () => {
  test('finds the one envelope of a good response, whitespace around it allowed', () => {
    expect(detectEnvelope(review)).toEqual({ yaml: reviewYaml, violations: [] });
    expect(detectEnvelope(`\n\n${review}\n  \n`).violations).toEqual([]);
    expect(detectEnvelope(review.replace('```yaml', '```yml').replaceAll('\n', '\r\n')).violations).toEqual([]);
  });

  test.each([
    ['prose before the fence', `Here is my answer:\n${review}`, ['PROSE_BEFORE_FENCE']],
    ['prose after the fence (D6)', `${review}\nHope this helps!`, ['PROSE_AFTER_FENCE']],
    ['a second block', `${review}\n${fence('status: ok')}`, ['SECOND_BLOCK']],
    ['an unclosed fence', '```yaml\nstatus: ok\n', ['UNCLOSED_FENCE']],
    ['another language', '```json\n{"status":"ok"}\n```', ['FENCE_NOT_YAML']],
    ['no envelope at all', 'status: ok, all good', ['PROSE_BEFORE_FENCE', 'NO_ENVELOPE']],
    ['nothing', '', ['NO_ENVELOPE']],
  ])('reports %s', (_name, text, expected) => {
    expect(codes(text)).toEqual(expected);
    expect(detectEnvelope(text).violations.every((violation) => violation.rule === 'D6')).toBe(true);
  });

  test('caps the envelope and reports it', () => {
    const big = fence(`summary: "${'x'.repeat(2000)}"`);
    expect(detectEnvelope(big, { maxEnvelopeLength: 1000 })).toMatchObject({ yaml: undefined, violations: [{ code: 'ENVELOPE_TOO_LARGE' }] });
  });
});

describe('detectEnvelopeStream', () => {
  test.each([
    ['a good response', review],
    ['prose around it', `Intro\n${review}\nOutro`],
    ['two blocks and an unclosed third', `${review}\n${fence('a: 1')}\n\`\`\`yaml\nb: 2`],
  ])('emits the same events however %s is chunked, and passes text through', (_name, text) => {
    expectChunkInvariant(detectEnvelopeStream(), text, { randomChunkings: 40 });
  });

  test('emits the envelope when its fence closes', () => {
    const events: unknown[] = [];
    const detector = detectEnvelopeStream();
    detector.on('envelope', (event) => events.push(event));
    const session = detector.open({ streamId: 'child-1' });
    expect(session.write(review.slice(0, 50))).toBe(review.slice(0, 50));
    expect(events).toEqual([]);
    session.write(review.slice(50));
    session.end();
    expect(events).toEqual([{ yaml: reviewYaml, stream: 'child-1' }]);
  });
});
