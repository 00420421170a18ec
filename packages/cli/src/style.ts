import type { TextOutput } from './cli-io';

type Format = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

const codes: Record<Format, readonly [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** Styles text for one output: colour only on a terminal, never with `NO_COLOR`, always with `FORCE_COLOR`. */
export type Styler = (format: Format, text: string) => string;

/**
 * Decides once per output whether to colour, following the `NO_COLOR` and `FORCE_COLOR`
 * conventions: `FORCE_COLOR` colours always unless it is `0` or `false` (which turn colour off,
 * even on a terminal); otherwise colour is on only on a terminal whose `TERM` is not `dumb`, and
 * only when `NO_COLOR` is unset or empty (as no-color.org defines it).
 */
export function createStyler(output: TextOutput, env: Readonly<Record<string, string | undefined>>): Styler {
  const force = env['FORCE_COLOR'];
  const refused = force === '0' || force === 'false';
  const forced = force !== undefined && !refused;
  const enabled = forced || (!refused && output.isTTY === true && (env['NO_COLOR'] ?? '') === '' && env['TERM'] !== 'dumb');
  if (!enabled) return (_format, text) => text;
  return (format, text) => {
    const [open, close] = codes[format];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
