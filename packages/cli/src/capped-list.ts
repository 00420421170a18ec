/** A list that keeps its first `limit` items and counts the rest, so a report's memory is bounded. */
export interface CappedList<Item> {
  /** Keeps `item` while there is room, else counts it as dropped. */
  push(item: Item): void;
  /** The items kept, in the order pushed. */
  readonly items: readonly Item[];
  /** How many items were pushed but not kept. */
  readonly dropped: number;
  /** How many items were pushed in all. */
  readonly total: number;
}

/** A {@link CappedList} keeping at most `limit` items. */
export function createCappedList<Item>(limit: number): CappedList<Item> {
  const items: Item[] = [];
  let dropped = 0;
  return {
    push(item) {
      if (items.length < limit) items.push(item);
      else dropped += 1;
    },
    items,
    get dropped() {
      return dropped;
    },
    get total() {
      return items.length + dropped;
    },
  };
}
