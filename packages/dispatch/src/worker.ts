import { randomUUID } from 'node:crypto';
import type { Dispatcher } from './dispatcher';
import { ownValue } from './own-value';
import { defaultStoreBackoff, storeOutageOf } from './store-outage';
import { StoreUnavailableError } from './store-unavailable-error';
import type { ClaimedTask, TaskOutput } from './task';
import type { CompleteItem, CompleteOutcome, RetryPolicy } from './task-store';

/**
 * A specialist agent: does one task, returns its output (paths and values, exactly as produced).
 * A task may run more than once (a worker died or stalled past its lease, or an attempt failed):
 * key side effects that must happen once on `task.taskKey`, per-attempt ones on
 * `task.idempotencyKey`.
 */
export type DispatchAgent = (task: ClaimedTask, signal: AbortSignal) => Promise<TaskOutput>;

/** Options of {@link createWorker}. */
export interface WorkerOptions {
  readonly dispatcher: Dispatcher;
  /** The agents this worker runs, by name; it claims only their tasks. */
  readonly agents: Readonly<Record<string, DispatchAgent>>;
  /** Tasks run at once. Default 1. */
  readonly concurrency?: number;
  /** Lease length; a task whose lease expires is retried or failed. Default 30 s. */
  readonly leaseMilliseconds?: number;
  /** Most attempts per task. Default 3. */
  readonly maxAttempts?: number;
  /** Backoff before attempt n + 1. Default 1 s × 2^(n-1), at most 60 s. */
  readonly backoff?: (attempt: number) => number;
  /** How often an idle worker looks for work. Default 250 ms. */
  readonly pollMilliseconds?: number;
  /**
   * How often the worker looks for expired leases of dead workers. A lease can only expire a lease
   * length after its last heartbeat, so looking more often than that finds nothing. Default a
   * quarter of the lease (7.5 s).
   */
  readonly recoverMilliseconds?: number;
  /**
   * Signals that stop a started worker gracefully (no new claims, running tasks finish), such as
   * `['SIGTERM', 'SIGINT']`. None by default: a library does not take over a process's signals
   * unless asked. The handlers are removed when the worker stops.
   */
  readonly shutdownSignals?: readonly NodeJS.Signals[];
  /** Called once a signal-initiated stop is complete: close the store here, so the process can exit. */
  readonly onShutdown?: () => void | Promise<void>;
  readonly now?: () => number;
  /** Wait before try `n` while the store is unavailable. Default 100 ms doubling to 5 s, with jitter. */
  readonly storeBackoff?: (failures: number) => number;
  /**
   * Called once when a started worker stops on a fatal error: anything but a
   * {@link StoreUnavailableError} from the store (a missing table, a read-only store, a bug), after
   * the `fatal` event and after its running tasks settle. Default: print the error to stderr and
   * exit the process with code 1, so a worker process never dies silently nor lingers doing
   * nothing. `drain()` rejects with the error instead.
   */
  readonly onFatal?: (error: unknown) => void | Promise<void>;
}

/** Options of {@link Worker.drain}. */
export interface DrainOptions {
  /**
   * Whether `drain()` waits for the retries of the tasks it ran. `true` (the default): a task that
   * failed during this drain (or an earlier one of this worker) and was queued again for another
   * attempt is waited for (its backoff) and run again, until it is done or out of attempts, so a
   * drain ends with every task it could run finished. `false`: the drain returns as soon as
   * nothing is ready now, leaving such a task queued (not yet claimable) for a later drain or a
   * started worker. Tasks other workers failed, and leases that expired, are not waited for.
   */
  readonly waitForRetries?: boolean;
}

/** A running worker. */
export interface Worker {
  /**
   * Claims and runs tasks until none of its agents' tasks is ready, and (unless `waitForRetries`
   * is false) none that it ran waits out a retry backoff; resolves with how many attempts it
   * started. For tests and scripts. Rides through store outages like `start()`; rejects on a fatal
   * error. The backoff is waited out with a timer; the worker's clock (`now`) decides when the
   * task is ready again.
   */
  drain(options?: DrainOptions): Promise<number>;
  /** Runs until `stop` (or a fatal error, see `onFatal`). Store outages are waited out, never fatal. */
  start(): void;
  /**
   * Stops claiming, waits for running tasks to finish (graceful shutdown). A running task's result
   * is held until the store takes it, so during an outage `stop` waits for the store.
   */
  stop(): Promise<void>;
}

/** The default {@link WorkerOptions.onFatal}: report, then exit non-zero. */
const exitOnFatal = (error: unknown): void => {
  console.error('@parley/dispatch: the worker stopped on a fatal error:', error);
  process.exit(1);
};

/**
 * A worker: claims ready tasks of its agents with a lease, heartbeats while they run, completes
 * them (which queues their dependents with these outputs as inputs), and retries failures with
 * backoff up to `maxAttempts`, after which the task fails and its dependents are skipped. Expired
 * leases of dead workers are recovered by every worker's loop, so nothing stays running.
 *
 * While the store is unavailable the worker claims nothing, reports the outage once
 * (`store-unavailable`, then `store-recovered` on the dispatcher), keeps the results of tasks that
 * finished meanwhile and retries with backoff until the store takes them.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { dispatcher } = options;
  const { store } = dispatcher;
  const now = options.now ?? Date.now;
  const lease = options.leaseMilliseconds ?? 30_000;
  const retry: RetryPolicy = { maxAttempts: options.maxAttempts ?? 3, backoff: options.backoff ?? ((attempt) => Math.min(60_000, 1000 * 2 ** (attempt - 1))) };
  const storeBackoff = options.storeBackoff ?? defaultStoreBackoff;
  const outage = storeOutageOf(dispatcher);
  const agents = Object.keys(options.agents);
  const concurrency = options.concurrency ?? 1;
  const running = new Set<Promise<void>>();
  /** Free slots promised to a claim in flight (the loop's, or one riding on a completion write). */
  let reserved = 0;
  /**
   * Lease tokens of running jobs whose completion is written: their agents are done and only
   * bookkeeping (events) is left, so their slots are free. Counting them as busy until their jobs
   * end (a few microtasks later) made the next completion write, begun at once, claim nothing
   * into those slots; a separate claim of the loop filled them, and rounds fell out of step.
   */
  const released = new Set<string>();
  /** Slots held by a job whose agent runs or whose completion is not yet written. */
  const busySlots = (): number => running.size - released.size;
  /** Whether `drain()` is running (a drain takes new work like a started worker). */
  let draining = false;
  /** Tasks this worker has started, however they were claimed. */
  let launched = 0;
  /**
   * The tasks this worker failed while draining and the store queued again, by id, with the time
   * (the worker's clock) their next attempt may be claimed. A drain that finds nothing ready waits
   * for the earliest of them (a later drain too: one that returned without waiting left them
   * here); a task leaves when it is claimed again, or when it was ready at a claim that did not
   * take it (another worker did, or it was cancelled).
   */
  const retries = new Map<string, number>();
  /** The time of the last claim a tick made (the worker's clock). */
  let lastClaimAt = Number.NEGATIVE_INFINITY;
  const controller = new AbortController();
  let stopped = true;
  let loop: Promise<void> | undefined;
  /** The first fatal error, once there is one: the worker claims nothing more. */
  let fatal: { readonly error: unknown } | undefined;
  /** Resolves when the worker is asked to stop (or stops on a fatal error): ends idle and backoff waits early. */
  let wakeUp: () => void = () => {};
  let stopping = new Promise<void>((resolve) => (wakeUp = resolve));
  const pause = (milliseconds: number): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, milliseconds))), stopping]).finally(() => clearTimeout(timer));
  };

  const failFatally = (error: unknown): void => {
    if (fatal !== undefined) return;
    fatal = { error };
    stopped = true;
    wakeUp();
    removeSignals();
    dispatcher.emit('fatal', { error });
  };
  /** Whether the worker takes new work: started or draining, not stopping, no fatal error. */
  const accepting = (): boolean => fatal === undefined && (draining || !stopped);
  /** Waits until nothing runs, including tasks claimed meanwhile by the completions of those that were running. */
  const settleAll = async (): Promise<void> => {
    while (running.size > 0) await Promise.all(running);
  };
  /** A store call on behalf of a running task: retried for as long as the store is away. */
  const persist = <Result>(operation: () => Promise<Result>): Promise<Result> => outage.retry(operation, { backoff: storeBackoff });

  /**
   * Completions wait in a queue while one is being written, and the next write takes all of them in
   * one transaction: one commit for every task that finished meanwhile. Where the store can
   * (`completeAndClaim`), the same transaction claims work for the slots those tasks free, so a
   * worker's round (finish, hand off, take the next tasks) costs one commit.
   */
  type Written = { readonly outcome: CompleteOutcome; readonly tries: number } | { readonly error: unknown };
  const pending: Array<{ readonly item: CompleteItem; readonly settled: (result: Written) => void }> = [];
  let writing = false;
  /**
   * Settles when the completion writes in progress are done (their loop ends). While one is out,
   * a tick claims nothing (the write claims), so "nothing started and nothing running" means
   * "wait for the write", not "no work": the tasks it claims, or those that are ready when it
   * ends, are still to come.
   */
  let writesDone: Promise<void> = Promise.resolve();
  /**
   * One try of a completion write, with a claim into the slots it frees while the worker takes
   * work. `leaseTokens` are the same on every try, so a try whose answer was lost left its claims
   * under tokens the next try takes back.
   */
  const write = async (items: readonly CompleteItem[], leaseTokens: readonly string[]): Promise<{ readonly outcomes: readonly CompleteOutcome[]; readonly claimed: readonly ClaimedTask[]; readonly reservedSlots: number }> => {
    const { completeAndClaim, completeMany } = store;
    if (completeAndClaim !== undefined) {
      // The batch's tasks are still counted as running: their slots are the ones this claim fills.
      // On success the slots stay reserved until the claimed tasks are launched (the caller frees
      // them), so no other claim can see them free in between.
      const limit = accepting() ? Math.max(0, concurrency - (busySlots() - items.length) - reserved) : 0;
      reserved += limit;
      try {
        return { ...(await completeAndClaim.call(store, items, { now: now(), claim: { leaseMilliseconds: lease, agents, limit, leaseTokens } })), reservedSlots: limit };
      } catch (error) {
        reserved -= limit;
        throw error;
      }
    }
    if (completeMany !== undefined) return { outcomes: await completeMany.call(store, items, { now: now() }), claimed: [], reservedSlots: 0 };
    const outcomes: CompleteOutcome[] = [];
    for (const item of items) outcomes.push(await store.complete(item.id, item.leaseToken, item.output, { now: now() }));
    return { outcomes, claimed: [], reservedSlots: 0 };
  };
  const writeCompletions = async (): Promise<void> => {
    writing = true;
    try {
      while (pending.length > 0) {
        const batch = pending.splice(0);
        let tries = 0;
        const leaseTokens = Array.from({ length: concurrency }, () => randomUUID());
        try {
          const { outcomes, claimed, reservedSlots } = await persist(() => {
            tries += 1;
            return write(
              batch.map(({ item }) => item),
              leaseTokens,
            );
          });
          // Launched before the batch's own jobs end, so `stop()` and `drain()` wait for them; they
          // start their agents a turn later, after the batch's `done` events.
          for (const task of claimed) launch(task, { afterATurn: true });
          reserved -= reservedSlots;
          for (const { item } of batch) released.add(item.leaseToken);
          batch.forEach(({ settled }, index) => settled({ outcome: outcomes[index] ?? { completed: false, promoted: [] }, tries }));
          // The tasks just claimed start a turn from now; those that finish at once (quick agents)
          // join the next write instead of waiting for a round of their own. Without this turn,
          // tasks that finished while this write was out went alone, the new ones followed in the
          // write after, and the worker's slots stayed split into two groups that alternated
          // (rounds of 4 and 12 tasks at concurrency 16, twice the commits).
          if (claimed.length > 0) await new Promise((resolve) => setImmediate(resolve));
        } catch (error) {
          for (const { settled } of batch) settled({ error });
        }
      }
    } finally {
      writing = false;
    }
  };
  const completeTask = async (task: ClaimedTask, output: TaskOutput): Promise<{ readonly outcome: CompleteOutcome; readonly tries: number }> => {
    const result = await new Promise<Written>((settled) => {
      pending.push({ item: { id: task.id, leaseToken: task.leaseToken, output }, settled });
      // One turn of the event loop lets tasks that finish together share the write.
      if (!writing) {
        writing = true;
        writesDone = new Promise<void>((resolve) => setImmediate(() => void writeCompletions().finally(resolve)));
      }
    });
    if ('error' in result) throw result.error;
    return result;
  };

  const settle = async (task: ClaimedTask, outcome: { readonly output: TaskOutput } | { readonly error: unknown }): Promise<void> => {
    if ('output' in outcome) {
      const written = await completeTask(task, outcome.output);
      const { tries } = written;
      let { completed, promoted, task: done } = written.outcome;
      if (!completed && tries > 1) {
        // A connection lost during the commit leaves its outcome unknown; the retry is then refused.
        // The attempt number tells whether the completion that landed was this one.
        const current = await persist(() => store.get(task.id));
        if (current?.state === 'done' && current.attempt === task.attempt) [completed, promoted, done] = [true, [], current];
      }
      if (!completed) return;
      done ??= await persist(() => store.get(task.id));
      if (done !== undefined) {
        dispatcher.emit('done', done);
        dispatcher.emit('progress', { task: done, sentence: `${task.title}: done.` });
      }
      for (const next of promoted) {
        dispatcher.emit('promoted', next);
        dispatcher.emit('progress', { task: next, sentence: `${next.title}: its inputs are ready; ${next.agent} is next.` });
      }
      return;
    }
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    let failedAt = now();
    const result = await persist(() => store.fail(task.id, task.leaseToken, message, { now: (failedAt = now()), retry }));
    // The store queued it again at the same time plus the backoff of this attempt.
    if (result.result === 'retry' && draining) retries.set(task.id, failedAt + retry.backoff(task.attempt));
    const current = (await persist(() => store.get(task.id))) ?? task;
    if (result.result === 'retry') dispatcher.emit('retried', { task: current, error: message });
    if (result.result === 'failed') {
      dispatcher.emit('failed', { task: current, error: message });
      dispatcher.emit('progress', { task: current, sentence: `${task.title}: did not finish.` });
    }
    for (const skipped of result.skipped) dispatcher.emit('skipped', skipped);
  };

  const run = async (task: ClaimedTask, afterATurn: boolean): Promise<void> => {
    if (afterATurn) await new Promise((resolve) => setImmediate(resolve));
    dispatcher.emit('started', task);
    dispatcher.emit('progress', { task, sentence: task.attempt > 1 ? `${task.title}: ${task.agent} is trying again.` : `${task.title}: ${task.agent} started.` });
    // Aborted when the worker stops, or when the task's lease is lost (cancelled, or recovered).
    const taskController = new AbortController();
    const abortTask = (): void => taskController.abort(controller.signal.reason);
    controller.signal.addEventListener('abort', abortTask, { once: true });
    const heartbeat = setInterval(() => {
      void store.heartbeat(task.id, task.leaseToken, { now: now(), leaseMilliseconds: lease }).then(
        (held) => {
          outage.succeeded();
          if (!held) taskController.abort(new Error(`task ${task.id} lost its lease (cancelled or recovered)`));
        },
        (error: unknown) => {
          if (StoreUnavailableError.isInstance(error)) outage.failed(error);
        },
      );
    }, Math.max(1, Math.floor(lease / 3)));
    let outcome: { readonly output: TaskOutput } | { readonly error: unknown };
    try {
      // Agent names are model-written: only the worker's own keys count (never `constructor`…).
      const agent = ownValue(options.agents, task.agent);
      if (agent === undefined) throw new Error(`no agent "${task.agent}" in this worker`);
      outcome = { output: await agent(task, taskController.signal) };
    } catch (error) {
      outcome = { error };
    }
    try {
      await settle(task, outcome);
    } catch (error) {
      // Not an outage (those are waited out): the store refuses us for good.
      failFatally(error);
    } finally {
      clearInterval(heartbeat);
      controller.signal.removeEventListener('abort', abortTask);
    }
  };

  /** Runs a claimed task in a slot of its own until it settles. */
  function launch(task: ClaimedTask, { afterATurn }: { readonly afterATurn: boolean }): void {
    const job = run(task, afterATurn).finally(() => {
      running.delete(job);
      released.delete(task.leaseToken);
    });
    running.add(job);
    launched += 1;
    retries.delete(task.id);
  }

  /**
   * When the earliest retry this drain waits for may be claimed; undefined when it waits for none.
   * Retries that were ready at the last claim and not taken are forgotten first.
   */
  const nextRetry = (): number | undefined => {
    let next: number | undefined;
    for (const [id, at] of retries) {
      if (at <= lastClaimAt) retries.delete(id);
      else next = Math.min(next ?? at, at);
    }
    return next;
  };

  const recoverEvery = options.recoverMilliseconds ?? lease / 4;
  let lastRecovery = Number.NEGATIVE_INFINITY;
  /** Recovers expired leases when due and claims up to the concurrency; rejects when the store does. */
  const tick = async (): Promise<number> => {
    const time = now();
    if (time - lastRecovery >= recoverEvery) {
      const recovered = await store.recoverExpired({ now: time, retry });
      lastRecovery = time;
      for (const skipped of recovered.skipped) dispatcher.emit('skipped', skipped);
    }
    let started = 0;
    // A completion write in flight claims into every slot free when it began (and is followed by
    // another for tasks that finish meanwhile): a claim beside it would take those slots from it,
    // and one that reads the queue before the write's promotions leaves them idle until the next
    // wake-up. The write's jobs end when it is done, which wakes the loop again.
    if (writing && store.completeAndClaim !== undefined) {
      outage.succeeded();
      return started;
    }
    while (fatal === undefined) {
      // Every free slot in one claim where the store can (one commit for several tasks); slots a
      // completion write is claiming into are not free.
      const free = concurrency - busySlots() - reserved;
      if (free < 1) break;
      const claimOptions = { now: now(), leaseMilliseconds: lease, agents };
      lastClaimAt = claimOptions.now;
      reserved += free;
      let tasks: ClaimedTask[];
      try {
        tasks = store.claimMany === undefined ? [await store.claim(claimOptions)].filter((task) => task !== undefined) : await store.claimMany({ ...claimOptions, limit: free });
      } finally {
        reserved -= free;
      }
      for (const task of tasks) launch(task, { afterATurn: false });
      started += tasks.length;
      if (tasks.length < free) break;
    }
    outage.succeeded();
    return started;
  };
  /** A tick that waits out store outages with backoff (claiming nothing meanwhile); rejects only on a fatal error. */
  let failures = 0;
  const tickThroughOutages = async (): Promise<number | undefined> => {
    try {
      const started = await tick();
      failures = 0;
      return started;
    } catch (error) {
      if (!StoreUnavailableError.isInstance(error)) throw error;
      outage.failed(error);
      failures += 1;
      await pause(storeBackoff(failures));
      return undefined;
    }
  };

  const removeSignals = (): void => {
    for (const signal of options.shutdownSignals ?? []) process.removeListener(signal, onSignal);
  };
  async function stop(): Promise<void> {
    stopped = true;
    wakeUp();
    removeSignals();
    await loop;
    await settleAll();
  }
  function onSignal(): void {
    void stop().then(() => options.onShutdown?.());
  }

  return {
    async drain(drainOptions = {}) {
      const waitForRetries = drainOptions.waitForRetries ?? true;
      const before = launched;
      draining = true;
      try {
        for (;;) {
          if (fatal !== undefined) {
            await settleAll();
            throw fatal.error;
          }
          let started: number | undefined;
          try {
            started = await tickThroughOutages();
          } catch (error) {
            failFatally(error);
            continue;
          }
          if (started === undefined) continue;
          // Tasks claimed early in a tick may already have finished (and claimed others as they
          // completed): only wait on ones still running. A tick beside a completion write claims
          // nothing: wait for the write (and what it claims) before concluding there is no work.
          if (running.size === 0) {
            if (writing) await writesDone;
            else if (started === 0) {
              // Nothing ready now. A retry of a task this drain ran may be: wait out its backoff.
              const next = waitForRetries ? nextRetry() : undefined;
              if (next === undefined) return launched - before;
              // Nothing runs meanwhile (no task, no write), so nothing can stop the drain early.
              await new Promise((resolve) => setTimeout(resolve, Math.max(1, next - now())));
            }
            continue;
          }
          await Promise.race(running);
        }
      } finally {
        draining = false;
      }
    },
    start() {
      if (!stopped || fatal !== undefined) return;
      stopped = false;
      stopping = new Promise<void>((resolve) => (wakeUp = resolve));
      for (const signal of options.shutdownSignals ?? []) process.once(signal, onSignal);
      const poll = options.pollMilliseconds ?? 250;
      const idle = (): Promise<unknown> => store.waitForWork?.(poll) ?? new Promise((resolve) => setTimeout(resolve, poll));
      loop = (async () => {
        try {
          while (!stopped) {
            // A tick claims until the slots are full or the queue has nothing more, so after one
            // that ran the worker waits (as drain() does) rather than claiming again at once: a
            // second claim while the first tasks' completion is being written took the slots that
            // write would have claimed into, and split the worker's rounds into groups out of step.
            const started = await tickThroughOutages();
            if (started === undefined) continue; // waited out an outage: look again
            // Idle: wake on a notification (Postgres), a finished task, or the poll interval. A
            // LISTEN connection that cannot be opened is an outage like any other.
            try {
              await Promise.race([...running, idle(), stopping, ...(writing ? [writesDone] : [])]);
            } catch (error) {
              if (!StoreUnavailableError.isInstance(error)) throw error;
              outage.failed(error);
              failures += 1;
              await pause(storeBackoff(failures));
            }
          }
        } catch (error) {
          failFatally(error);
        }
      })();
      void loop.then(async () => {
        if (fatal === undefined) return;
        await settleAll();
        await (options.onFatal ?? exitOnFatal)(fatal.error);
      });
    },
    stop,
  };
}
