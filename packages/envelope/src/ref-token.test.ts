import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatRef, createRef, parseRef, verifyRef } from './ref-token';

const hash = 'a'.repeat(64);

describe('REF tokens', () => {
  test('parse and format both forms, and round-trip', () => {
    const blob = `<REF:reports/trace.log#sha256:${hash}#size:1234>`;
    expect(parseRef(blob)).toEqual({ kind: 'blob', path: 'reports/trace.log', sha256: hash, size: 1234 });
    expect(parseRef('<REF:artifacts[2]#L42>')).toEqual({ kind: 'artifact', index: 2, line: 42 });
    for (const text of [blob, '<REF:artifacts[0]#L1>']) expect(formatRef(parseRef(text) ?? { kind: 'artifact', index: -1, line: -1 })).toBe(text);
  });

  test.each(['<REF:a#sha256:abc#size:1>', '<REF:a b#sha256:' + hash + '#size:1>', 'REF:x', '<REF:artifacts[x]#L1>', `<REF:a#sha256:${hash.toUpperCase()}#size:1>`])(
    'rejects %j',
    (text) => {
      expect(parseRef(text)).toBeUndefined();
    },
  );

  test('createRef and verifyRef agree, and a changed file fails', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parley-ref-'));
    mkdirSync(join(root, 'reports'));
    writeFileSync(join(root, 'reports', 'trace.log'), 'line 1\nline 2\n');
    const ref = await createRef('reports/trace.log', { root });
    expect(ref).toMatchObject({ kind: 'blob', path: 'reports/trace.log', size: 14 });
    expect(await verifyRef(formatRef(ref), root)).toEqual({ ok: true });
    writeFileSync(join(root, 'reports', 'trace.log'), 'line 1\nline X\n');
    expect(await verifyRef(ref, root)).toEqual({ ok: false, problem: 'HASH_MISMATCH' });
    writeFileSync(join(root, 'reports', 'trace.log'), 'short');
    expect(await verifyRef(ref, root)).toEqual({ ok: false, problem: 'SIZE_MISMATCH' });
    expect(await verifyRef({ ...ref, path: 'reports/missing.log' }, root)).toEqual({ ok: false, problem: 'MISSING' });
  });

  test('refuses paths that escape the root, symbolic links included', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'parley-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'top secret');
    const root = mkdtempSync(join(tmpdir(), 'parley-root-'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    const ref = await createRef(join(outside, 'secret.txt'), { root: outside });
    for (const path of ['../secret.txt', `${outside}/secret.txt`, 'link.txt', 'a/../../secret.txt']) {
      expect(await verifyRef({ ...ref, path }, root)).toEqual({ ok: false, problem: 'ESCAPES_ROOT' });
    }
    expect(await verifyRef('<REF:artifacts[0]#L1>', root)).toEqual({ ok: false, problem: 'NOT_A_BLOB_REF' });
  });
});
