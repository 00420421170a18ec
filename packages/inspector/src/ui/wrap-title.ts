/** Options of {@link wrapTitle}. */
export interface WrapTitleOptions {
  /** The width of a line, in the units `measure` returns. */
  readonly width: number;
  /** The width of a piece of text as drawn. */
  readonly measure: (text: string) => number;
  /** Lines at most; past them the last line ends with `…` (the whole title is in the node's name and the task panel). */
  readonly maxLines: number;
}

/**
 * `title` broken into lines no wider than `width` (a line's trailing space not counted): at
 * spaces, and inside a word only when the word alone is wider than a line. The lines joined are
 * the title, unless it needs more than `maxLines` lines (drawn one after the other, they read as
 * the title to a screen reader too).
 */
export function wrapTitle(title: string, options: WrapTitleOptions): string[] {
  const { width, measure, maxLines } = options;
  const lines: string[] = [];
  let line = '';
  const push = (): void => {
    lines.push(line);
    line = '';
  };
  for (const word of title.split(/(?<= )/u)) {
    if (measure(line + word.trimEnd()) <= width) {
      line += word;
      continue;
    }
    if (line !== '') push();
    // A word wider than a line is cut between characters (never inside a surrogate pair).
    for (const character of word) {
      if (line !== '' && measure(line + character) > width && character !== ' ') push();
      line += character;
    }
  }
  if (line !== '' || lines.length === 0) push();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = (kept[maxLines - 1] ?? '').trimEnd();
  while (last !== '' && measure(`${last}…`) > width) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last}…`;
  return kept;
}
