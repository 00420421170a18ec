import type { Task, TaskStore } from '@parley/dispatch';

/** What the poller tells the server after a change. */
export interface ChangeListener {
  /** The store changed: lists may be stale. */
  onChange(): void;
  /** Tasks of a watched plan that changed since the poller last looked (all of them, the first time). */
  onTasks(planId: string, tasks: readonly Task[]): void;
  /** A read failed (the store is away): reported once per outage. */
  onError(error: unknown): void;
}

/** Options of {@link ChangePoller}. */
export interface ChangePollerOptions {
  readonly store: TaskStore;
  readonly intervalMilliseconds: number;
  /** The plans some client shows now; read on every tick. */
  readonly watchedPlans: () => ReadonlySet<string>;
  readonly listener: ChangeListener;
}

/** What identifies a task's visible state: a change to any of these is sent. */
const fingerprint = (task: Task): string => `${task.state}|${task.attempt}|${task.updatedAt}|${task.error ?? ''}`;

/**
 * One poller for every client: it reads the store's change marker each tick (or, for a store
 * without one, always reads on), and only when it moved re-reads the plans clients watch and
 * reports the tasks that changed. Its memory is one fingerprint per task of a watched plan.
 */
export class ChangePoller {
  readonly #options: ChangePollerOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #marker: string | undefined;
  #running: Promise<void> | undefined;
  #failing = false;
  readonly #seen = new Map<string, Map<string, string>>();

  constructor(options: ChangePollerOptions) {
    this.#options = options;
  }

  /** Starts ticking (no-op when started). */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.poll(), this.#options.intervalMilliseconds);
    this.#timer.unref?.();
  }

  /** Stops ticking and forgets every fingerprint. */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#marker = undefined;
    this.#seen.clear();
  }

  /** Looks now (after an action), or waits for the look in progress. `force` reads even if the marker did not move. */
  poll(force = false): Promise<void> {
    if (this.#running !== undefined) return this.#running;
    this.#running = this.#tick(force).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #tick(force: boolean): Promise<void> {
    const { store, listener } = this.#options;
    try {
      const watched = this.#options.watchedPlans();
      for (const plan of this.#seen.keys()) if (!watched.has(plan)) this.#seen.delete(plan);
      const fresh = [...watched].filter((plan) => !this.#seen.has(plan));
      const previous = this.#marker;
      const marker = store.changeMarker === undefined ? undefined : await store.changeMarker();
      const moved = marker === undefined || marker !== previous;
      this.#marker = marker;
      this.#failing = false;
      if (!moved && !force && fresh.length === 0) return;
      // The first read only sets the baseline: pages that just connected have read the lists
      // themselves. A store without a marker cannot say, so every tick counts as a change.
      if (force || (moved && (previous !== undefined || marker === undefined))) listener.onChange();
      for (const plan of moved || force ? watched : fresh) {
        const seen = this.#seen.get(plan) ?? new Map<string, string>();
        const first = !this.#seen.has(plan);
        this.#seen.set(plan, seen);
        const changed: Task[] = [];
        for (const task of await store.listPlan(plan)) {
          const print = fingerprint(task);
          if (first || seen.get(task.id) !== print) changed.push(task);
          seen.set(task.id, print);
        }
        if (changed.length > 0 || first) listener.onTasks(plan, changed);
      }
    } catch (error) {
      // Read again in full once the store answers (a marker no store returns, so it moves).
      this.#marker = '\u0000unavailable';
      if (!this.#failing) listener.onError(error);
      this.#failing = true;
    }
  }
}
