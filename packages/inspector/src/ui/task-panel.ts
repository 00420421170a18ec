import type { Task } from '@parley/dispatch';
import type { ApiClient } from './api-client';
import { confirmAction } from './confirm-action';
import { element, formatTime, setText } from './dom';

/** What GET /api/tasks/:id returns (see the server's TaskDetail). */
interface TaskDetail {
  readonly task: Task;
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly iterationOf: { readonly id: string; readonly planId: string; readonly ref: string; readonly title: string; readonly state: string } | undefined;
}

const finished: ReadonlySet<string> = new Set(['done', 'failed', 'cancelled', 'skipped']);

const json = (value: unknown): HTMLElement => element('pre', { text: JSON.stringify(value, undefined, 2) });
const row = (label: string, value: Node | string): HTMLElement[] => [element('dt', { text: label }), element('dd', {}, [value])];

/** Renders task `taskId` into `container`, with its cancel action behind a confirmation. */
export async function renderTaskPanel(container: HTMLElement, api: ApiClient, taskId: string, onChanged: () => void): Promise<void> {
  const { task, inputs, iterationOf } = await api.get<TaskDetail>(`/api/tasks/${encodeURIComponent(taskId)}`);
  const message = element('span', { className: 'note' });
  const cancel = element('button', {
    className: 'danger',
    text: 'Cancel task',
    attributes: { type: 'button', 'data-action': 'cancel-task', ...(finished.has(task.state) ? { disabled: '' } : {}) },
    onClick: async () => {
      if (!(await confirmAction(`Cancel “${task.title}” (${task.ref})? Its dependents are skipped.`, 'Cancel task'))) return;
      try {
        await api.post(`/api/tasks/${encodeURIComponent(task.id)}/cancel`);
        message.textContent = 'Cancelled.';
        onChanged();
      } catch (error) {
        setText(message, error instanceof Error ? error.message : String(error));
      }
    },
  });
  const retry = element('button', { text: 'Retry', attributes: { type: 'button', disabled: '', title: 'The task stores cannot queue a failed task again: dispatch the plan again.' } });
  container.replaceChildren(
    element('h3', { text: task.title }),
    element('dl', {}, [
      ...row('Ref', element('span', { className: 'mono', text: task.ref })),
      ...row('Task id', element('span', { className: 'mono', text: task.id })),
      ...row('State', element('span', { className: `pill state-${task.state}`, text: task.state, attributes: { 'data-field': 'state' } })),
      ...row('Agent', task.agent),
      ...row('Depends on', task.dependsOn.length === 0 ? '—' : task.dependsOn.join(', ')),
      ...row('Attempts', String(task.attempt)),
      ...row('Last error', task.error === undefined ? '—' : element('pre', { text: task.error })),
      ...row('Created', formatTime(task.createdAt)),
      ...row('Updated', formatTime(task.updatedAt)),
      ...row('Iteration of', iterationOf === undefined ? (task.iterationOf ?? '—') : `${iterationOf.title} (${iterationOf.ref}, ${iterationOf.state}, plan ${iterationOf.planId})`),
      ...row('Request', element('pre', { text: task.request })),
      ...row('Expected', task.expectedOutputs.length === 0 ? '—' : json(task.expectedOutputs)),
      ...row('Inputs', Object.keys(inputs).length === 0 ? '—' : json(inputs)),
      ...row('Output', task.output === undefined ? '—' : json(task.output)),
    ]),
    element('div', { className: 'actions' }, [cancel, retry, message]),
    element('p', { className: 'note', text: 'The store keeps a task’s attempt count, last error and times, not a log of each attempt.' }),
  );
}
