import dagre from '@dagrejs/dagre';
import type { Task } from '@parley/dispatch';

/** Where one task's node sits (its centre) in a {@link PlanLayout}. */
export interface PlacedTask {
  readonly task: Task;
  readonly x: number;
  readonly y: number;
  /** The node's height (what `nodeHeight` gave for it). */
  readonly height: number;
}

/** A plan laid out left to right: the size of the drawing, each node's centre, each edge's points. */
export interface PlanLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedTask[];
  /** One per dependency between two tasks of the plan: from the dependency to the dependent. */
  readonly edges: ReadonlyArray<{ readonly from: string; readonly to: string; readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }> }>;
}

/** Options of {@link layoutPlan}: the size of a node (its height may depend on its task: a title wrapped onto more lines). */
export interface PlanLayoutOptions {
  readonly nodeWidth: number;
  readonly nodeHeight: number | ((task: Task) => number);
}

const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Lays `tasks` out with dagre by `dependsOn`. The graph library keys plain objects by node name,
 * so a model-written ref such as `__proto__` or `constructor` would reach an object's prototype
 * (polluting every object of the page, or throwing): nodes are named by their position in
 * `tasks` instead, and refs are only ever compared through a `Map`.
 */
export function layoutPlan(tasks: readonly Task[], options: PlanLayoutOptions): PlanLayout {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 48, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const nameOf = new Map<string, string>();
  const heights = tasks.map((task) => (typeof options.nodeHeight === 'number' ? options.nodeHeight : options.nodeHeight(task)));
  tasks.forEach((task, index) => {
    const name = `n${index}`;
    // A ref given twice keeps its first node (a store never holds that; the page must not break).
    if (!nameOf.has(task.ref)) nameOf.set(task.ref, name);
    graph.setNode(name, { width: options.nodeWidth, height: heights[index] ?? 0 });
  });
  const edges: Array<{ from: string; to: string; fromName: string; toName: string }> = [];
  const seen = new Set<string>();
  tasks.forEach((task, index) => {
    const toName = `n${index}`;
    for (const dependency of task.dependsOn) {
      const fromName = nameOf.get(dependency);
      if (fromName === undefined || fromName === toName || seen.has(`${fromName}>${toName}`)) continue;
      seen.add(`${fromName}>${toName}`);
      graph.setEdge(fromName, toName);
      edges.push({ from: dependency, to: task.ref, fromName, toName });
    }
  });
  dagre.layout(graph);
  const { width = 0, height = 0 } = graph.graph();
  return {
    width: finite(width),
    height: finite(height),
    nodes: tasks.map((task, index) => {
      const { x, y } = graph.node(`n${index}`);
      return { task, x: finite(x), y: finite(y), height: heights[index] ?? 0 };
    }),
    edges: edges.map(({ from, to, fromName, toName }) => ({
      from,
      to,
      points: (graph.edge(fromName, toName)?.points ?? []).map((point: { readonly x: number; readonly y: number }) => ({ x: finite(point.x), y: finite(point.y) })),
    })),
  };
}
