import type { StoredInspectorEvent } from '../inspector-event';
import { element, formatTime } from './dom';

/** The newest events the page keeps. */
const keep = 1000;

/** The middleware events feed, newest first, filterable by stream and by event name. */
export class EventFeed {
  readonly root: HTMLElement = element('section');
  readonly #events: StoredInspectorEvent[] = [];
  readonly #stream = element('select', { attributes: { 'aria-label': 'Stream' } });
  readonly #name = element('select', { attributes: { 'aria-label': 'Event type' } });
  readonly #list = element('tbody');
  /** The sequences held, to drop repeats without a scan per event. */
  readonly #held = new Set<number>();
  #renderScheduled = false;

  constructor() {
    this.#stream.addEventListener('change', () => this.#render());
    this.#name.addEventListener('change', () => this.#render());
    this.root.append(
      element('h2', { text: 'Middleware events' }),
      element('div', { className: 'feed-filters' }, [element('label', { text: 'Stream ' }, [this.#stream]), element('label', { text: 'Type ' }, [this.#name])]),
      element('table', {}, [element('thead', {}, [element('tr', {}, ['#', 'Time', 'Stream', 'Type', 'Detail'].map((heading) => element('th', { text: heading })))]), this.#list]),
    );
    this.#render();
  }

  /**
   * Adds events, in any order (history fetched after live ones arrived); already held ones are
   * ignored. The table is drawn again once per frame, not once per event: a reporter's batch
   * arrives as a thousand live events, which drawn one by one froze the page for seconds.
   */
  add(events: readonly StoredInspectorEvent[]): void {
    const fresh = events.filter((event) => !this.#held.has(event.sequence));
    if (fresh.length === 0) return;
    for (const event of fresh) this.#held.add(event.sequence);
    let previous = this.#events.at(-1)?.sequence ?? Number.NEGATIVE_INFINITY;
    let inOrder = true;
    for (const event of fresh) {
      inOrder &&= event.sequence > previous;
      previous = event.sequence;
    }
    this.#events.push(...fresh);
    // Live events arrive in order: sort only when history lands behind them.
    if (!inOrder) this.#events.sort((left, right) => left.sequence - right.sequence);
    if (this.#events.length > keep) for (const dropped of this.#events.splice(0, this.#events.length - keep)) this.#held.delete(dropped.sequence);
    if (this.#renderScheduled) return;
    this.#renderScheduled = true;
    requestAnimationFrame(() => {
      this.#renderScheduled = false;
      this.#render();
    });
  }

  #options(select: HTMLSelectElement, values: Iterable<string>, label: string): void {
    const chosen = select.value;
    const sorted = [...new Set(values)].sort();
    select.replaceChildren(element('option', { text: label, attributes: { value: '' } }), ...sorted.map((value) => element('option', { text: value, attributes: { value } })));
    select.value = sorted.includes(chosen) ? chosen : '';
  }

  #render(): void {
    this.#options(this.#stream, this.#events.map((event) => event.stream), 'every stream');
    this.#options(this.#name, this.#events.map((event) => event.name), 'every type');
    const stream = this.#stream.value;
    const name = this.#name.value;
    const shown = this.#events.filter((event) => (stream === '' || event.stream === stream) && (name === '' || event.name === name)).slice(-200).reverse();
    this.#list.replaceChildren(
      ...shown.map((event) =>
        element('tr', { attributes: { 'data-event': event.name } }, [
          element('td', { text: String(event.sequence) }),
          element('td', { text: formatTime(event.time) }),
          element('td', { className: 'mono', text: event.stream }),
          element('td', { text: event.name }),
          element('td', { className: 'mono', text: Object.entries(event.detail).map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`).join(' ') }),
        ]),
      ),
    );
    if (shown.length === 0) this.#list.append(element('tr', {}, [element('td', { className: 'empty', text: 'No events yet: send some with inspect(middleware, { url }).', attributes: { colspan: '5' } })]));
  }
}
