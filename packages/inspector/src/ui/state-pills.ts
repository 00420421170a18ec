import type { TaskState } from '@parley/dispatch';
import { element } from './dom';
import { stateIcon } from './state-icon';

/** Every state, in the order a task lives through them. */
export const states: readonly TaskState[] = ['backlog', 'queued', 'running', 'done', 'failed', 'cancelled', 'skipped'];

/** A state as a pill: its icon, and `text` (the state's name by default), on the state's colour. */
export const statePill = (state: TaskState, text: string = state, attributes: Readonly<Record<string, string>> = {}): HTMLElement => element('span', { className: `pill state-${state}`, attributes: { 'data-state': state, ...attributes } }, [stateIcon(state), text]);

/** One pill per state present: `3 done`. */
export const statePills = (counts: Readonly<Partial<Record<TaskState, number>>>): HTMLElement =>
  element(
    'span',
    { className: 'legend' },
    states.flatMap((state) => {
      const count = counts[state];
      return count === undefined || count === 0 ? [] : [statePill(state, `${count} ${state}`)];
    }),
  );
