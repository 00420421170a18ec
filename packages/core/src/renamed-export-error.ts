import { ParleyError } from './parley-error';

const marker = 'parley.error.RenamedExportError';

/**
 * Thrown by a name a `@parley/*` package exported before its first release and has since renamed
 * (`validateTokens`, now `checkTokensStream`) or moved to another entry point (`lintRequest`, now
 * from `@parley/dispatch/guards`): the old name is kept as a deprecated stub that throws this, so
 * old code fails with the new name and place in the message instead of "is not a function" or a
 * missing export. The stubs go with the first release.
 */
export class RenamedExportError extends ParleyError {
  override readonly code: 'RENAMED_EXPORT' = 'RENAMED_EXPORT';

  /** The package that exports both names, such as `"@parley/tokens"`. */
  readonly packageName: string;

  /** The old name that was called, such as `"validateTokens"`. */
  readonly oldName: string;

  /** The name to use instead, such as `"checkTokensStream"`. */
  readonly newName: string;

  /**
   * The entry point that exports the new name, such as `"@parley/dispatch/guards"`; the same as
   * {@link RenamedExportError.packageName} unless the name moved.
   */
  readonly newPackageName: string;

  constructor(options: { readonly packageName: string; readonly oldName: string; readonly newName: string; readonly newPackageName?: string; readonly note?: string }) {
    const newPackageName = options.newPackageName ?? options.packageName;
    const arguments_ = options.note === undefined ? ' (same arguments)' : ` (${options.note})`;
    const what =
      newPackageName === options.packageName
        ? `${options.oldName}() from ${options.packageName} was renamed ${options.newName}()`
        : `${options.oldName}() moved from ${options.packageName} to ${newPackageName}${options.newName === options.oldName ? '' : ` as ${options.newName}()`}`;
    super({ code: 'RENAMED_EXPORT', message: `${what}${arguments_}; see "Migration" in the package's README.` });
    this.name = 'RenamedExportError';
    this.mark(marker);
    this.packageName = options.packageName;
    this.oldName = options.oldName;
    this.newName = options.newName;
    this.newPackageName = newPackageName;
  }

  /** Whether `error` is a {@link RenamedExportError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is RenamedExportError {
    return ParleyError.hasMarker(error, marker);
  }
}
