/**
 * A map from text to what the guard made of it, bounded by the characters it holds (keys and
 * values counted): the least recently used entries go first. A hit moves its entry to the back.
 *
 * @internal
 */
export class GuardCache<Value extends { readonly size: number }> {
  private readonly entries = new Map<string, Value>();
  private held = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get(text: string): Value | undefined {
    const value = this.entries.get(text);
    if (value === undefined) return undefined;
    this.entries.delete(text);
    this.entries.set(text, value);
    return value;
  }

  set(text: string, value: Value): void {
    const size = text.length + value.size;
    if (size > this.limit) return;
    const old = this.entries.get(text);
    if (old !== undefined) {
      this.entries.delete(text);
      this.held -= text.length + old.size;
    }
    this.entries.set(text, value);
    this.held += size;
    for (const [key, entry] of this.entries) {
      if (this.held <= this.limit) break;
      this.entries.delete(key);
      this.held -= key.length + entry.size;
    }
  }

  /** Characters held, keys and values counted. */
  get characters(): number {
    return this.held;
  }
}
