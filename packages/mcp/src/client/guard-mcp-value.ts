import { InvalidArgumentError } from '@parley/core';
import type { GuardUse, SecretGuard } from '@parley/redaction/guard';

/** How deep a message is followed; JSON nested deeper is refused, not a stack overflow. */
const MAX_DEPTH = 200;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text a base64 blob holds, or `undefined` when it is not UTF-8 text (an image, an archive). */
function blobText(blob: string): string | undefined {
  try {
    const text = utf8.decode(Buffer.from(blob, 'base64'));
    // A zero byte is binary, whatever else decodes.
    return text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}

/**
 * A copy of a JSON value from an MCP server with every string guarded for `use`, object keys too,
 * one after the other (placeholders are numbered in reading order). Binary stays as it is: the
 * `data` of image and audio content. A resource's base64 `blob` is guarded when it decodes to
 * UTF-8 text (a `.env` served as a blob is text all the same) and re-encoded when it changed.
 */
export async function guardMcpValue(value: unknown, guard: SecretGuard, use: GuardUse, depth = 0): Promise<unknown> {
  if (typeof value === 'string') return guard.guardText(value, { use });
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) throw new InvalidArgumentError({ argument: 'message', message: `An MCP message nested deeper than ${MAX_DEPTH} levels was refused: the guard reads no deeper.` });
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (const item of value) copy.push(await guardMcpValue(item, guard, use, depth + 1));
    return copy;
  }
  const record = value as Record<string, unknown>;
  const binary = record['type'] === 'image' || record['type'] === 'audio';
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    let guarded: unknown;
    if (key === 'data' && binary) guarded = item;
    else if (key === 'blob' && typeof item === 'string') guarded = await guardBlob(item, guard, use);
    else guarded = await guardMcpValue(item, guard, use, depth + 1);
    Object.defineProperty(copy, await guard.guardText(key, { use }), { value: guarded, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

async function guardBlob(blob: string, guard: SecretGuard, use: GuardUse): Promise<string> {
  const text = blobText(blob);
  if (text === undefined) return blob;
  const guarded = await guard.guardText(text, { use });
  return guarded === text ? blob : Buffer.from(guarded, 'utf8').toString('base64');
}
