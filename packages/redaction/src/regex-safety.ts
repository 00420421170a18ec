import type { analyse as Analyse } from 'scslre';

type Analyser = typeof Analyse;
let analyser: Analyser | undefined;

/**
 * scslre (and the regexp parser it brings) is loaded the first time a user's regular expression
 * is checked, synchronously, so a redactor without regex rules neither loads nor bundles it.
 */
function loadAnalyser(): Analyser {
  if (analyser !== undefined) return analyser;
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  const load = process.getBuiltinModule('node:module').createRequire(base);
  analyser = (load('scslre') as { analyse: Analyser }).analyse;
  return analyser;
}

/**
 * Why a regular expression could take super-linear time on some input, or `undefined` when it
 * cannot: the analysis ESLint's `regexp/no-super-linear-backtracking` and
 * `regexp/no-super-linear-move` rules run on our own source (scslre), here on the whole pattern
 * as it is matched (no suffix after it).
 */
export function superLinearReason(source: string, flags: string): string | undefined {
  const { reports } = loadAnalyser()({ source, flags: flags.replaceAll(/[dgy]/gu, '') }, { assumeRejectingSuffix: false });
  const report = reports[0];
  if (report === undefined) return undefined;
  const attack = JSON.stringify(report.character.pick.repeat(3));
  const kind = report.exponential ? 'exponential' : 'polynomial';
  const where =
    report.type === 'Move'
      ? `the quantifier ${report.quant.raw} is retried from every start position`
      : report.type === 'Self'
        ? `the quantifier ${report.quant.raw} can repeat itself inside ${report.parentQuant.raw}`
        : `the quantifiers ${report.startQuant.raw} and ${report.endQuant.raw} can trade characters`;
  return `it can take ${kind} time (${where}; try a long run of ${attack}…); bound the quantifier, such as {1,64}, or make the parts exclusive`;
}
