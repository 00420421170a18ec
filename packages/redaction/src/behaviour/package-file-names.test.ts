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

// Invariant: a package archive's file name (Debian's `<name>_<version>_<arch>.deb`, an RPM's
// `<name>-<version>-<release>.<arch>.rpm`), as apt and dnf print it while they work, comes out
// unchanged, any chunking; a random secret standing as the package's name is still redacted.
// Before this shape, 22 of the 791 `Preparing to unpack` lines of a real apt log were changed.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const chunking = chunkings(120);
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const seeded = (alphabet: string, length: number): fc.Arbitrary<string> => fc.integer().map((seed) => randomRun(alphabet, length, seededRandom(seed)));

/** Packages and versions from a real apt log (epochs, `+ds`, `+dfsg`, `+deb12u6`, `~deb12u1`, a git snapshot). */
const packages: ReadonlyArray<readonly [string, string]> = [
  ['libtirpc-dev', '1.3.3+ds-1'], ['libnss-mdns', '0.15.1-3'], ['libcrypt-dev', '1:4.4.33-2'], ['libglib2.0-0', '2.74.6-2+deb12u6'],
  ['liblcms2-2', '2.14-2'], ['libxrender1', '1:0.9.10-1.1'], ['libxtst6', '2:1.2.3-1.1'], ['librav1e0', '0.5.1-6'], ['liblerc4', '4.0.0+ds-2'],
  ['libc6', '2.36-9+deb12u14'], ['libldb2', '2:2.6.2+samba4.17.12+dfsg-0+deb12u4'], ['libuchardet0', '0.0.7-1'], ['libsndfile1', '1.2.0-1+deb12u1'],
  ['librtmp1', '2.4+20151223.gitfa8646d.1-2+b2'], ['libde265-0', '1.0.11-1+deb12u2'], ['libpng16-16', '1.6.39-2'], ['libgssapi-krb5-2', '1.20.1-2+deb12u3'],
  ['openjdk-17-jdk-headless', '17.0.15+6-1~deb12u1'], ['libgdk-pixbuf-2.0-0', '2.42.10+dfsg-1+deb12u2'], ['libcap2-bin', '1:2.66-4+deb12u2+b2'],
  ['libsource-highlight4v5', '3.1.9-4.2+b3'], ['libhttp-daemon-perl', '6.16-1+deb13u1~deb12u1'],
];
const aptLine = fc
  .tuple(fc.nat(200), fc.constantFrom(...packages), fc.constantFrom('', '+b1'), fc.constantFrom('amd64', 'arm64', 'all', 'i386'))
  .map(([order, [name, version], rebuild, arch]) => {
    const written = `${version}${rebuild}`;
    return `Preparing to unpack .../${String(order).padStart(3, '0')}-${name}_${written.replace(':', '%3a')}_${arch}.deb ...\r\nUnpacking ${name}:${arch} (${written}) ...\r\n`;
  });

describe('package archive names are not secrets', () => {
  test.each([
    ['apt unpacking a library', 'Preparing to unpack .../07-libgssapi-krb5-2_1.20.1-2+deb12u3_amd64.deb ...'],
    ['an epoch written %3a', 'Preparing to unpack .../003-libcap2-bin_1%3a2.66-4+deb12u2+b2_amd64.deb ...'],
    ['a backport', 'Get:75 .../libhttp-daemon-perl_6.16-1+deb13u1~deb12u1_all.deb'],
    ['an RPM', 'Downloading Packages: openssl-libs-3.0.7-27.el9.x86_64.rpm'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('apt output of generated package names, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(aptLine, { minLength: 1, maxLength: 4 }), chunking, (lines, cuts) => {
        const text = lines.join('');
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a secret in a package name is still redacted', () => {
  test('the package-file-name shape: its fields, version and architecture', () => {
    const at = (run: string): number | undefined => publicShapes.find(({ id }) => id === 'package-file-name')?.read(run, 0, run.length);
    expect(at('.../07-libgssapi-krb5-2_1.20.1-2+deb12u3_amd64.deb')).toBe(4);
    expect(at('libc6_2.36-9_amd64.deb')).toBe(0);
    expect(at('libc6_2.36-9_amd65.deb')).toBe(-1);
    expect(at('libc6_v2.36-9_amd64.deb')).toBe(-1);
    expect(at('libc6_2.36_9_amd64.deb')).toBe(-1);
    expect(at('libc6_2.36-9_amd64.zip')).toBe(-1);
    expect(at('openssl-libs-3.0.7-27.el9.x86_64.rpm')).toBe(0);
    expect(at('openssl-3.0.7.x86_64.rpm')).toBe(-1);
    expect(at('openssl-libs-v3-27.el9.x86_64.rpm')).toBe(-1);
    expect(at('openssl-libs-3.0.7-27.el9.x86-64.rpm')).toBe(-1);
  });

  test('a random 24-40 character secret the entropy rule finds alone, as the package name: redacted, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 24, max: 40 }).chain((length) => seeded(base62, length)), chunking, (secret, cuts) => {
        fc.pre(findSecrets(`see ${secret} ok`).length > 0);
        const text = `Preparing to unpack .../${secret}_1.2-3_amd64.deb ...`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, secret), output).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
