import type { Task, TaskState } from '@parley/dispatch';

/** What draws a plan's tasks and keeps them current: the graph, or the table for a large plan. */
export interface PlanView {
  /** The element to show. */
  readonly root: Element;
  /** Draws `tasks` (every task of the plan, as it is now). */
  update(tasks: readonly Task[]): void;
  /** Marks the task shown in the panel and, when `reveal`, scrolls it into view. */
  select(taskId: string | undefined, reveal?: boolean): void;
  /** Shows only the tasks in `shown` (every state when undefined). */
  filter(shown: ReadonlySet<TaskState> | undefined): void;
}

/** Plans with more steps than this are shown as a table: a layered layout of thousands of nodes takes seconds and shows nothing readable. */
export const largestGraph = 300;
