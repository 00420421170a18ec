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
