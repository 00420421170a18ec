import type { Dispatcher } from './dispatcher';
import type { ClaimedTask, TaskOutput } from './task';
import type { RetryPolicy } from './task-store';

/** A specialist agent: does one task, returns its output (paths and values, exactly as produced). */
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
}

/** A running worker. */
export interface Worker {
  /** Claims and runs tasks until none is ready; resolves with how many ran. For tests and scripts. */
  drain(): Promise<number>;
  /** Runs until `stop`. */
  start(): void;
  /** Stops claiming, waits for running tasks to finish (graceful shutdown). */
  stop(): Promise<void>;
}

/**
 * A worker: claims ready tasks of its agents with a lease, heartbeats while they run, completes
 * them (which queues their dependents with these outputs as inputs), and retries failures with
 * backoff up to `maxAttempts`, after which the task fails and its dependents are skipped. Expired
 * leases of dead workers are recovered by every worker's loop, so nothing stays running.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { dispatcher } = options;
  const { store } = dispatcher;
  const now = options.now ?? Date.now;
  const lease = options.leaseMilliseconds ?? 30_000;
  const retry: RetryPolicy = { maxAttempts: options.maxAttempts ?? 3, backoff: options.backoff ?? ((attempt) => Math.min(60_000, 1000 * 2 ** (attempt - 1))) };
  const agents = Object.keys(options.agents);
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  let stopped = true;
  let loop: Promise<void> | undefined;

  const run = async (task: ClaimedTask): Promise<void> => {
    dispatcher.emit('started', task);
    dispatcher.emit('progress', { task, sentence: task.attempt > 1 ? `${task.title}: ${task.agent} is trying again.` : `${task.title}: ${task.agent} started.` });
    // Aborted when the worker stops, or when the task's lease is lost (cancelled, or recovered).
    const taskController = new AbortController();
    const abortTask = (): void => taskController.abort(controller.signal.reason);
    controller.signal.addEventListener('abort', abortTask, { once: true });
    const heartbeat = setInterval(() => {
      void store.heartbeat(task.id, task.leaseToken, { now: now(), leaseMilliseconds: lease }).then(
        (held) => held || taskController.abort(new Error(`task ${task.id} lost its lease (cancelled or recovered)`)),
        () => {},
      );
    }, Math.max(1, Math.floor(lease / 3)));
    try {
      const agent = options.agents[task.agent];
      if (agent === undefined) throw new Error(`no agent "${task.agent}" in this worker`);
      const output = await agent(task, taskController.signal);
      const { completed, promoted } = await store.complete(task.id, task.leaseToken, output, { now: now() });
      if (!completed) return;
      const done = await store.get(task.id);
      if (done !== undefined) {
        dispatcher.emit('done', done);
        dispatcher.emit('progress', { task: done, sentence: `${task.title}: done.` });
      }
      for (const next of promoted) {
        dispatcher.emit('promoted', next);
        dispatcher.emit('progress', { task: next, sentence: `${next.title}: its inputs are ready; ${next.agent} is next.` });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await store.fail(task.id, task.leaseToken, message, { now: now(), retry });
      const current = (await store.get(task.id)) ?? task;
      if (outcome.result === 'retry') dispatcher.emit('retried', { task: current, error: message });
      if (outcome.result === 'failed') {
        dispatcher.emit('failed', { task: current, error: message });
        dispatcher.emit('progress', { task: current, sentence: `${task.title}: did not finish.` });
      }
      for (const skipped of outcome.skipped) dispatcher.emit('skipped', skipped);
    } finally {
      clearInterval(heartbeat);
      controller.signal.removeEventListener('abort', abortTask);
    }
  };

  const recoverEvery = options.recoverMilliseconds ?? lease / 4;
  let lastRecovery = Number.NEGATIVE_INFINITY;
  const tick = async (): Promise<number> => {
    const time = now();
    if (time - lastRecovery >= recoverEvery) {
      lastRecovery = time;
      const recovered = await store.recoverExpired({ now: time, retry });
      for (const skipped of recovered.skipped) dispatcher.emit('skipped', skipped);
    }
    let started = 0;
    while (running.size < (options.concurrency ?? 1)) {
      const task = await store.claim({ now: now(), leaseMilliseconds: lease, agents });
      if (task === undefined) break;
      started += 1;
      const job = run(task).finally(() => running.delete(job));
      running.add(job);
    }
    return started;
  };

  const removeSignals = (): void => {
    for (const signal of options.shutdownSignals ?? []) process.removeListener(signal, onSignal);
  };
  async function stop(): Promise<void> {
    stopped = true;
    removeSignals();
    await loop;
    await Promise.all(running);
  }
  function onSignal(): void {
    void stop().then(() => options.onShutdown?.());
  }

  return {
    async drain() {
      let total = 0;
      for (;;) {
        const started = await tick();
        total += started;
        if (running.size === 0 && started === 0) return total;
        await Promise.race(running);
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      for (const signal of options.shutdownSignals ?? []) process.once(signal, onSignal);
      const poll = options.pollMilliseconds ?? 250;
      const idle = (): Promise<unknown> => store.waitForWork?.(poll) ?? new Promise((resolve) => setTimeout(resolve, poll));
      loop = (async () => {
        while (!stopped) {
          const started = await tick();
          // Idle: wake on a notification (Postgres), a finished task, or the poll interval.
          if (started === 0) await Promise.race([...running, idle()]);
        }
      })();
    },
    stop,
  };
}
