import { ParleyError } from './parley-error';

const marker = 'parley.error.RenamedExportError';

/**
 * Thrown by a name a `@parley/*` package exported before its first release and has since renamed
 * (`validateTokens`, now `checkTokensStream`): the old name is kept as a deprecated stub that
 * throws this, so old code fails with the new name in the message instead of "is not a function"
 * or a missing export. The stubs go with the first release.
 */
export class RenamedExportError extends ParleyError {
  override readonly code: 'RENAMED_EXPORT' = 'RENAMED_EXPORT';

  /** The package that exports both names, such as `"@parley/tokens"`. */
  readonly packageName: string;

  /** The old name that was called, such as `"validateTokens"`. */
  readonly oldName: string;

  /** The name to use instead, such as `"checkTokensStream"`. */
  readonly newName: string;

  constructor(options: { readonly packageName: string; readonly oldName: string; readonly newName: string; readonly note?: string }) {
    super({
      code: 'RENAMED_EXPORT',
      message: `${options.oldName}() from ${options.packageName} was renamed ${options.newName}()${options.note === undefined ? ' (same arguments)' : ` (${options.note})`}; see "Migration" in the package's README.`,
    });
    this.name = 'RenamedExportError';
    this.mark(marker);
    this.packageName = options.packageName;
    this.oldName = options.oldName;
    this.newName = options.newName;
  }

  /** Whether `error` is a {@link RenamedExportError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is RenamedExportError {
    return ParleyError.hasMarker(error, marker);
  }
}
