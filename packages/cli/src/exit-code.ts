/** The exit codes of `parley`, for scripts to branch on. */
export const ExitCode = {
  /** The input is clean (or the command succeeded). */
  Clean: 0,
  /** The command ran and found violations. */
  Violations: 1,
  /** Bad usage, an unreadable input, or another error before a result; a one-line message is on stderr. */
  Usage: 2,
  /**
   * Standard output was closed by its reader before `parley` finished (`parley redact big.log |
   * head -1`): it stopped quietly, with nothing on stderr. 141 is what a shell reports for a tool
   * killed by `SIGPIPE`, as `cat` and `grep` are in the same place.
   */
  OutputClosed: 141,
} as const;

/** One of {@link ExitCode}'s values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
