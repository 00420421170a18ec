import { escapeControlCharacters } from '@parley/core';

/** What {@link element} sets on a new element: text always through `textContent`, never markup. */
export interface ElementOptions {
  readonly className?: string;
  readonly text?: string;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly onClick?: (event: Event) => void;
}

/** Attributes whose value a person reads (a tooltip, a screen reader's name): shown neutralised like text. */
const readAttributes: ReadonlySet<string> = new Set(['aria-label', 'title', 'placeholder', 'aria-description']);

/**
 * Text as the page shows it: every character that reorders or hides text (bidirectional
 * overrides, isolates and marks, zero-width and other invisible format characters, tag
 * characters) and every control character is written as a visible escape such as `\u202e`, by
 * the same rule the command line uses (`escapeControlCharacters` from `@parley/core`), so
 * "Invoice for \u202efdp.exe" cannot pass for "Invoice for exe.pdf". Line feeds stay in
 * preformatted blocks (`multiline`), and are escaped anywhere else. Every view writes text
 * through this one function ({@link element}, {@link svgElement}, {@link setText}).
 */
export const shownText = (text: string, multiline = false): string => escapeControlCharacters(text, { keepLineFeeds: multiline });

/** Sets `node`'s text, neutralised by {@link shownText} (line feeds kept in a `pre`). */
export const setText = (node: Element, text: string): void => {
  node.textContent = shownText(text, node.localName === 'pre');
};

/** Sets attribute `name`, neutralising the value when a person reads it (see {@link shownText}). */
export const setAttribute = (node: Element, name: string, value: string): void => node.setAttribute(name, readAttributes.has(name) ? shownText(value) : value);

/**
 * A new HTML element with its text and children. Every string the inspector shows is written
 * by a model or a user, so text goes through `textContent` only (nothing is ever parsed as HTML),
 * neutralised by {@link shownText}.
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, options: ElementOptions = {}, children: ReadonlyArray<Node | string> = []): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (options.className !== undefined) node.className = options.className;
  if (options.text !== undefined) setText(node, options.text);
  for (const [name, value] of Object.entries(options.attributes ?? {})) setAttribute(node, name, value);
  if (options.onClick !== undefined) node.addEventListener('click', options.onClick);
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(shownText(child, tag === 'pre')) : child);
  return node;
}

const svgNamespace = 'http://www.w3.org/2000/svg';

/** A new SVG element with its attributes (and text, through `textContent`), neutralised by {@link shownText}. */
export function svgElement<Tag extends keyof SVGElementTagNameMap>(tag: Tag, attributes: Readonly<Record<string, string | number>> = {}, text?: string): SVGElementTagNameMap[Tag] {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) setAttribute(node, name, String(value));
  if (text !== undefined) setText(node, text);
  return node;
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * A time as local date and time to the second, written the one way no reader misreads
 * (`2026-12-01 14:03:07`, year first, 24-hour clock); `—` for a number no `Date` holds.
 */
export const formatTime = (milliseconds: number): string => {
  const date = new Date(milliseconds);
  if (!Number.isFinite(date.getTime())) return '—';
  const year = date.getFullYear();
  const shownYear = year >= 0 && year <= 9999 ? String(year).padStart(4, '0') : (year < 0 ? '-' : '+') + String(Math.abs(year)).padStart(6, '0');
  return `${shownYear}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
};

/** `text` cut to `length` characters with an ellipsis (never between the halves of a surrogate pair). */
export const shorten = (text: string, length: number): string => {
  if (text.length <= length) return text;
  let end = length - 1;
  const unit = text.charCodeAt(end - 1);
  if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
};

/** Makes `node` (a table row, a graph node) reachable with Tab and operated by Enter or Space, as by a click. */
export const activatable = <Node extends Element>(node: Node, action: () => void): Node => {
  node.setAttribute('tabindex', '0');
  node.addEventListener('click', action);
  node.addEventListener('keydown', (event) => {
    const { key } = event as KeyboardEvent;
    if (key !== 'Enter' && key !== ' ') return;
    event.preventDefault();
    action();
  });
  return node;
};
