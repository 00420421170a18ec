/** The few facts about a task that promotion and skipping depend on. */
export interface TransitionRow {
  readonly ref: string;
  readonly state: string;
  readonly dependsOn: readonly string[];
}

/** The backlog tasks of a plan that depend, directly or not, on `failedRef`: to skip. */
export function dependentsOf<Row extends TransitionRow>(rows: readonly Row[], failedRef: string): Row[] {
  const blocked = new Set([failedRef]);
  const found: Row[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const row of rows) {
      if (row.state !== 'backlog' || blocked.has(row.ref)) continue;
      if (row.dependsOn.some((ref) => blocked.has(ref))) {
        blocked.add(row.ref);
        found.push(row);
        changed = true;
      }
    }
  }
  return found;
}

/** The reason recorded on a skipped task. */
export const skipReason = (failedRef: string, cause: 'failed' | 'cancelled' | 'skipped' = 'failed'): string =>
  `skipped: upstream step "${failedRef}" ${cause === 'failed' ? 'failed' : cause === 'cancelled' ? 'was cancelled' : 'was skipped'}`;

/** Any state a dependency can be in that keeps a step from ever running. */
const blocking: ReadonlySet<string> = new Set(['failed', 'cancelled', 'skipped']);

/**
 * The skipped steps of a plan to put back in the backlog when the failed step `retriedRef` is
 * retried: those downstream of it (depending on it, directly or not), less any that still depend
 * on another failed, cancelled or skipped step outside them (and, in turn, those depending on
 * those). What stays skipped still has a reason to; what comes back has none.
 */
export function restoredBy<Row extends TransitionRow>(rows: readonly Row[], retriedRef: string): Row[] {
  const downstream = new Set([retriedRef]);
  const candidates = new Map<string, Row>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const row of rows) {
      if (row.state !== 'skipped' || candidates.has(row.ref) || !row.dependsOn.some((ref) => downstream.has(ref))) continue;
      downstream.add(row.ref);
      candidates.set(row.ref, row);
      changed = true;
    }
  }
  const stateOf = new Map(rows.map((row) => [row.ref, row.state]));
  changed = true;
  while (changed) {
    changed = false;
    for (const [ref, row] of candidates) {
      if (!row.dependsOn.some((dependency) => dependency !== retriedRef && !candidates.has(dependency) && blocking.has(stateOf.get(dependency) ?? ''))) continue;
      candidates.delete(ref);
      changed = true;
    }
  }
  return rows.filter((row) => candidates.get(row.ref) === row);
}
