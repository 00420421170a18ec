import { excerpt, expectString } from '@parley/core';
import type { DispatchViolation } from './dispatch-violation';

const versionWords = ['new', 'fixed', 'updated', 'mobile', 'deluxe', 'final', 'copy', 'old', 'edited', 'latest', 'revised', 'modified', 'backup', 'bak', 'orig', 'draft'];

/** Splits a file name into stem and extension (`report.tar.gz` → `report`, `.tar.gz`; `.env` keeps its dot). */
function splitName(name: string): { readonly stem: string; readonly extension: string } {
  const dot = name.indexOf('.', 1);
  return dot < 0 ? { stem: name, extension: '' } : { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * The version marker at the end of a file name's stem, such as `_v2`, `-final`, `_new`, ` (1)`,
 * `_20260515` or `_2`; undefined when there is none. A trailing number counts only when the
 * original file name did not end in one.
 */
export function findVersionMarker(path: string, originalPath?: string): string | undefined {
  expectString(path, 'path');
  if (originalPath !== undefined) expectString(originalPath, 'originalPath');
  const { stem } = splitName(path.slice(path.lastIndexOf('/') + 1));
  const lower = stem.toLowerCase();
  const copy = /\s\(\d{1,3}\)$/.exec(lower);
  if (copy !== null) return copy[0].trim();
  const separator = Math.max(lower.lastIndexOf('_'), lower.lastIndexOf('-'), lower.lastIndexOf(' '), lower.lastIndexOf('.'));
  if (separator <= 0) return undefined;
  const last = lower.slice(separator + 1);
  const marker = stem.slice(separator);
  if (versionWords.includes(last)) return marker;
  if (/^(?:v|ver|version|rev|r)\d{1,4}$/.test(last)) return marker;
  if (/^\d{1,14}$/.test(last)) {
    const original = originalPath === undefined ? '' : splitName(originalPath.slice(originalPath.lastIndexOf('/') + 1)).stem;
    if (!/\d$/.test(original)) return marker;
  }
  return undefined;
}

/**
 * Checks the output path of an iteration against the deliverable it modifies (Principle 1A): the
 * path must be the same. A different name with a version marker is `VERSIONED_FILENAME`; any
 * other difference is `PATH_NOT_REUSED`; a different project directory is `PROJECT_CHANGED`.
 * Every violation's fix is the original path.
 *
 * @example
 * ```ts
 * import { checkIterationPath } from '@parley/dispatch/guards';
 *
 * const [violation] = checkIterationPath('/app/data/shared/wine-eda/report_v2.pdf', '/app/data/shared/wine-eda/report.pdf');
 * console.log(violation?.code, violation?.fix); // VERSIONED_FILENAME /app/data/shared/wine-eda/report.pdf
 * ```
 */
export function checkIterationPath(path: string, originalPath: string): DispatchViolation[] {
  expectString(path, 'path');
  expectString(originalPath, 'originalPath');
  if (path === originalPath) return [];
  const base = { rule: 'P1A' as const, path, fix: originalPath };
  const marker = findVersionMarker(path, originalPath);
  if (marker !== undefined) {
    return [{ ...base, code: 'VERSIONED_FILENAME', message: `${excerpt(path)} adds the version marker "${excerpt(marker)}": modify ${excerpt(originalPath)} in place` }];
  }
  const directory = (value: string): string => value.slice(0, value.lastIndexOf('/'));
  if (directory(path) !== directory(originalPath)) {
    return [{ ...base, code: 'PROJECT_CHANGED', message: `${excerpt(path)} is in another directory than the deliverable it modifies (${excerpt(originalPath)}): keep it in place` }];
  }
  return [{ ...base, code: 'PATH_NOT_REUSED', message: `${excerpt(path)} is not the path of the deliverable it modifies: update ${excerpt(originalPath)} in place` }];
}
