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

/** Decides once per output whether to colour, following the `NO_COLOR` and `FORCE_COLOR` conventions. */
export function createStyler(output: TextOutput, env: Readonly<Record<string, string | undefined>>): Styler {
  const forced = env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0';
  const enabled = forced || (output.isTTY === true && env['NO_COLOR'] === undefined && env['TERM'] !== 'dumb');
  if (!enabled) return (_format, text) => text;
  return (format, text) => {
    const [open, close] = codes[format];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
