import type { TaskState } from '@parley/dispatch';
import { svgElement } from './dom';

/** Each state's shape (a 12×12 path), so that states differ by more than colour: drawn stroked, or filled. */
const shapes: Readonly<Record<TaskState, { readonly path: string; readonly filled: boolean }>> = {
  backlog: { path: 'M6 1.5a4.5 4.5 0 1 0 0.01 0', filled: false },
  queued: { path: 'M6 1a5 5 0 1 0 0.01 0M6 3.5V6.5L8 8', filled: false },
  running: { path: 'M3 1.5L10.5 6L3 10.5Z', filled: true },
  done: { path: 'M1.5 6.5L4.5 9.5L10.5 2.5', filled: false },
  failed: { path: 'M2 2L10 10M10 2L2 10', filled: false },
  cancelled: { path: 'M2 2H10V10H2Z', filled: true },
  skipped: { path: 'M1.5 2L6 6L1.5 10M6 2L10.5 6L6 10', filled: false },
};

/** The path of `state`'s icon, for an icon drawn inside another SVG (a graph node). */
export const stateIconPath = (state: TaskState, attributes: Readonly<Record<string, string | number>> = {}): SVGPathElement =>
  svgElement('path', { d: shapes[state].path, class: `icon icon-${state}${shapes[state].filled ? ' filled' : ''}`, 'aria-hidden': 'true', ...attributes });

/** `state`'s icon as a small SVG of its own (pills, table cells), hidden from screen readers: the state's name is beside it. */
export const stateIcon = (state: TaskState): SVGSVGElement => {
  const icon = svgElement('svg', { class: 'state-icon', viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': 'true', focusable: 'false' });
  icon.append(stateIconPath(state));
  return icon;
};
