import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DispatchAgent } from '@parley/dispatch';
import { wineSample } from './wine-sample.ts';
import { writePdf } from './write-pdf.ts';

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The specialists: local functions that do real work on real files, the way a coding agent and a
 * business-analysis agent would. Each writes its expected output path (the exact path the plan
 * gave it), reads its inputs from the upstream outputs it was handed verbatim, and returns a reply
 * in the specialists' usual style — thinking, raw JSON and Markdown around a [RESULT_START] block.
 */
export function createSpecialists(): Readonly<Record<string, DispatchAgent>> {
  return {
    coding_agent: async (task) => {
      const csv = task.expectedOutputs[0];
      if (csv === undefined) throw new Error('the request names no output path');
      const rows = [0, 1, 2].map((cultivar) => {
        const group = wineSample.filter((row) => row.cultivar === cultivar);
        return { cultivar, n: group.length, alcohol: mean(group.map((row) => row.alcohol)), malicAcid: mean(group.map((row) => row.malicAcid)), proline: mean(group.map((row) => row.proline)) };
      });
      mkdirSync(dirname(csv), { recursive: true });
      writeFileSync(csv, ['cultivar,n,alcohol,malic_acid,proline', ...rows.map((row) => `${row.cultivar},${row.n},${row.alcohol.toFixed(2)},${row.malicAcid.toFixed(2)},${row.proline.toFixed(0)}`)].join('\n') + '\n');
      const top = rows.reduce((best, row) => (row.proline > best.proline ? row : best));
      const summary = [
        '_Thinking:_ group by cultivar, then compare the means.',
        JSON.stringify({ rows: rows.length, columns: 5 }),
        '[RESULT_START]',
        '## EDA 結果',
        `- 品種 ${top.cultivar} 的 **proline** 平均 ${top.proline.toFixed(0)} mg/l，明顯高於其他品種`,
        `- 平均酒精濃度介於 ${Math.min(...rows.map((row) => row.alcohol)).toFixed(2)}% 與 ${Math.max(...rows.map((row) => row.alcohol)).toFixed(2)}%`,
        '[RESULT_END]',
      ].join('\n');
      return { paths: [csv], summary };
    },
    business_analysis_agent: async (task) => {
      const pdf = task.expectedOutputs[0];
      if (pdf === undefined) throw new Error('the request names no output path');
      const upstream = Object.values(task.inputs).flatMap((output) => output.paths ?? []);
      const csvPath = upstream.find((path) => path.endsWith('.csv'));
      const csv = csvPath === undefined ? '' : readFileSync(csvPath, 'utf8');
      const pageCount = task.iterationOf !== undefined && task.request.includes('10') ? 10 : 2;
      const table = csv.trim().split('\n');
      const pages = Array.from({ length: pageCount }, (_, index) =>
        index === 0 ? ['Wine EDA report', `Source: ${csvPath ?? 'none'}`, '', ...table] : [`Page ${index + 1}: analysis of cultivar ${(index - 1) % 3}`, ...table.slice(1, 2)],
      );
      mkdirSync(dirname(pdf), { recursive: true });
      writePdf(pdf, pages);
      const summary = ['[RESULT_START]', `報告共 ${pageCount} 頁，含各品種的平均值表與分析。`, '[RESULT_END]'].join('\n');
      return { paths: [pdf], summary, values: { pages: pageCount } };
    },
  };
}
