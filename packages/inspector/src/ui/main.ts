import type { Task } from '@parley/dispatch';
import type { StoredInspectorEvent } from '../inspector-event';
import { ApiClient } from './api-client';
import { confirmAction } from './confirm-action';
import { element } from './dom';
import { EventFeed } from './event-feed';
import { largestGraph, type PlanView } from './plan-view-kind';
import { renderPlans, renderSessions, type PlansPosition } from './plans-view';
import { statePills, states } from './state-pills';
import { renderTaskPanel } from './task-panel';

/** What the page shows. */
type View = { readonly kind: 'plans'; readonly position: PlansPosition } | { readonly kind: 'sessions'; readonly cursors: readonly string[] } | { readonly kind: 'plan'; readonly planId: string; readonly taskId?: string } | { readonly kind: 'events' };

/** The token arrives in the URL's fragment (never sent to a server), then lives in this tab's session storage. */
function takeToken(): string | undefined {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromHash !== null) {
    sessionStorage.setItem('parley-inspector-token', fromHash);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem('parley-inspector-token') ?? undefined;
}

performance.mark('parley-script-started');
const token = takeToken();
const api = token === undefined ? undefined : new ApiClient(token);
// The first page of plans is asked for before anything else is built: the page shows it first.
api?.prefetch('/api/plans?limit=50');
const main = element('main');
const status = element('span', { className: 'status', text: 'connecting…' });
const search = element('input', { attributes: { type: 'search', placeholder: 'Search by session, plan or task id', 'aria-label': 'Search' } });
const tabs = new Map<View['kind'], HTMLButtonElement>();
const feed = new EventFeed();
let view: View = { kind: 'plans', position: { search: '', cursors: [] } };
let planTasks = new Map<string, Task>();
let graph: PlanView | undefined;
let panel: HTMLElement | undefined;
let live: AbortController | undefined;
let refreshing = false;

if (api === undefined) {
  document.body.append(element('main', {}, [element('h1', { text: 'Parley Inspector' }), element('p', { className: 'error', text: 'Open the address parley inspect printed: it carries the access token.' })]));
} else {
  const header = element('header', {}, [
    element('h1', { text: 'Parley Inspector' }),
    element(
      'nav',
      {},
      (
        [
          ['plans', 'Plans'],
          ['sessions', 'Sessions'],
          ['events', 'Events'],
        ] as const
      ).map(([kind, label]) => {
        const button = element('button', { className: 'tab', text: label, attributes: { type: 'button', 'data-tab': kind } });
        button.addEventListener('click', () => show(kind === 'plans' ? { kind, position: { search: '', cursors: [] } } : kind === 'sessions' ? { kind, cursors: [] } : { kind }));
        tabs.set(kind, button);
        return button;
      }),
    ),
    search,
    status,
  ]);
  document.body.append(header, main);

  let typing: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => show({ kind: 'plans', position: { search: search.value.trim(), cursors: [] } }), 250);
  });

  const fail = (error: unknown): void => {
    main.append(element('p', { className: 'error', text: error instanceof Error ? error.message : String(error) }));
  };

  /** Opens the live stream for what is shown (the plan being watched, or none). */
  const follow = (planId: string | undefined): void => {
    live?.abort();
    live = new AbortController();
    const path = planId === undefined ? '/api/stream' : `/api/stream?plan=${encodeURIComponent(planId)}`;
    void api.follow(
      path,
      (name, data) => {
        // A message the page cannot show is reported where it would have been shown; it never
        // drops the live stream (which would reconnect and meet the same message again).
        try {
          onLive(name, data);
        } catch (error) {
          fail(error);
        }
      },
      (connected) => {
        status.textContent = connected ? 'live' : 'reconnecting…';
        status.setAttribute('data-live', String(connected));
      },
      live.signal,
    );
  };

  const renderPlanHead = (planId: string, container: HTMLElement): void => {
    const counts: Partial<Record<(typeof states)[number], number>> = {};
    for (const task of planTasks.values()) counts[task.state] = (counts[task.state] ?? 0) + 1;
    const first = [...planTasks.values()][0];
    const open = [...planTasks.values()].some((task) => !['done', 'failed', 'cancelled', 'skipped'].includes(task.state));
    container.replaceChildren(
      element('h2', { className: 'mono', text: planId }),
      element('span', { className: 'mono note', text: `session ${first?.sessionId ?? '—'}` }),
      statePills(counts),
      element('button', {
        className: 'danger',
        text: 'Cancel plan',
        attributes: { type: 'button', 'data-action': 'cancel-plan', ...(open ? {} : { disabled: '' }) },
        onClick: async () => {
          if (!(await confirmAction(`Cancel every unfinished task of plan ${planId}?`, 'Cancel plan'))) return;
          await api.post(`/api/plans/${encodeURIComponent(planId)}/cancel`).catch(fail);
        },
      }),
    );
  };

  let planHead: HTMLElement | undefined;

  const onLive = (name: string, data: unknown): void => {
    if (name === 'hello') {
      // Live events flow from here on; the ones sent before are read once from the server's ring.
      const { nextEvent } = data as { nextEvent: number };
      if (nextEvent > 1) void api.get<{ events: StoredInspectorEvent[] }>(`/api/events?after=${Math.max(0, nextEvent - 201)}&limit=200`).then(({ events }) => feed.add(events), fail);
    } else if (name === 'event') feed.add([data as StoredInspectorEvent]);
    else if (name === 'store-error') {
      status.textContent = 'store unavailable';
      status.setAttribute('data-live', 'false');
    } else if (name === 'changed' || name === 'tasks') {
      status.textContent = 'live';
      status.setAttribute('data-live', 'true');
    }
    if (name === 'event' || name === 'hello' || name === 'store-error') return;
    if (name === 'changed' && (view.kind === 'plans' || view.kind === 'sessions') && !refreshing) {
      refreshing = true;
      void render(false).finally(() => (refreshing = false));
    } else if (name === 'tasks' && view.kind === 'plan') {
      const { planId, tasks } = data as { planId: string; tasks: Task[] };
      if (planId !== view.planId) return;
      for (const task of tasks) planTasks.set(task.id, task);
      const ordered = [...planTasks.values()];
      graph?.update(ordered);
      if (planHead !== undefined) renderPlanHead(planId, planHead);
      const selected = view.taskId;
      if (selected !== undefined && panel !== undefined && tasks.some((task) => task.id === selected)) void renderTaskPanel(panel, api, selected, () => {}).catch(fail);
    }
  };

  const render = async (fresh: boolean): Promise<void> => {
    const current = view.kind === 'plan' ? 'plans' : view.kind;
    for (const [kind, button] of tabs) {
      if (kind === current) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
    }
    try {
      if (view.kind === 'plans') {
        const position = view.position;
        await renderPlans(main, api, position, (next) => show({ kind: 'plans', position: next }), (planId) => show({ kind: 'plan', planId }));
      } else if (view.kind === 'sessions') {
        await renderSessions(main, api, view.cursors, (cursors) => show({ kind: 'sessions', cursors }), (sessionId) => {
          search.value = sessionId;
          show({ kind: 'plans', position: { search: sessionId, cursors: [] } });
        });
      } else if (view.kind === 'events') {
        main.replaceChildren(feed.root);
      } else if (fresh) {
        const { planId } = view;
        panel = element('aside', { className: 'panel' }, [element('p', { className: 'note', text: 'Select a task to see its request, inputs, outputs and attempts.' })]);
        const selectTask = (taskId: string): void => {
          view = { kind: 'plan', planId, taskId };
          graph?.select(taskId);
          if (panel !== undefined) void renderTaskPanel(panel, api, taskId, () => {}).catch(fail);
        };
        // The layout library loads with the first plan opened (beside the plan's own request), not with the page.
        const graphModule = import('./plan-graph');
        graphModule.catch(() => {});
        // Live tasks that arrive while the plan is read are kept here and win when they are newer.
        graph = undefined;
        planHead = undefined;
        planTasks = new Map();
        const { tasks: read } = await api.get<{ tasks: Task[] }>(`/api/plans/${encodeURIComponent(planId)}`);
        const tasks = read.map((task) => {
          const live = planTasks.get(task.id);
          return live !== undefined && live.updatedAt > task.updatedAt ? live : task;
        });
        planTasks = new Map(tasks.map((task) => [task.id, task]));
        if (tasks.length > largestGraph) {
          const { PlanTable } = await import('./plan-table');
          graph = new PlanTable(selectTask);
        } else {
          const { PlanGraph } = await graphModule;
          graph = new PlanGraph(selectTask);
        }
        graph.update(tasks);
        planHead = element('div', { className: 'plan-head' });
        renderPlanHead(planId, planHead);
        main.replaceChildren(planHead, element('div', { className: 'plan' }, [element('div', { className: 'graph' }, [...(tasks.length > largestGraph ? [element('p', { className: 'note', text: `${tasks.length} steps: shown as a table (a graph is drawn up to ${largestGraph}).` })] : []), graph.root]), panel]));
        performance.mark('parley-plan-rendered');
      }
    } catch (error) {
      fail(error);
    }
  };

  const show = (next: View): void => {
    if (next.kind === 'plan') performance.mark('parley-plan-requested');
    view = next;
    follow(next.kind === 'plan' ? next.planId : undefined);
    void render(true);
  };

  show(view);
}
