import type { Task } from '@parley/dispatch';
import { element, shorten } from './dom';
import type { PlanView } from './plan-view-kind';

/** A large plan as a table of its steps, in step order, recoloured in place like the graph. */
export class PlanTable implements PlanView {
  readonly #body = element('tbody');
  readonly root: Element = element('table', { className: 'plan-table' }, [
    element('thead', {}, [element('tr', {}, ['Ref', 'Step', 'Agent', 'Depends on', 'State', 'Attempts'].map((heading) => element('th', { text: heading })))]),
    this.#body,
  ]);
  readonly #rows = new Map<string, HTMLTableRowElement>();
  /** What each row shows now: a live update redraws only the rows whose task changed. */
  readonly #shown = new Map<string, string>();
  readonly #onSelect: (taskId: string) => void;

  constructor(onSelect: (taskId: string) => void) {
    this.#onSelect = onSelect;
  }

  update(tasks: readonly Task[]): void {
    for (const task of tasks) {
      let row = this.#rows.get(task.id);
      if (row === undefined) {
        row = element('tr', { attributes: { 'data-task': task.id, 'data-ref': task.ref }, onClick: () => this.#onSelect(task.id) });
        this.#rows.set(task.id, row);
        this.#body.append(row);
      }
      const shown = JSON.stringify([task.ref, task.title, task.agent, task.dependsOn, task.state, task.attempt]);
      if (this.#shown.get(task.id) === shown) continue;
      this.#shown.set(task.id, shown);
      row.setAttribute('data-state', task.state);
      row.replaceChildren(
        element('td', { className: 'mono', text: shorten(task.ref, 30) }),
        element('td', { text: shorten(task.title, 80) }),
        element('td', { text: shorten(task.agent, 20) }),
        element('td', { className: 'mono', text: shorten(task.dependsOn.join(', '), 40) }),
        element('td', {}, [element('span', { className: `pill state-${task.state}`, text: task.state })]),
        element('td', { text: String(task.attempt) }),
      );
    }
  }

  select(taskId: string | undefined): void {
    for (const [id, row] of this.#rows) row.classList.toggle('selected', id === taskId);
  }
}
