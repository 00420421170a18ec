import type { Task, TaskState } from '@parley/dispatch';
import { setAttribute, setText, shorten, shownText, svgElement } from './dom';
import { layoutPlan } from './plan-layout';
import type { PlanView } from './plan-view-kind';
import { stateIconPath } from './state-icon';
import { wrapTitle } from './wrap-title';

const nodeWidth = 220;
const padding = 10;
/** Title text: 14 px, 18 px a line; the state line: 12 px. No text of the graph is drawn smaller (the drawing scrolls instead of shrinking). */
const titleFont = '600 14px system-ui, sans-serif';
const lineHeight = 18;
const maxTitleLines = 6;
const zoomLevels = [1, 1.25, 1.5, 2] as const;

/** The width of text as the page draws it (a canvas measures with the page's fonts); an estimate where no canvas is. */
const measurer = (): ((text: string) => number) => {
  const context = document.createElement('canvas').getContext('2d');
  if (context === null) return (text) => [...text].length * 8;
  context.font = titleFont;
  return (text) => context.measureText(shownText(text)).width;
};

/**
 * A plan drawn as a graph of its steps (laid out by dagre from `dependsOn`) at its natural size:
 * a large plan scrolls (and can be zoomed in and dragged) instead of shrinking its text. Each node
 * is a button named by its title and state, with the state's icon beside its colour; titles wrap.
 */
export class PlanGraph implements PlanView {
  readonly root: SVGSVGElement = svgElement('svg', { role: 'group', 'aria-label': 'Plan graph', class: 'plan-graph' });
  readonly #nodes = new Map<string, SVGGElement>();
  readonly #measure = measurer();
  #refs = '';
  #selected: string | undefined;
  #size = { width: 0, height: 0 };
  #zoom = 0;
  #shown: ReadonlySet<TaskState> | undefined;

  constructor(private readonly onSelect: (taskId: string) => void) {}

  /** Draws `tasks`, laying the graph out again only when the set of steps changed. */
  update(tasks: readonly Task[]): void {
    const refs = tasks.map((task) => `${task.ref}<${task.dependsOn.join(',')}`).join(';');
    if (refs !== this.#refs) this.#layout(tasks);
    this.#refs = refs;
    for (const task of tasks) this.#paint(task);
    setAttribute(this.root, 'aria-label', `Plan graph, ${tasks.length} ${tasks.length === 1 ? 'step' : 'steps'}`);
  }

  /** Marks the node of `taskId` as selected, scrolling it into view when `reveal`. */
  select(taskId: string | undefined, reveal = false): void {
    this.#selected = taskId;
    for (const [id, node] of this.#nodes) {
      node.classList.toggle('selected', id === taskId);
      node.setAttribute('aria-pressed', String(id === taskId));
    }
    if (reveal && taskId !== undefined) this.#nodes.get(taskId)?.scrollIntoView({ block: 'center', inline: 'center' });
  }

  filter(shown: ReadonlySet<TaskState> | undefined): void {
    this.#shown = shown;
    for (const node of this.#nodes.values()) this.#applyFilter(node);
  }

  /** Draws one zoom step larger (`1`) or smaller (`-1`), never below the natural size; returns the zoom now. */
  zoom(step: 1 | -1): number {
    this.#zoom = Math.min(zoomLevels.length - 1, Math.max(0, this.#zoom + step));
    this.#applyZoom();
    return zoomLevels[this.#zoom] ?? 1;
  }

  #applyZoom(): void {
    const scale = zoomLevels[this.#zoom] ?? 1;
    this.root.setAttribute('width', String(Math.round(this.#size.width * scale)));
    this.root.setAttribute('height', String(Math.round(this.#size.height * scale)));
  }

  #applyFilter(node: SVGGElement): void {
    const state = node.getAttribute('data-state') as TaskState | null;
    const hidden = this.#shown !== undefined && state !== null && !this.#shown.has(state);
    node.classList.toggle('filtered', hidden);
    if (hidden) node.setAttribute('aria-hidden', 'true');
    else node.removeAttribute('aria-hidden');
  }

  #titleLines(task: Task): string[] {
    return wrapTitle(task.title, { width: nodeWidth - 2 * padding - 18, measure: this.#measure, maxLines: maxTitleLines });
  }

  #layout(tasks: readonly Task[]): void {
    const lines = new Map(tasks.map((task) => [task, this.#titleLines(task)]));
    const heightOf = (task: Task): number => 2 * padding + (lines.get(task)?.length ?? 1) * lineHeight + 20;
    const { width, height, nodes: placed, edges: links } = layoutPlan(tasks, { nodeWidth, nodeHeight: heightOf });
    this.#size = { width: Math.max(width, 200), height: Math.max(height, 100) };
    this.root.setAttribute('viewBox', `0 0 ${this.#size.width} ${this.#size.height}`);
    this.#applyZoom();
    const edges = links.map((line) => svgElement('path', { class: 'edge', 'aria-hidden': 'true', d: line.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' '), 'marker-end': 'url(#arrow)' }));
    const marker = svgElement('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' });
    marker.append(svgElement('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }));
    const defs = svgElement('defs');
    defs.append(marker);
    this.#nodes.clear();
    const nodes = placed.map(({ task, x, y, height: nodeHeight }) => {
      const group = svgElement('g', { class: 'node', transform: `translate(${x - nodeWidth / 2},${y - nodeHeight / 2})`, 'data-task': task.id, 'data-ref': task.ref, tabindex: 0, role: 'button' });
      const title = svgElement('text', { x: padding + 18, y: padding + 14, class: 'title' });
      // The lines end with their spaces (and the last gets one), so the node's text reads as the title, then the state line.
      const titleLines = lines.get(task) ?? [];
      for (const [index, text] of titleLines.entries()) title.append(svgElement('tspan', { x: padding + 18, dy: index === 0 ? 0 : lineHeight }, index === titleLines.length - 1 ? `${text} ` : text));
      group.append(
        svgElement('rect', { width: nodeWidth, height: nodeHeight, rx: 6 }),
        svgElement('g', { class: 'icon-slot', transform: `translate(${padding},${padding + 3})` }),
        title,
        svgElement('text', { x: padding + 18, y: nodeHeight - padding - 2, class: 'meta' }),
      );
      group.addEventListener('click', () => this.onSelect(task.id));
      group.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        this.onSelect(task.id);
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
    const [rect, iconSlot, , meta] = [...group.children] as [SVGRectElement, SVGGElement, SVGTextElement, SVGTextElement];
    if (group.getAttribute('data-state') !== task.state) {
      group.setAttribute('data-state', task.state);
      group.setAttribute('class', `node state-${task.state}${task.id === this.#selected ? ' selected' : ''}`);
      rect.setAttribute('class', `state-${task.state}`);
      iconSlot.replaceChildren(stateIconPath(task.state));
      this.#applyFilter(group);
    }
    const state = `${task.state} · ${shorten(task.agent, 14)}${task.attempt > 1 ? ` · try ${task.attempt}` : ''}`;
    setText(meta, state);
    // Named by what it shows (the title, then the state line) and its ref: a screen reader says what a sighted person reads.
    setAttribute(group, 'aria-label', `${task.title}, ${state} (step ${task.ref})`);
  }
}
