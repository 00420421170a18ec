// Names @parley/core exported before its first release, kept until that release as stubs that say
// what they are called now (see "Migration" in the README).
import { RenamedExportError } from './renamed-export-error';

/**
 * Renamed `passthroughStream()`. Throws {@link RenamedExportError} naming it.
 *
 * @deprecated Use `passthroughStream()`; this stub goes with the first release.
 */
export function passthrough(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({ packageName: '@parley/core', oldName: 'passthrough', newName: 'passthroughStream' });
}

/**
 * Renamed `replaceTextStream()`. Throws {@link RenamedExportError} naming it.
 *
 * @deprecated Use `replaceTextStream()`; this stub goes with the first release.
 */
export function replaceText(..._arguments: readonly unknown[]): never {
  throw new RenamedExportError({ packageName: '@parley/core', oldName: 'replaceText', newName: 'replaceTextStream' });
}
