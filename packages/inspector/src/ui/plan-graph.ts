import type { Task } from '@parley/dispatch';
import { setText, shorten, svgElement } from './dom';
import { layoutPlan } from './plan-layout';
import type { PlanView } from './plan-view-kind';

const nodeWidth = 200;
const nodeHeight = 54;

/** A plan drawn as a graph of its steps (laid out by dagre from `dependsOn`), whose nodes can be recoloured in place. */
export class PlanGraph implements PlanView {
  readonly root: SVGSVGElement = svgElement('svg', { role: 'img', 'aria-label': 'Plan graph' });
  readonly #nodes = new Map<string, SVGGElement>();
  #refs = '';
  #selected: string | undefined;

  constructor(private readonly onSelect: (taskId: string) => void) {}

  /** Draws `tasks`, laying the graph out again only when the set of steps changed. */
  update(tasks: readonly Task[]): void {
    const refs = tasks.map((task) => `${task.ref}<${task.dependsOn.join(',')}`).join(';');
    if (refs !== this.#refs) this.#layout(tasks);
    this.#refs = refs;
    for (const task of tasks) this.#paint(task);
  }

  /** Marks the node of `taskId` as selected. */
  select(taskId: string | undefined): void {
    this.#selected = taskId;
    for (const [id, node] of this.#nodes) node.classList.toggle('selected', id === taskId);
  }

  #layout(tasks: readonly Task[]): void {
    const { width, height, nodes: placed, edges: lines } = layoutPlan(tasks, { nodeWidth, nodeHeight });
    this.root.setAttribute('width', String(Math.max(width, 200)));
    this.root.setAttribute('height', String(Math.max(height, 100)));
    this.root.setAttribute('viewBox', `0 0 ${Math.max(width, 200)} ${Math.max(height, 100)}`);
    const edges = lines.map((line) => svgElement('path', { class: 'edge', d: line.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' '), 'marker-end': 'url(#arrow)' }));
    const marker = svgElement('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' });
    marker.append(svgElement('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#9ca3af' }));
    const defs = svgElement('defs');
    defs.append(marker);
    this.#nodes.clear();
    const nodes = placed.map(({ task, x, y }) => {
      const group = svgElement('g', { class: 'node', transform: `translate(${x - nodeWidth / 2},${y - nodeHeight / 2})`, 'data-task': task.id, 'data-ref': task.ref, tabindex: 0 });
      group.append(svgElement('rect', { width: nodeWidth, height: nodeHeight, rx: 6 }), svgElement('text', { x: 10, y: 21, class: 'title' }), svgElement('text', { x: 10, y: 40, class: 'meta' }), svgElement('title'));
      group.addEventListener('click', () => this.onSelect(task.id));
      group.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') this.onSelect(task.id);
      });
      this.#nodes.set(task.id, group);
      return group;
    });
    this.root.replaceChildren(defs, ...edges, ...nodes);
    this.select(this.#selected);
  }

  #paint(task: Task): void {
    const group = this.#nodes.get(task.id);
    if (group === undefined) return;
    group.setAttribute('data-state', task.state);
    const [rect, title, meta, tooltip] = [...group.children] as [SVGRectElement, SVGTextElement, SVGTextElement, SVGTitleElement];
    rect.setAttribute('class', `state-${task.state}`);
    setText(title, shorten(task.title, 26));
    setText(meta, `${task.state} · ${shorten(task.agent, 14)}${task.attempt > 1 ? ` · try ${task.attempt}` : ''}`);
    setText(tooltip, `${task.ref}: ${task.title}`);
  }
}
