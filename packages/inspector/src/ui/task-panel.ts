import type { Task } from '@parley/dispatch';
import type { ApiClient } from './api-client';
import { confirmAction } from './confirm-action';
import { element, formatTime, setText } from './dom';
import { statePill } from './state-pills';

/** What GET /api/tasks/:id returns (see the server's TaskDetail). */
interface TaskDetail {
  readonly task: Task;
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly iterationOf: { readonly id: string; readonly planId: string; readonly ref: string; readonly title: string; readonly state: string } | undefined;
}

/** What the panel needs besides the task: the API, where to go back to, and the notes actions left (kept across redraws). */
export interface TaskPanelOptions {
  readonly api: ApiClient;
  /** The outcome of the last action on each task ("Cancelled.", an error), shown until the task is drawn for another action. */
  readonly notes: Map<string, string>;
  /** Closes the panel (the "Back to the plan" button). */
  readonly onBack: () => void;
  /** Whether the server offers retry (the store can queue a failed task again). */
  readonly canRetry: boolean;
}

const finished: ReadonlySet<string> = new Set(['done', 'failed', 'cancelled', 'skipped']);

const json = (value: unknown): HTMLElement => element('pre', { text: JSON.stringify(value, undefined, 2) });
const row = (label: string, value: Node | string): HTMLElement[] => [element('dt', { text: label }), element('dd', {}, [value])];

/**
 * Renders task `taskId` into `container`, with cancel and retry behind a confirmation. A live
 * update draws the panel again; the outcome of an action stays (it lives in `notes`, not in the
 * drawing), so "Cancelled." is not wiped by the change it caused.
 */
export async function renderTaskPanel(container: HTMLElement, taskId: string, options: TaskPanelOptions): Promise<void> {
  const { api, notes } = options;
  const { task, inputs, iterationOf } = await api.get<TaskDetail>(`/api/tasks/${encodeURIComponent(taskId)}`);
  const message = element('p', { className: 'note', text: notes.get(task.id) ?? '', attributes: { role: 'status', 'data-field': 'note' } });
  const act = async (question: string, label: string, path: string, done: string): Promise<void> => {
    if (!(await confirmAction(question, label))) return;
    try {
      await api.post(`/api/tasks/${encodeURIComponent(task.id)}/${path}`);
      notes.set(task.id, done);
    } catch (error) {
      notes.set(task.id, error instanceof Error ? error.message : String(error));
    }
    setText(message, notes.get(task.id) ?? '');
  };
  const cancel = element('button', {
    className: 'danger',
    text: 'Cancel task',
    attributes: { type: 'button', 'data-action': 'cancel-task', ...(finished.has(task.state) ? { disabled: '' } : {}) },
    onClick: () => void act(`Cancel “${task.title}” (${task.ref})? Its dependents are skipped.`, 'Cancel task', 'cancel', 'Cancelled.'),
  });
  const retry = element('button', {
    text: 'Retry task',
    attributes: {
      type: 'button',
      'data-action': 'retry-task',
      ...(options.canRetry && task.state === 'failed' ? {} : { disabled: '' }),
      ...(options.canRetry ? {} : { title: 'This store cannot queue a failed task again.' }),
    },
    onClick: () => void act(`Retry “${task.title}” (${task.ref})? It is queued again, and the steps skipped because it failed wait for it.`, 'Retry task', 'retry', 'Queued again.'),
  });
  const back = element('button', { className: 'back', text: '← Back to the plan', attributes: { type: 'button', 'data-action': 'close-panel' }, onClick: options.onBack });
  container.replaceChildren(
    back,
    element('h3', { text: task.title, attributes: { tabindex: '-1' } }),
    element('dl', {}, [
      ...row('Ref', element('span', { className: 'mono', text: task.ref })),
      ...row('Task id', element('span', { className: 'mono', text: task.id })),
      ...row('State', statePill(task.state, task.state, { 'data-field': 'state' })),
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
    element('div', { className: 'actions' }, [cancel, retry]),
    message,
    element('p', { className: 'note', text: 'The store keeps a task’s attempt count, last error and times, not a log of each attempt.' }),
  );
}
