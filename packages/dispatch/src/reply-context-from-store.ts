import type { ReplyContext } from './reply-context';
import type { TaskStore } from './task-store';

/**
 * Builds a {@link ReplyContext} from the task store, the only truth about what was dispatched:
 * the session's other tasks are `known`, its done tasks `completed`, their recorded output paths
 * `delivered`. `dispatched` are the ids this turn's dispatch calls returned.
 *
 * @example
 * ```ts
 * import { createDispatcher, createSqliteTaskStore } from '@parley/dispatch';
 * import { checkReply, replyContextFromStore } from '@parley/dispatch/guards';
 *
 * const dispatcher = createDispatcher({ store: createSqliteTaskStore() }); // in memory
 * const sessionId = 'session-7';
 * const plan = { id: 'session-7/plan-1', steps: [{ ref: 'load', title: 'Load the CSV', agent: 'coding_agent', request: 'Write the wine dataset to /data/wine.csv' }] };
 * const result = await dispatcher.dispatchPlan(plan, { sessionId });
 * const context = await replyContextFromStore(dispatcher.store, { sessionId, dispatched: result.tasks.map((task) => task.id) });
 * console.log(checkReply(`Started #${result.tasks[0]?.id.slice(0, 8)}: loading the CSV.`, context).ok); // true
 * ```
 */
export async function replyContextFromStore(
  store: TaskStore,
  options: { readonly sessionId: string; readonly dispatched: readonly string[]; readonly iteration?: boolean; readonly fileExists?: (path: string) => boolean },
): Promise<ReplyContext> {
  const history = await store.history(options.sessionId);
  const done = history.filter((task) => task.state === 'done');
  return {
    dispatched: options.dispatched,
    known: history.map((task) => task.id),
    completed: done.map((task) => task.id),
    delivered: [...new Set(done.flatMap((task) => task.output?.paths ?? []))],
    ...(options.iteration === undefined ? {} : { iteration: options.iteration }),
    ...(options.fileExists === undefined ? {} : { fileExists: options.fileExists }),
  };
}
