import type { PlanPage, SessionPage } from '@parley/dispatch';
import type { ApiClient } from './api-client';
import { activatable, element, formatTime, shorten } from './dom';
import { statePills } from './state-pills';

/** Where the plans list is: its search and the pages walked so far (to go back). */
export interface PlansPosition {
  readonly search: string;
  readonly cursors: readonly string[];
}

/** Renders one page of plans into `container`; rows open a plan through `open`. */
export async function renderPlans(container: HTMLElement, api: ApiClient, position: PlansPosition, navigate: (position: PlansPosition) => void, open: (planId: string) => void): Promise<void> {
  const before = position.cursors.at(-1);
  const query = new URLSearchParams({ limit: '50' });
  if (before !== undefined) query.set('before', before);
  if (position.search !== '') query.set('search', position.search);
  const page = await api.get<PlanPage>(`/api/plans?${query.toString()}`);
  const rows = page.plans.map((plan) =>
    activatable(element('tr', { attributes: { 'data-plan': plan.planId } }, [
      element('td', { text: formatTime(plan.createdAt) }),
      element('td', { className: 'mono', text: shorten(plan.planId, 40) }),
      element('td', { className: 'mono', text: shorten(plan.sessionId ?? '—', 30) }),
      element('td', { text: shorten(plan.title, 80) }),
      element('td', {}, [statePills(plan.counts)]),
      element('td', { text: String(plan.total) }),
    ]), () => open(plan.planId)),
  );
  const table = element('table', {}, [
    element('thead', {}, [element('tr', {}, ['Created', 'Plan', 'Session', 'First step', 'States', 'Tasks'].map((heading) => element('th', { text: heading, attributes: { scope: 'col' } })))]),
    element('tbody', {}, rows),
  ]);
  const pager = element('div', { className: 'pager' }, [
    element('button', { text: 'Newest', attributes: position.cursors.length === 0 ? { disabled: '' } : {}, onClick: () => navigate({ ...position, cursors: [] }) }),
    element('button', { text: 'Newer', attributes: position.cursors.length === 0 ? { disabled: '' } : {}, onClick: () => navigate({ ...position, cursors: position.cursors.slice(0, -1) }) }),
    element('button', { text: 'Older', attributes: page.next === undefined ? { disabled: '' } : {}, onClick: () => page.next !== undefined && navigate({ ...position, cursors: [...position.cursors, page.next] }) }),
  ]);
  const heading = position.search === '' ? 'Plans, newest first' : `Plans matching “${position.search}”`;
  container.replaceChildren(element('h2', { text: heading }), page.plans.length === 0 ? element('p', { className: 'empty', text: 'No plans.' }) : table, pager);
  // A User Timing mark: the benchmark reads when the list was first on screen.
  performance.mark('parley-plans-rendered');
}

/** Renders the sessions list; a row searches for that session's plans. */
export async function renderSessions(container: HTMLElement, api: ApiClient, cursors: readonly string[], navigate: (cursors: readonly string[]) => void, search: (sessionId: string) => void): Promise<void> {
  const query = new URLSearchParams({ limit: '50' });
  const before = cursors.at(-1);
  if (before !== undefined) query.set('before', before);
  const page = await api.get<SessionPage>(`/api/sessions?${query.toString()}`);
  const rows = page.sessions.map((session) =>
    activatable(element('tr', { attributes: { 'data-session': session.sessionId } }, [
      element('td', { className: 'mono', text: shorten(session.sessionId, 60) }),
      element('td', { text: String(session.plans) }),
      element('td', { text: formatTime(session.latestAt) }),
    ]), () => search(session.sessionId)),
  );
  container.replaceChildren(
    element('h2', { text: 'Sessions, most recent first' }),
    page.sessions.length === 0
      ? element('p', { className: 'empty', text: 'No sessions.' })
      : element('table', {}, [element('thead', {}, [element('tr', {}, ['Session', 'Plans', 'Newest plan'].map((heading) => element('th', { text: heading, attributes: { scope: 'col' } })))]), element('tbody', {}, rows)]),
    element('div', { className: 'pager' }, [
      element('button', { text: 'Newest', attributes: cursors.length === 0 ? { disabled: '' } : {}, onClick: () => navigate([]) }),
      element('button', { text: 'Older', attributes: page.next === undefined ? { disabled: '' } : {}, onClick: () => page.next !== undefined && navigate([...cursors, page.next]) }),
    ]),
  );
}
