import { expectLossless, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunkings, chunksOf } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { publicShapes } from '../rules/public-shapes';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a Deployment pod's name (`<name>-<template hash>-<5>`, both of Kubernetes' generated
// alphabet) comes out unchanged in kubectl output, any chunking; a random secret standing as the
// name is still redacted, with no eight of its characters in a row left in the output.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const chunking = chunkings(120);

const generated = 'bcdfghjklmnpqrstvwxz2456789';
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random characters of `alphabet` drawn from a seed, so that shrinking never makes them filler. */
const seeded = (alphabet: string, length: number): fc.Arbitrary<string> => fc.integer().map((seed) => randomRun(alphabet, length, seededRandom(seed)));
const suffix = fc.constantFrom(9, 10).chain((length) => fc.tuple(seeded(generated, length), seeded(generated, 5))).map(([hash, pod]) => `-${hash}-${pod}`);
const podLine = fc.tuple(fc.constantFrom('web', 'api-gateway', 'coredns', 'ingress-nginx-controller', 'payments-worker'), suffix, fc.constantFrom(0, 1, 2)).map(([name, tail, shape]) =>
  [`pod/${name}${tail}   1/1     Running   0          3d`, `kubectl logs ${name}${tail} -c app`, `Error from server (NotFound): pods "${name}${tail}" not found`][shape] as string,
);

describe('Deployment pod names are not secrets', () => {
  test.each([
    ['kubectl get pods', 'pod/web-7d9f8b6c5d-x2k9p   1/1     Running   0          3d'],
    ['a nine-character template hash', 'coredns-5d78c9869d-qv4wz'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('generated pod names in kubectl output, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(podLine, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a secret in a pod name is still redacted', () => {
  test('the pod-name-suffix shape: both parts, their lengths and alphabet', () => {
    const at = (run: string): number | undefined => publicShapes.find(({ id }) => id === 'pod-name-suffix')?.read(run, 0, run.length);
    expect(at('web-7d9f8b6c5d-x2k9p')).toBe(3);
    expect(at('web-7d9f8b6c5d-x2k9')).toBe(-1);
    expect(at('web-7d9f8b6c5e-x2k9p')).toBe(-1);
    expect(at('web-7d9f8b6c5d-x2k0p')).toBe(-1);
    expect(at('-7d9f8b6c5d-x2k9p')).toBe(-1);
  });

  test('a random 24-40 character secret the entropy rule finds alone, as the pod name: redacted, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 24, max: 40 }).chain((length) => seeded(base62, length)), suffix, chunking, (secret, tail, cuts) => {
        fc.pre(findSecrets(`see ${secret} ok`).length > 0);
        const text = `pod/${secret}${tail}   1/1     Running   0          3d`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, secret), output).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
