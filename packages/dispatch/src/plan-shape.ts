/** What {@link planShape} reads of a task: its ref and the refs it depends on. */
interface ShapeTask {
  readonly ref: string;
  readonly dependsOn: readonly string[];
}

/**
 * How a plan's tasks hang together, as the dispatch summary says it: `''` for one task, `in
 * parallel` when none depends on another, `as a chain` when they form one line (each after the
 * one before), `as N parallel chains` for several independent lines, `as a diamond` when one task
 * fans out to two or more that all feed one last task, and `as a dependency graph (DAG)` for any
 * other shape. Dependencies on refs outside `tasks` are left out. Linear in tasks and dependencies.
 */
export function planShape(tasks: readonly ShapeTask[]): string {
  if (tasks.length <= 1) return '';
  const refs = new Set(tasks.map((task) => task.ref));
  const upstream = new Map<string, readonly string[]>();
  const downstream = new Map<string, string[]>();
  let edges = 0;
  for (const task of tasks) {
    const inside = [...new Set(task.dependsOn)].filter((ref) => refs.has(ref) && ref !== task.ref);
    upstream.set(task.ref, inside);
    edges += inside.length;
    for (const ref of inside) {
      const after = downstream.get(ref);
      if (after === undefined) downstream.set(ref, [task.ref]);
      else after.push(task.ref);
    }
  }
  if (edges === 0) return 'in parallel';
  const ins = (ref: string): number => upstream.get(ref)?.length ?? 0;
  const outs = (ref: string): number => downstream.get(ref)?.length ?? 0;
  // Lines: every task has at most one task before it and one after it (no cycles in a resolved plan).
  if (tasks.every((task) => ins(task.ref) <= 1 && outs(task.ref) <= 1)) {
    const lines = tasks.filter((task) => ins(task.ref) === 0).length;
    return lines === 1 ? 'as a chain' : `as ${lines} parallel chains`;
  }
  const sources = tasks.filter((task) => ins(task.ref) === 0);
  const sinks = tasks.filter((task) => outs(task.ref) === 0);
  if (sources.length === 1 && sinks.length === 1 && tasks.length >= 4) {
    const [source, sink] = [sources[0] as ShapeTask, sinks[0] as ShapeTask];
    const middle = tasks.filter((task) => task !== source && task !== sink);
    const diamond = middle.every((task) => upstream.get(task.ref)?.[0] === source.ref && ins(task.ref) === 1 && downstream.get(task.ref)?.[0] === sink.ref && outs(task.ref) === 1);
    if (diamond && ins(sink.ref) === middle.length) return 'as a diamond';
  }
  return 'as a dependency graph (DAG)';
}
