import type { PlansPosition } from './plans-view';

/** What the page shows; each view has its own address (see {@link viewPath} and {@link readView}). */
export type View =
  | { readonly kind: 'plans'; readonly position: PlansPosition }
  | { readonly kind: 'sessions'; readonly cursors: readonly string[] }
  | { readonly kind: 'plan'; readonly planId: string; readonly taskId?: string }
  | { readonly kind: 'events' };

const cursorsQuery = (query: URLSearchParams, cursors: readonly string[]): void => {
  for (const cursor of cursors) query.append('before', cursor);
};
/**
 * An id as one path segment: `encodeURIComponent`, with `~` escaped too, and an id of dots only
 * (`.`, `..`: a URL parser would walk up the path) behind a `~`, which {@link readSegment} drops.
 */
const segment = (id: string): string => {
  const encoded = encodeURIComponent(id).replaceAll('~', '%7E');
  return /^\.+$/.test(encoded) ? `~${encoded}` : encoded;
};

/** The id in a path segment {@link segment} wrote; undefined for one no id makes. */
const readSegment = (written: string): string | undefined => {
  try {
    return decodeURIComponent(written.startsWith('~') ? written.slice(1) : written);
  } catch {
    return undefined;
  }
};

const withQuery = (path: string, query: URLSearchParams): string => (query.size === 0 ? path : `${path}?${query.toString()}`);

/**
 * The address of `view` (a path and query; the token stays in the fragment): `/` and
 * `/?search=…&before=…` for plans, `/sessions`, `/plans/<plan>`, `/plans/<plan>/tasks/<task>`,
 * `/events`. Any id (a slash, `..`, a control character) is one path segment.
 */
export function viewPath(view: View): string {
  switch (view.kind) {
    case 'plans': {
      const query = new URLSearchParams();
      if (view.position.search !== '') query.set('search', view.position.search);
      cursorsQuery(query, view.position.cursors);
      return withQuery('/', query);
    }
    case 'sessions': {
      const query = new URLSearchParams();
      cursorsQuery(query, view.cursors);
      return withQuery('/sessions', query);
    }
    case 'plan':
      return `/plans/${segment(view.planId)}${view.taskId === undefined ? '' : `/tasks/${segment(view.taskId)}`}`;
    case 'events':
      return '/events';
  }
}

/** The view at `pathname` and `search` (an address {@link viewPath} wrote); any other address is the plans list. */
export function readView(pathname: string, search: string): View {
  const query = new URLSearchParams(search);
  const parts = pathname.split('/').slice(1);
  if (pathname === '/sessions') return { kind: 'sessions', cursors: query.getAll('before') };
  if (pathname === '/events') return { kind: 'events' };
  if (parts[0] === 'plans' && (parts.length === 2 || (parts.length === 4 && parts[2] === 'tasks'))) {
    const planId = readSegment(parts[1] ?? '');
    const taskId = parts.length === 4 ? readSegment(parts[3] ?? '') : undefined;
    if (planId !== undefined && planId !== '' && (parts.length === 2 || (taskId !== undefined && taskId !== ''))) return taskId === undefined ? { kind: 'plan', planId } : { kind: 'plan', planId, taskId };
  }
  return { kind: 'plans', position: { search: query.get('search') ?? '', cursors: query.getAll('before') } };
}

/** Whether the server answers `pathname` with the page (a view's address), not a file. */
export const isViewPath = (pathname: string): boolean => pathname === '/sessions' || pathname === '/events' || /^\/plans\/[^/]+(?:\/tasks\/[^/]+)?$/.test(pathname);
