import type { Task, TaskState } from '@parley/dispatch';
import { element, shorten } from './dom';
import type { PlanView } from './plan-view-kind';
import { statePill } from './state-pills';

/** A large plan as a table of its steps, in step order, recoloured in place like the graph; rows are reached with Tab and opened with Enter or Space. */
export class PlanTable implements PlanView {
  readonly #body = element('tbody');
  readonly root: Element = element('table', { className: 'plan-table' }, [
    element('caption', { className: 'visually-hidden', text: 'Steps of the plan' }),
    element('thead', {}, [element('tr', {}, ['Ref', 'Step', 'Agent', 'Depends on', 'State', 'Attempts'].map((heading) => element('th', { text: heading, attributes: { scope: 'col' } })))]),
    this.#body,
  ]);
  readonly #rows = new Map<string, HTMLTableRowElement>();
  /** What each row shows now: a live update redraws only the rows whose task changed. */
  readonly #shown = new Map<string, string>();
  readonly #onSelect: (taskId: string) => void;
  #filter: ReadonlySet<TaskState> | undefined;

  constructor(onSelect: (taskId: string) => void) {
    this.#onSelect = onSelect;
  }

  update(tasks: readonly Task[]): void {
    for (const task of tasks) {
      let row = this.#rows.get(task.id);
      if (row === undefined) {
        row = element('tr', { attributes: { 'data-task': task.id, 'data-ref': task.ref, tabindex: '0' }, onClick: () => this.#onSelect(task.id) });
        row.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          this.#onSelect(task.id);
        });
        this.#rows.set(task.id, row);
        this.#body.append(row);
      }
      const shown = JSON.stringify([task.ref, task.title, task.agent, task.dependsOn, task.state, task.attempt]);
      if (this.#shown.get(task.id) === shown) continue;
      this.#shown.set(task.id, shown);
      row.setAttribute('data-state', task.state);
      row.hidden = this.#filter !== undefined && !this.#filter.has(task.state);
      row.replaceChildren(
        element('td', { className: 'mono', text: shorten(task.ref, 30) }),
        element('td', { text: task.title }),
        element('td', { text: shorten(task.agent, 20) }),
        element('td', { className: 'mono', text: shorten(task.dependsOn.join(', '), 40) }),
        element('td', {}, [statePill(task.state)]),
        element('td', { text: String(task.attempt) }),
      );
    }
  }

  select(taskId: string | undefined, reveal = false): void {
    for (const [id, row] of this.#rows) {
      row.classList.toggle('selected', id === taskId);
      if (id === taskId) row.setAttribute('aria-current', 'true');
      else row.removeAttribute('aria-current');
    }
    if (reveal && taskId !== undefined) this.#rows.get(taskId)?.scrollIntoView({ block: 'center' });
  }

  filter(shown: ReadonlySet<TaskState> | undefined): void {
    this.#filter = shown;
    for (const row of this.#rows.values()) row.hidden = shown !== undefined && !shown.has(row.getAttribute('data-state') as TaskState);
  }
}
