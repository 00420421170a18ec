/**
 * A bounded memo of what a complete token run was judged to hold, by the run's text. A log repeats
 * its runs (the same commit hash, request id, path or package name on line after line), and the
 * judgement of a run that the text goes on after depends on the run's characters alone (see
 * `judgeRun` in `scan.ts`), so a run met again is answered from here, with no judge asked.
 *
 * Memory stays bounded whatever the text: runs longer than {@link MAX_REMEMBERED_RUN} are never
 * kept, and the memo is emptied once it holds {@link MAX_REMEMBERED_RUNS} runs (a text of runs
 * that never repeat pays one map write per run, and nothing grows). Internal: not exported from
 * the package.
 */
export interface RunVerdicts {
  /** The findings kept for `run`, as offsets into it: type, start, end, … (empty: nothing found); undefined when not kept. */
  get(run: string): readonly (string | number)[] | undefined;
  /** Keeps the findings of `run` (offsets into it, as {@link RunVerdicts.get} returns them). */
  set(run: string, verdict: readonly (string | number)[]): void;
}

/** The longest run kept: ids, hashes, paths and names; longer runs are rare and judged each time. */
export const MAX_REMEMBERED_RUN = 160;

/** How many runs are kept at most before the memo starts over (about 1 MB at the longest runs). */
export const MAX_REMEMBERED_RUNS = 2048;

/** A new, empty memo (one per plan: a verdict depends on the plan's rules and options). */
export function createRunVerdicts(): RunVerdicts {
  const kept = new Map<string, readonly (string | number)[]>();
  return {
    get: (run) => kept.get(run),
    set: (run, verdict) => {
      if (kept.size >= MAX_REMEMBERED_RUNS) kept.clear();
      kept.set(run, verdict);
    },
  };
}
