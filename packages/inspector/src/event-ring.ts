import type { InspectorEvent, StoredInspectorEvent } from './inspector-event';

/** The newest `capacity` events, numbered in arrival order; older ones are overwritten. */
export class EventRing {
  /** How many events it holds at most. */
  readonly capacity: number;
  readonly #slots: Array<StoredInspectorEvent | undefined>;
  #next = 1;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.#slots = Array.from({ length: capacity }, () => undefined);
  }

  /** Keeps `event` (dropping the oldest when full) and returns it with its number. */
  push(event: InspectorEvent): StoredInspectorEvent {
    const stored = { ...event, sequence: this.#next };
    this.#slots[this.#next % this.capacity] = stored;
    this.#next += 1;
    return stored;
  }

  /** The kept events numbered above `after`, oldest first, at most `limit`. */
  since(after: number, limit: number): StoredInspectorEvent[] {
    const first = Math.max(after + 1, this.#next - this.capacity, 1);
    const events: StoredInspectorEvent[] = [];
    for (let sequence = first; sequence < this.#next && events.length < limit; sequence += 1) {
      const event = this.#slots[sequence % this.capacity];
      if (event !== undefined) events.push(event);
    }
    return events;
  }

  /** The number the next event will get. */
  get nextSequence(): number {
    return this.#next;
  }
}
