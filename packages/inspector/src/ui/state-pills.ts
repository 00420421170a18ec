import type { TaskState } from '@parley/dispatch';
import { element } from './dom';

/** Every state, in the order a task lives through them. */
export const states: readonly TaskState[] = ['backlog', 'queued', 'running', 'done', 'failed', 'cancelled', 'skipped'];

/** One coloured pill per state present: `3 done`. */
export const statePills = (counts: Readonly<Partial<Record<TaskState, number>>>): HTMLElement =>
  element(
    'span',
    { className: 'legend' },
    states.flatMap((state) => {
      const count = counts[state];
      return count === undefined || count === 0 ? [] : [element('span', { className: `pill state-${state}`, text: `${count} ${state}`, attributes: { 'data-state': state } })];
    }),
  );
