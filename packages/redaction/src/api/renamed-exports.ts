// Names @parley/redaction exported before its first release, kept until that release as stubs
// that say what they are called now (see "Migration" in the README).
import { RenamedExportError } from '@parley/core';

/**
 * Renamed `redactSecrets()`. Throws `RenamedExportError` (`RENAMED_EXPORT`) naming it.
 *
 * @deprecated Use `redactSecrets(text, options)`; this stub goes with the first release.
 */
export function redactText(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({
    packageName: '@parley/redaction',
    oldName: 'redactText',
    newName: 'redactSecrets',
    note: 'same arguments; the stream middleware that was redactSecrets() is redactSecretsStream()',
  });
}
