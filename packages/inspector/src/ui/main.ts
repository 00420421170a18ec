import type { Task, TaskState } from '@parley/dispatch';
import type { StoredInspectorEvent } from '../inspector-event';
import { ApiClient, type LiveStatus, TokenRefusedError } from './api-client';
import { confirmAction } from './confirm-action';
import { element, setText } from './dom';
import { EventFeed } from './event-feed';
import type { PlanGraph } from './plan-graph';
import { largestGraph, type PlanView } from './plan-view-kind';
import { renderPlans, renderSessions } from './plans-view';
import { readView, type View, viewPath } from './route';
import { statePill, statePills, states } from './state-pills';
import { renderTaskPanel } from './task-panel';
import { applyTheme, themeToggle } from './theme';

/** The token arrives in the URL's fragment (never sent to a server), then lives in this tab's session storage. */
function takeToken(): string | undefined {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromHash !== null) {
    sessionStorage.setItem('parley-inspector-token', fromHash);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  }
  return sessionStorage.getItem('parley-inspector-token') ?? undefined;
}

performance.mark('parley-script-started');
applyTheme();
const token = takeToken();
const api = token === undefined ? undefined : new ApiClient(token);
let view: View = readView(location.pathname, location.search);
// The first page of plans is asked for before anything else is built: the page shows it first.
if (view.kind === 'plans' && view.position.search === '' && view.position.cursors.length === 0) api?.prefetch('/api/plans?limit=50');
const main = element('main', { attributes: { id: 'main', tabindex: '-1' } });
const status = element('span', { className: 'status', text: 'connecting…', attributes: { role: 'status' } });
const search = element('input', { attributes: { type: 'search', placeholder: 'Search by session, plan or task id', 'aria-label': 'Search plans' } });
const tabs = new Map<View['kind'], HTMLButtonElement>();
const feed = new EventFeed();
/** The outcome of the last action on each task, kept across the panel's redraws. */
const notes = new Map<string, string>();
let planTasks = new Map<string, Task>();
let graph: PlanView | undefined;
let graphPlan: string | undefined;
let panel: HTMLElement | undefined;
let live: AbortController | undefined;
let refreshing = false;
let refused = false;
let canRetry = false;
/** Entries this page pushed onto the history: Back from a task returns to the plan when there is one. */
let depth = typeof (history.state as { depth?: unknown } | null)?.depth === 'number' ? (history.state as { depth: number }).depth : 0;
/** Which states the plan view shows (all when undefined), and where each "jump" button is in its state's list. */
let shownStates: Set<TaskState> | undefined;
const jumps = new Map<TaskState, number>();

if (api === undefined) {
  document.body.append(
    element('main', {}, [
      element('h1', { text: 'Parley Inspector' }),
      element('p', { className: 'error', text: 'This address needs the access token. Open the address `parley inspect` printed (it ends with #token=…), or add that ending to this one.' }),
    ]),
  );
} else {
  const header = element('header', {}, [
    element('a', { className: 'skip', text: 'Skip to content', attributes: { href: '#main' } }),
    element('h1', { text: 'Parley Inspector' }),
    element(
      'nav',
      { attributes: { 'aria-label': 'Views' } },
      (
        [
          ['plans', 'Plans'],
          ['sessions', 'Sessions'],
          ['events', 'Events'],
        ] as const
      ).map(([kind, label]) => {
        const button = element('button', { className: 'tab', text: label, attributes: { type: 'button', 'data-tab': kind } });
        button.addEventListener('click', () => navigate(kind === 'plans' ? { kind, position: { search: '', cursors: [] } } : kind === 'sessions' ? { kind, cursors: [] } : { kind }));
        tabs.set(kind, button);
        return button;
      }),
    ),
    search,
    themeToggle(),
    status,
  ]);
  document.body.append(header, main);
  if (view.kind === 'plans') search.value = view.position.search;

  let typing: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => navigate({ kind: 'plans', position: { search: search.value.trim(), cursors: [] } }, true), 250);
  });

  const refuse = (): void => {
    if (refused) return;
    refused = true;
    live?.abort();
    setText(status, 'access refused');
    status.setAttribute('data-live', 'refused');
    main.replaceChildren(element('p', { className: 'error', attributes: { role: 'alert', 'data-error': 'token' }, text: new TokenRefusedError().message }));
  };

  const fail = (error: unknown): void => {
    if (error instanceof TokenRefusedError) return refuse();
    main.append(element('p', { className: 'error', attributes: { role: 'alert' }, text: error instanceof Error ? error.message : String(error) }));
  };

  /** Opens the live stream for what is shown (the plan being watched, or none). */
  const follow = (planId: string | undefined): void => {
    if (refused) return;
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
      (state: LiveStatus) => {
        if (state === 'refused') return refuse();
        setText(status, state === 'live' ? 'live' : 'reconnecting…');
        status.setAttribute('data-live', String(state === 'live'));
      },
      live.signal,
    );
  };

  const renderPlanHead = (planId: string, container: HTMLElement): void => {
    const counts: Partial<Record<TaskState, number>> = {};
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

  /** The plan's tools: a filter per state present, a jump to the next failed or running task, and zoom for the graph. */
  const renderTools = (container: HTMLElement, planId: string): void => {
    const present = states.filter((state) => [...planTasks.values()].some((task) => task.state === state));
    const filters = present.map((state) => {
      const pressed = shownStates === undefined || shownStates.has(state);
      return element('button', { className: `filter${pressed ? '' : ' off'}`, attributes: { type: 'button', 'aria-pressed': String(pressed), 'data-filter': state }, onClick: () => toggleState(state, container, planId) }, [statePill(state)]);
    });
    const jump = (state: TaskState, label: string): HTMLButtonElement => {
      const count = [...planTasks.values()].filter((task) => task.state === state).length;
      return element('button', { text: `${label} (${count})`, attributes: { type: 'button', 'data-jump': state, ...(count === 0 ? { disabled: '' } : {}) }, onClick: () => jumpTo(state, planId) });
    };
    const zoom = (step: 1 | -1, label: string, name: string): HTMLButtonElement =>
      element('button', { text: label, attributes: { type: 'button', 'aria-label': name, 'data-zoom': String(step) }, onClick: () => (graph as PlanGraph | undefined)?.zoom(step) });
    container.replaceChildren(
      element('div', { className: 'filters', attributes: { role: 'group', 'aria-label': 'Show states' } }, filters),
      element('div', { className: 'jumps' }, [jump('failed', 'Next failed'), jump('running', 'Next running')]),
      ...('zoom' in (graph ?? {}) ? [element('div', { className: 'zoom', attributes: { role: 'group', 'aria-label': 'Zoom' } }, [zoom(-1, '−', 'Zoom out'), zoom(1, '+', 'Zoom in')])] : []),
    );
  };

  const toggleState = (state: TaskState, tools: HTMLElement, planId: string): void => {
    const next = new Set(shownStates ?? states);
    if (next.has(state)) next.delete(state);
    else next.add(state);
    shownStates = next.size === states.length ? undefined : next;
    graph?.filter(shownStates);
    renderTools(tools, planId);
    tools.querySelector<HTMLElement>(`[data-filter="${state}"]`)?.focus();
  };

  /** Opens the next task in `state` (after the one a previous jump opened), scrolled into view. */
  const jumpTo = (state: TaskState, planId: string): void => {
    const matching = [...planTasks.values()].filter((task) => task.state === state);
    if (matching.length === 0) return;
    const index = (jumps.get(state) ?? -1) + 1;
    jumps.set(state, index % matching.length);
    const task = matching[index % matching.length];
    if (task === undefined) return;
    if (shownStates !== undefined && !shownStates.has(state)) {
      shownStates.add(state);
      graph?.filter(shownStates);
    }
    navigate({ kind: 'plan', planId, taskId: task.id });
  };

  let planHead: HTMLElement | undefined;
  let planTools: HTMLElement | undefined;

  const onLive = (name: string, data: unknown): void => {
    if (name === 'hello') {
      // Live events flow from here on; the ones sent before are read once from the server's ring.
      const { nextEvent } = data as { nextEvent: number };
      if (nextEvent > 1) void api.get<{ events: StoredInspectorEvent[] }>(`/api/events?after=${Math.max(0, nextEvent - 201)}&limit=200`).then(({ events }) => feed.add(events), fail);
    } else if (name === 'event') feed.add([data as StoredInspectorEvent]);
    else if (name === 'store-error') {
      setText(status, 'store unavailable');
      status.setAttribute('data-live', 'false');
    } else if (name === 'changed' || name === 'tasks') {
      setText(status, 'live');
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
      if (planTools !== undefined && !planTools.contains(document.activeElement)) renderTools(planTools, planId);
      const selected = view.taskId;
      if (selected !== undefined && panel !== undefined && tasks.some((task) => task.id === selected)) void renderTaskPanel(panel, selected, panelOptions(planId)).catch(fail);
    }
  };

  const panelOptions = (planId: string) => ({
    api,
    notes,
    canRetry,
    onBack: () => {
      if (depth > 0 && (history.state as { from?: string } | null)?.from === viewPath({ kind: 'plan', planId })) history.back();
      else navigate({ kind: 'plan', planId }, true);
    },
  });

  const placeholder = (): HTMLElement => element('p', { className: 'note', text: 'Select a task to see its request, inputs, outputs and attempts.' });

  /** Shows task `taskId` of the open plan in the panel (or none), marking and revealing it. */
  const selectTask = (planId: string, taskId: string | undefined, reveal: boolean): void => {
    graph?.select(taskId, reveal);
    const plan = main.querySelector('.plan');
    plan?.classList.toggle('has-task', taskId !== undefined);
    if (panel === undefined) return;
    if (taskId === undefined) {
      panel.replaceChildren(placeholder());
      // Back from a task on a narrow screen: the graph, where the person tapped.
      if (matchMedia('(max-width: 900px)').matches) main.querySelector('.graph')?.scrollIntoView({ block: 'start' });
      return;
    }
    void renderTaskPanel(panel, taskId, panelOptions(planId))
      .then(() => {
        // The panel opens where the person is: beside the graph on a wide screen, scrolled to on a narrow one.
        if (panel === undefined) return;
        panel.scrollTop = 0;
        if (matchMedia('(max-width: 900px)').matches) panel.scrollIntoView({ block: 'start' });
      })
      .catch(fail);
  };

  const render = async (fresh: boolean): Promise<void> => {
    const current = view.kind === 'plan' ? 'plans' : view.kind;
    for (const [kind, button] of tabs) {
      if (kind === current) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
    }
    document.title = view.kind === 'plan' ? `${view.planId} · Parley Inspector` : `${current[0]?.toUpperCase() ?? ''}${current.slice(1)} · Parley Inspector`;
    try {
      if (view.kind === 'plans') {
        await renderPlans(main, api, view.position, (next) => navigate({ kind: 'plans', position: next }), (planId) => navigate({ kind: 'plan', planId }));
      } else if (view.kind === 'sessions') {
        await renderSessions(main, api, view.cursors, (cursors) => navigate({ kind: 'sessions', cursors }), (sessionId) => {
          search.value = sessionId;
          navigate({ kind: 'plans', position: { search: sessionId, cursors: [] } });
        });
      } else if (view.kind === 'events') {
        main.replaceChildren(feed.root);
      } else if (fresh) {
        const { planId, taskId } = view;
        panel = element('aside', { className: 'panel', attributes: { 'aria-label': 'Task' } }, [placeholder()]);
        const choose = (id: string): void => navigate({ kind: 'plan', planId, taskId: id });
        // The layout library loads with the first plan opened (beside the plan's own request), not with the page.
        const graphModule = import('./plan-graph');
        graphModule.catch(() => {});
        // Live tasks that arrive while the plan is read are kept here and win when they are newer.
        graph = undefined;
        graphPlan = undefined;
        planHead = undefined;
        planTools = undefined;
        shownStates = undefined;
        jumps.clear();
        planTasks = new Map();
        const { tasks: read } = await api.get<{ tasks: Task[] }>(`/api/plans/${encodeURIComponent(planId)}`);
        const tasks = read.map((task) => {
          const latest = planTasks.get(task.id);
          return latest !== undefined && latest.updatedAt > task.updatedAt ? latest : task;
        });
        planTasks = new Map(tasks.map((task) => [task.id, task]));
        if (tasks.length > largestGraph) {
          const { PlanTable } = await import('./plan-table');
          graph = new PlanTable(choose);
        } else {
          const { PlanGraph } = await graphModule;
          graph = new PlanGraph(choose);
        }
        graphPlan = planId;
        graph.update(tasks);
        planHead = element('div', { className: 'plan-head' });
        renderPlanHead(planId, planHead);
        planTools = element('div', { className: 'plan-tools' });
        renderTools(planTools, planId);
        const box = element('div', { className: 'graph', attributes: { role: 'region', 'aria-label': tasks.length > largestGraph ? 'Steps' : 'Graph', tabindex: '-1' } }, [...(tasks.length > largestGraph ? [element('p', { className: 'note', text: `${tasks.length} steps: shown as a table (a graph is drawn up to ${largestGraph}).` })] : []), graph.root]);
        enablePan(box);
        main.replaceChildren(planHead, planTools, element('div', { className: 'plan' }, [box, panel]));
        performance.mark('parley-plan-rendered');
        if (taskId !== undefined) selectTask(planId, taskId, true);
      }
    } catch (error) {
      fail(error);
    }
  };

  /** Shows `next`; a new plan is drawn afresh, another task of the open plan only opens in the panel. */
  const show = (next: View): void => {
    if (refused) return;
    const previous = view;
    view = next;
    if (next.kind === 'plan' && previous.kind === 'plan' && previous.planId === next.planId && graphPlan === next.planId && main.querySelector('.plan') !== null) {
      selectTask(next.planId, next.taskId, true);
      return;
    }
    if (next.kind === 'plan') performance.mark('parley-plan-requested');
    follow(next.kind === 'plan' ? next.planId : undefined);
    void render(true);
  };

  /** Goes to `next` with an address of its own (pushed, or in place of this one when `replace`). */
  const navigate = (next: View, replace = false): void => {
    const path = viewPath(next);
    const here = `${location.pathname}${location.search}`;
    if (path !== here) {
      if (replace) history.replaceState({ depth, from: (history.state as { from?: string } | null)?.from }, '', path);
      else {
        depth += 1;
        history.pushState({ depth, from: here }, '', path);
      }
    }
    show(next);
  };

  addEventListener('popstate', () => {
    const state = history.state as { depth?: number } | null;
    depth = typeof state?.depth === 'number' ? state.depth : 0;
    const next = readView(location.pathname, location.search);
    if (next.kind === 'plans') search.value = next.position.search;
    show(next);
  });

  void api.get<{ actions: { retryTask: boolean } }>('/api/info').then((info) => (canRetry = info.actions.retryTask), fail);
  show(view);
}

/** Drag to pan a graph larger than its box with a mouse (touch scrolls it natively). */
function enablePan(box: HTMLElement): void {
  let from: { x: number; y: number; left: number; top: number } | undefined;
  box.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button !== 0 || (event.target as Element).closest('g.node, button, tr') !== null) return;
    from = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
    box.classList.add('panning');
  });
  box.addEventListener('pointermove', (event) => {
    if (from === undefined) return;
    box.scrollLeft = from.left - (event.clientX - from.x);
    box.scrollTop = from.top - (event.clientY - from.y);
  });
  const stop = (): void => {
    from = undefined;
    box.classList.remove('panning');
  };
  box.addEventListener('pointerup', stop);
  box.addEventListener('pointerleave', stop);
}
