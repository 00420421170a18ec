import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { hmacSha256, sha256 } from './hmac-sha256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

test('sha256 agrees with node:crypto on any message, padding edges included', () => {
  for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const message = new Uint8Array(length).map((_, index) => (index * 31 + 7) & 0xff);
    expect(hex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
  }
  fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (message) => hex(sha256(message)) === createHash('sha256').update(message).digest('hex')));
});

test('hmacSha256 agrees with node:crypto for short and long keys', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 200 }), (key, message) => hex(hmacSha256(key, message)) === createHmac('sha256', key).update(message).digest('hex')),
  );
});
