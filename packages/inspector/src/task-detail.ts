import type { Task, TaskOutput, TaskStore } from '@parley/dispatch';

/** What the task panel shows: the task, the upstream outputs it receives, and the task it iterates on. */
export interface TaskDetail {
  readonly task: Task;
  /** The outputs of the steps it depends on, by step ref, exactly as recorded (absent while a step is not done). */
  readonly inputs: Readonly<Record<string, TaskOutput>>;
  /** The task whose deliverable this one modifies, when it is an iteration and that task is still stored. */
  readonly iterationOf: Pick<Task, 'id' | 'planId' | 'ref' | 'title' | 'state'> | undefined;
}

/** Task `id`, or undefined when there is none; an id the store cannot even hold (Postgres ids are UUIDs) names no task. */
export async function findTask(store: TaskStore, id: string): Promise<Task | undefined> {
  try {
    return await store.get(id);
  } catch (error) {
    // 22P02: invalid text representation (not a UUID).
    if ((error as { code?: unknown } | undefined)?.code === '22P02') return undefined;
    throw error;
  }
}

/** The {@link TaskDetail} of task `id`, or undefined when the store has no such task. */
export async function readTaskDetail(store: TaskStore, id: string): Promise<TaskDetail | undefined> {
  const task = await findTask(store, id);
  if (task === undefined) return undefined;
  const entries: Array<[string, TaskOutput]> = [];
  if (task.dependsOn.length > 0) {
    const wanted = new Set(task.dependsOn);
    for (const upstream of await store.listPlan(task.planId)) if (wanted.has(upstream.ref) && upstream.output !== undefined) entries.push([upstream.ref, upstream.output]);
  }
  // Refs are model-written: `fromEntries` defines each as an own key (`inputs[ref] = …` would make
  // a step named `__proto__` the object's prototype, and its output would vanish from the answer).
  const inputs: Record<string, TaskOutput> = Object.fromEntries(entries);
  const original = task.iterationOf === undefined ? undefined : await findTask(store, task.iterationOf);
  return { task, inputs, iterationOf: original === undefined ? undefined : { id: original.id, planId: original.planId, ref: original.ref, title: original.title, state: original.state } };
}
