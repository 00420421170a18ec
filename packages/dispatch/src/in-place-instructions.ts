import { expectString } from '@parley/core';

/**
 * The instruction block a coding specialist's request carries for an in-place modification
 * (Principle 1A). The protocol asks for this exact wording, so it is reproduced as specified.
 */
export function inPlaceInstructions(path: string): string {
  expectString(path, 'path');
  return [
    `This is an in-place modification of an existing file at ${path}.`,
    'Use patch_file() or insert_after_line() for surgical edits.',
    'Do NOT call write_file() to overwrite the whole file.',
    'Do NOT create a new versioned filename (no _v2, _new, _fixed suffixes).',
  ].join('\n');
}

/** Adds {@link inPlaceInstructions} to a request that does not carry them yet. */
export function withInPlaceInstructions(request: string, path: string): string {
  expectString(request, 'request');
  expectString(path, 'path');
  const block = inPlaceInstructions(path);
  return request.includes(block) ? request : `${request.trimEnd()}\n\n${block}`;
}
