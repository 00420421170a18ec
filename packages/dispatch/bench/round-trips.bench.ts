// The profile behind the Postgres figures: round trips and commits per task for the bench's
// 1,000-task DAG, one in-process worker (concurrency 4, or PARLEY_BENCH_CONCURRENCY; no-op agents),
// counted at the driver (every `query` a connection sends), with tasks/s and each kind's mean time
// from send to answer. `PARLEY_PG_URL=… node bench/round-trips.bench.ts`
import { printTable } from '@parley/bench';
import { createDispatcher, createWorker } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import pg from 'pg';
import { benchDag } from './bench-dag.ts';

const url = process.env['PARLEY_PG_URL'];
if (url === undefined) throw new Error('set PARLEY_PG_URL');
const total = 1000;
const concurrency = Number(process.env['PARLEY_BENCH_CONCURRENCY'] ?? 4);
const steps = benchDag(total);

/** Statements by kind, and commits: an explicit `commit`, or a writing statement outside a transaction. */
const counts = new Map<string, number>();
const milliseconds = new Map<string, number>();
let commits = 0;
let counting = false;
const inTransaction = new WeakSet<object>();
const original = pg.Client.prototype.query as (...parameters: unknown[]) => unknown;
/** A statement's kind: its first word, `with … <verb>` for a CTE, `round function` for the round's one call. */
const kindOf = (text: string): string => {
  const words = text.trim().replaceAll(/\s+/g, ' ').toLowerCase();
  if (words.includes('parley_round_')) return 'round function';
  return words.startsWith('with') ? `with … ${/\b(update|insert|delete|select)\b/.exec(words.slice(4))?.[1] ?? ''}` : (words.split(' ')[0] ?? '');
};
pg.Client.prototype.query = function (this: pg.Client, ...parameters: unknown[]): unknown {
  const first = parameters[0];
  const text = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String((first as { text: unknown }).text) : '';
  const kind = kindOf(text);
  if (counting) {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (kind === 'begin') inTransaction.add(this);
    else if (kind === 'commit' || kind === 'rollback') {
      inTransaction.delete(this);
      if (kind === 'commit') commits += 1;
    } else if (!inTransaction.has(this) && kind !== 'listen' && kind !== 'select') commits += 1;
  }
  const started = performance.now();
  const record = (): void => {
    if (counting) milliseconds.set(kind, (milliseconds.get(kind) ?? 0) + performance.now() - started);
  };
  // The pool passes a callback (and gets no promise back); a checked-out client's caller awaits the promise.
  const last = parameters.at(-1);
  if (typeof last === 'function') {
    parameters[parameters.length - 1] = (...answer: unknown[]): unknown => {
      record();
      return (last as (...answer: unknown[]) => unknown)(...answer);
    };
  }
  const result = original.apply(this, parameters);
  if (result instanceof Promise) void result.finally(record).catch(() => {});
  return result;
} as typeof pg.Client.prototype.query;

const schema = `parley_trips_${Math.random().toString(36).slice(2, 8)}`;
const store = await createPostgresTaskStore({ connectionString: url, schema });
const dispatcher = createDispatcher({ store });
await dispatcher.dispatchPlan({ id: 'bench', steps });
counting = true;
const begin = performance.now();
const cpuBefore = process.cpuUsage();
const ran = await createWorker({ dispatcher, concurrency, agents: { noop: async () => ({}) } }).drain();
const cpu = process.cpuUsage(cpuBefore);
const seconds = (performance.now() - begin) / 1000;
counting = false;
await store.close();
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`drop schema ${schema} cascade`);
await admin.end();
const rows = [...counts].sort((a, b) => b[1] - a[1]).map(([kind, count]) => ({ statement: kind, count, 'per task': (count / ran).toFixed(2), 'mean ms': ((milliseconds.get(kind) ?? 0) / count).toFixed(2) }));
const statements = [...counts.values()].reduce((sum, count) => sum + count, 0);
rows.push({ statement: 'all statements (round trips)', count: statements, 'per task': (statements / ran).toFixed(2), 'mean ms': '' }, { statement: 'commits', count: commits, 'per task': (commits / ran).toFixed(2), 'mean ms': '' });
// The worker's own CPU (this process: the worker, pg's parsing, the events) per task, beside the wall clock.
printTable(`@parley/dispatch on Postgres: ${ran} tasks, one worker × ${concurrency}, ${Math.round(ran / seconds)} tasks/s, worker CPU ${Math.round((cpu.user + cpu.system) / ran)} µs per task`, rows);
