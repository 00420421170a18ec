/**
 * An Aho–Corasick automaton over keywords, ASCII letters matched in any case: fed one character
 * at a time, it reports every keyword that ends there (overlapping ones included), in time linear
 * in the text whatever the keywords.
 */
export interface KeywordAutomaton {
  /** The state after `code` from `state` (the start state is 0). */
  step(state: number, code: number): number;
  /** The keywords (indexes into the list given) that end on reaching `state`. */
  readonly endings: ReadonlyArray<readonly number[]>;
  /** How many characters of the text `state` stands for: the longest suffix that begins a keyword. */
  readonly depth: Int32Array;
  /** Each keyword's length. */
  readonly lengths: readonly number[];
}

const lower = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

/** Builds the automaton; keywords are compared with ASCII letters folded to lower case. */
export function keywordAutomaton(keywords: readonly string[]): KeywordAutomaton {
  const next: Array<Map<number, number>> = [new Map()];
  const depths: number[] = [0];
  const ends: number[][] = [[]];
  keywords.forEach((keyword, index) => {
    let state = 0;
    for (let position = 0; position < keyword.length; position += 1) {
      const code = lower(keyword.charCodeAt(position));
      let target = next[state]?.get(code);
      if (target === undefined) {
        target = next.length;
        next.push(new Map());
        depths.push(position + 1);
        ends.push([]);
        next[state]?.set(code, target);
      }
      state = target;
    }
    ends[state]?.push(index);
  });
  // Failure links breadth-first; each state inherits the endings of its failure state.
  const fail = new Int32Array(next.length);
  const queue: number[] = [];
  for (const target of next[0]?.values() ?? []) queue.push(target);
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head] as number;
    for (const [code, target] of next[state] ?? []) {
      let fallback = fail[state] as number;
      while (fallback !== 0 && !(next[fallback]?.has(code) ?? false)) fallback = fail[fallback] as number;
      const candidate = next[fallback]?.get(code);
      fail[target] = candidate !== undefined && candidate !== target ? candidate : 0;
      ends[target]?.push(...(ends[fail[target] as number] ?? []));
      queue.push(target);
    }
  }
  // Most characters of prose begin no keyword: at the start state they are one table lookup.
  const startsKeyword = new Uint8Array(65_536);
  for (const code of next[0]?.keys() ?? []) {
    startsKeyword[code] = 1;
    if (code >= 97 && code <= 122) startsKeyword[code - 32] = 1;
  }
  const step = (state: number, code: number): number => {
    if (state === 0 && startsKeyword[code] === 0) return 0;
    const folded = lower(code);
    let current = state;
    for (;;) {
      const target = next[current]?.get(folded);
      if (target !== undefined) return target;
      if (current === 0) return 0;
      current = fail[current] as number;
    }
  };
  return { step, endings: ends, depth: Int32Array.from(depths), lengths: keywords.map((keyword) => keyword.length) };
}
