/** The exit codes of `parley`, for scripts to branch on. */
export const ExitCode = {
  /** The input is clean (or the command succeeded). */
  Clean: 0,
  /** The command ran and found violations. */
  Violations: 1,
  /** Bad usage, an unreadable input, or another error before a result; a one-line message is on stderr. */
  Usage: 2,
} as const;

/** One of {@link ExitCode}'s values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
