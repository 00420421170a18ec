/** Appends each item `list` does not hold yet, in order. */
export function addUnique(list: string[], items: Iterable<string>): void {
  for (const item of items) if (!list.includes(item)) list.push(item);
}
