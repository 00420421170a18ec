/** What {@link element} sets on a new element: text always through `textContent`, never markup. */
export interface ElementOptions {
  readonly className?: string;
  readonly text?: string;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly onClick?: (event: Event) => void;
}

/**
 * A new HTML element with its text and children. Every string the inspector shows is written
 * by a model or a user, so text goes through `textContent` only; nothing is ever parsed as HTML.
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, options: ElementOptions = {}, children: ReadonlyArray<Node | string> = []): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (options.className !== undefined) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {})) node.setAttribute(name, value);
  if (options.onClick !== undefined) node.addEventListener('click', options.onClick);
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

const svgNamespace = 'http://www.w3.org/2000/svg';

/** A new SVG element with its attributes (and text, through `textContent`). */
export function svgElement<Tag extends keyof SVGElementTagNameMap>(tag: Tag, attributes: Readonly<Record<string, string | number>> = {}, text?: string): SVGElementTagNameMap[Tag] {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One formatter for every time shown (`toLocaleString` with options builds a new one per call, a millisecond or more each). */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** A time as local date and time, to the second; `—` for a number no `Date` holds (format would throw and take the whole view with it). */
export const formatTime = (milliseconds: number): string => (Number.isFinite(new Date(milliseconds).getTime()) ? timeFormat.format(milliseconds) : '—');

/** `text` cut to `length` characters with an ellipsis. */
export const shorten = (text: string, length: number): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);
