import { InvalidArgumentError } from '@parley/core';

/** What {@link TaskStore.prune} removed. */
export interface PruneOutcome {
  /** Plans removed, every task with them. */
  readonly plans: number;
  /** Tasks removed. */
  readonly tasks: number;
  /**
   * Finished plans that qualified but stayed, because a task of a plan that stays (a running
   * iteration, or one finished after the cutoff) points at one of their tasks with `iterationOf`.
   */
  readonly kept: number;
}

/** Options of {@link TaskStore.prune}. */
export interface PruneOptions {
  /**
   * The cutoff, in the stores' clock (epoch milliseconds, like every `now`): a plan goes when all
   * of its tasks are finished (done, failed, skipped or cancelled) and none changed at or after it.
   */
  readonly finishedBefore: number;
  /** How many plans one transaction examines (and removes at most). Default 200. */
  readonly plansPerBatch?: number;
}

/**
 * One iteration reference between two plans: a task of `from` names a task of `to` as its
 * `iterationOf`. `fromQualifies`: `from` is finished before the cutoff too.
 */
export interface PlanReference {
  readonly from: string;
  readonly to: string;
  readonly fromQualifies: boolean;
}

/** A question the pruning algorithm asks its store (answered synchronously by SQLite, asynchronously by Postgres). */
export type PruneQuery =
  | { readonly kind: 'scan'; readonly after: string | undefined; readonly limit: number }
  | { readonly kind: 'references'; readonly plans: readonly string[] }
  | { readonly kind: 'delete'; readonly plans: readonly string[] };

/** The answers to {@link PruneQuery}, by kind. */
export interface PruneAnswers {
  /** The next `limit` plan ids after `after`, in order, each with whether it qualifies. */
  readonly scan: ReadonlyArray<{ readonly plan: string; readonly qualifies: boolean }>;
  /** Every reference into `plans` from a task of another plan. */
  readonly references: readonly PlanReference[];
  /** How many plans and tasks were deleted (a plan that changed meanwhile is left alone). */
  readonly delete: { readonly plans: number; readonly tasks: number };
}

/** The result of one batch: counts, and where the next batch starts (undefined at the end). */
export interface PruneBatch {
  readonly plans: number;
  readonly tasks: number;
  readonly kept: number;
  readonly next: string | undefined;
}

/** The default number of plans one prune transaction examines. */
export const defaultPlansPerBatch = 200;

/** Checks the options of `prune`. */
export function checkPruneOptions(options: PruneOptions): number {
  if (typeof options !== 'object' || options === null || typeof options.finishedBefore !== 'number' || !Number.isFinite(options.finishedBefore)) {
    throw new InvalidArgumentError({ argument: 'finishedBefore', message: 'prune needs finishedBefore, a finite timestamp in milliseconds.' });
  }
  const perBatch = options.plansPerBatch ?? defaultPlansPerBatch;
  if (!Number.isInteger(perBatch) || perBatch < 1) throw new InvalidArgumentError({ argument: 'plansPerBatch', message: 'plansPerBatch must be a positive integer.' });
  return perBatch;
}

/**
 * One prune batch, as a generator of store queries so the same algorithm drives the synchronous
 * SQLite store and the asynchronous Postgres one (each runs it inside one transaction).
 *
 * The batch takes the next `limit` plans (keyset on plan id) that qualify, then follows iteration
 * references into them: a referencing plan that qualifies too joins the batch (the whole chain
 * goes together, up to 1,000 plans or four batches' worth), any other referencing plan keeps the plan it points
 * at, and a kept plan keeps, in turn, every plan of the batch that it points at. The rest is
 * deleted. A chain cut by the size cap is kept, never broken.
 */
export function* pruneBatch(after: string | undefined, limit: number): Generator<PruneQuery, PruneBatch, PruneAnswers[PruneQuery['kind']]> {
  const scanned = (yield { kind: 'scan', after, limit }) as PruneAnswers['scan'];
  const next = scanned.length < limit ? undefined : scanned.at(-1)?.plan;
  const batch = new Set(scanned.filter((row) => row.qualifies).map((row) => row.plan));
  if (batch.size === 0) return { plans: 0, tasks: 0, kept: 0, next };
  const cap = Math.max(limit * 4, 1000);
  let references: readonly PlanReference[];
  for (;;) {
    references = (yield { kind: 'references', plans: [...batch] }) as PruneAnswers['references'];
    let grew = false;
    for (const reference of references) {
      if (batch.has(reference.from) || !reference.fromQualifies || batch.size >= cap) continue;
      batch.add(reference.from);
      grew = true;
    }
    if (!grew) break;
  }
  // Plans that stay: every outside referrer; then whatever they point at inside the batch, transitively.
  const staying = new Set(references.filter((reference) => !batch.has(reference.from)).map((reference) => reference.from));
  const kept = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const reference of references) {
      if ((staying.has(reference.from) || kept.has(reference.from)) && batch.has(reference.to) && !kept.has(reference.to)) {
        kept.add(reference.to);
        changed = true;
      }
    }
  }
  const doomed = [...batch].filter((plan) => !kept.has(plan));
  const deleted = doomed.length === 0 ? { plans: 0, tasks: 0 } : ((yield { kind: 'delete', plans: doomed }) as PruneAnswers['delete']);
  return { ...deleted, kept: kept.size, next };
}
