import { performance } from 'node:perf_hooks';

/** One agent-history message for the guard benches: about 2 KB of prose with a key every few messages. */
export function historyMessage(index: number, length = 2048): string {
  const words = 'the deploy step reads the config and writes a log line for every file it touches before it exits'.split(' ');
  // Made-up keys of known formats, bodies drawn once (no real credential).
  const keys = [`ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`, `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`, 'AKIAQ3EGRXN7T5W2HJ4K'];
  let text = `message ${index}: `;
  let word = index;
  while (text.length < length) {
    text += `${words[word % words.length]} `;
    word += 7;
    if (word % 97 === 0) text += `token=${keys[word % keys.length]} `;
  }
  return text.slice(0, length);
}

/** A way of calling a model with a history of texts: `start()` makes a fresh session (a new guard, say), whose `call` sends the history once. */
export interface HistoryCaller {
  start(): { call(history: readonly string[]): Promise<void> };
}

/** First-call and steady-state times (medians, ms) of each caller for one history size. */
export interface HistoryOverhead {
  readonly first: Readonly<Record<string, number>>;
  readonly steady: Readonly<Record<string, number>>;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Times each caller on a history of `size` messages: a fresh session's first call (the whole
 * history new to it), then `steadyCalls` calls each with one message more (the steady state of a
 * growing agent history). Callers take turns round by round, so a noisy neighbour slows all alike;
 * the medians over `rounds` rounds (of each round's median steady call) are returned.
 */
export async function historyOverhead(callers: Readonly<Record<string, HistoryCaller>>, size: number, options: { readonly rounds?: number; readonly steadyCalls?: number } = {}): Promise<HistoryOverhead> {
  const names = Object.keys(callers);
  const firsts = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  const steadies = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < (options.rounds ?? 5); round += 1) {
    for (const name of names) {
      const session = (callers[name] as HistoryCaller).start();
      // Each round its own texts, so no cache outlives its session.
      const history = Array.from({ length: size }, (_, index) => historyMessage(round * 100_000 + index));
      let started = performance.now();
      await session.call(history);
      (firsts[name] as number[]).push(performance.now() - started);
      const times: number[] = [];
      for (let call = 0; call < (options.steadyCalls ?? 20); call += 1) {
        history.push(historyMessage(round * 100_000 + size + call));
        started = performance.now();
        await session.call(history);
        times.push(performance.now() - started);
      }
      (steadies[name] as number[]).push(median(times));
    }
  }
  return {
    first: Object.fromEntries(names.map((name) => [name, median(firsts[name] as number[])])),
    steady: Object.fromEntries(names.map((name) => [name, median(steadies[name] as number[])])),
  };
}
