// Names @parley/tokens exported before its first release, kept until that release as stubs that
// say what they are called now (see "Migration" in the README).
import { RenamedExportError } from '@parley/core';

/**
 * Renamed `checkTokensStream()`. Throws `RenamedExportError` (`RENAMED_EXPORT`) naming it.
 *
 * @deprecated Use `checkTokensStream()`; this stub goes with the first release.
 */
export function validateTokens(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({ packageName: '@parley/tokens', oldName: 'validateTokens', newName: 'checkTokensStream' });
}

/**
 * Renamed `guardTokensStream()`. Throws `RenamedExportError` (`RENAMED_EXPORT`) naming it.
 *
 * @deprecated Use `guardTokensStream()`; this stub goes with the first release.
 */
export function guardTokens(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({ packageName: '@parley/tokens', oldName: 'guardTokens', newName: 'guardTokensStream' });
}

/**
 * Renamed `describeTokenViolation()`. Throws `RenamedExportError` (`RENAMED_EXPORT`) naming it.
 *
 * @deprecated Use `describeTokenViolation()`; this stub goes with the first release.
 */
export function describeViolation(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({ packageName: '@parley/tokens', oldName: 'describeViolation', newName: 'describeTokenViolation' });
}
