import { expectString } from '@parley/core';
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';

/** A reference to a blob kept outside the envelope, or to a line of one of its artifacts. */
export type RefToken =
  | { readonly kind: 'blob'; readonly path: string; readonly sha256: string; readonly size: number }
  | { readonly kind: 'artifact'; readonly index: number; readonly line: number };

const blob = /^<REF:([^#<>\s]{1,1024})#sha256:([0-9a-f]{64})#size:(\d{1,15})>$/;
const artifact = /^<REF:artifacts\[(\d{1,6})\]#L(\d{1,9})>$/;

/**
 * Parses `<REF:path#sha256:<64 hex>#size:<bytes>>` or `<REF:artifacts[i]#L42>`; `undefined` for
 * anything else.
 */
export function parseRef(text: string): RefToken | undefined {
  expectString(text, 'text');
  const blobMatch = blob.exec(text);
  if (blobMatch !== null) return { kind: 'blob', path: blobMatch[1] ?? '', sha256: blobMatch[2] ?? '', size: Number(blobMatch[3]) };
  const artifactMatch = artifact.exec(text);
  if (artifactMatch !== null) return { kind: 'artifact', index: Number(artifactMatch[1]), line: Number(artifactMatch[2]) };
  return undefined;
}

/** Formats a {@link RefToken} as its ASCII token. */
export function formatRef(ref: RefToken): string {
  return ref.kind === 'blob' ? `<REF:${ref.path}#sha256:${ref.sha256}#size:${ref.size}>` : `<REF:artifacts[${ref.index}]#L${ref.line}>`;
}

/** Options of {@link createRef}. */
export interface CreateRefOptions {
  /** The directory the reference's path is relative to. Default the working directory. */
  readonly root?: string;
}

/** Creates the blob reference of a file: its path relative to `root` (default the working directory), SHA-256 and size. */
export async function createRef(file: string, options: CreateRefOptions = {}): Promise<RefToken & { readonly kind: 'blob' }> {
  expectString(file, 'file');
  const root = resolve(options.root ?? '.');
  const content = await readFile(resolve(root, file));
  const path = relative(root, resolve(root, file)).split('\\').join('/');
  return { kind: 'blob', path, sha256: createHash('sha256').update(content).digest('hex'), size: content.byteLength };
}

/** Why {@link verifyRef} refused a reference. */
export type RefProblem = 'NOT_A_BLOB_REF' | 'ESCAPES_ROOT' | 'MISSING' | 'SIZE_MISMATCH' | 'HASH_MISMATCH';

/**
 * Checks that a blob reference points inside `root` (after resolving symbolic links) at a file
 * with exactly its size and SHA-256.
 */
export async function verifyRef(ref: RefToken | string, root: string): Promise<{ readonly ok: true } | { readonly ok: false; readonly problem: RefProblem }> {
  const parsed = typeof ref === 'string' ? parseRef(ref) : ref;
  if (parsed?.kind !== 'blob') return { ok: false, problem: 'NOT_A_BLOB_REF' };
  const escapes = (from: string, to: string): boolean => {
    const path = relative(from, to);
    return path === '..' || path.startsWith('../') || path.startsWith('..\\') || isAbsolute(path);
  };
  const rootPath = resolve(root);
  const target = resolve(rootPath, parsed.path);
  if (escapes(rootPath, target)) return { ok: false, problem: 'ESCAPES_ROOT' };
  let real: string;
  try {
    real = await realpath(target);
    if (escapes(await realpath(rootPath), real)) return { ok: false, problem: 'ESCAPES_ROOT' };
    if ((await stat(real)).size !== parsed.size) return { ok: false, problem: 'SIZE_MISMATCH' };
  } catch {
    return { ok: false, problem: 'MISSING' };
  }
  const digest = createHash('sha256').update(await readFile(real)).digest('hex');
  return digest === parsed.sha256 ? { ok: true } : { ok: false, problem: 'HASH_MISMATCH' };
}
