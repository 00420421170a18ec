// Exact spans and generic-credential recall: N realistic agent outputs with one planted secret
// (see src/__fixtures__/planted-contexts.ts), each redacted whole. A case is `exact` when the output
// is the context with exactly the secret replaced by markers, `lost` when non-secret text is gone
// or changed, `survives` when some of the secret is left in clear.
//
//   node --conditions=@parley/source --import ./bench/source-imports.mjs bench/exact-spans.ts [N] [seed]
//   PARLEY_SPANS_SHOW=20 …   (print that many failing cases)
import { plantedCases, verdictOf } from '../src/__fixtures__/planted-contexts.ts';
import { redactSecrets } from '../src/api/redact-secrets.ts';

const count = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? 20260524);
const show = Number(process.env['PARLEY_SPANS_SHOW'] ?? 0);
const cases = plantedCases(seed, count);
const totals = { catalogue: { exact: 0, lost: 0, survives: 0 }, generic: { exact: 0, lost: 0, survives: 0 } };
const byContext = new Map<string, { n: number; lost: number; survives: number }>();
let shown = 0;
for (const planted of cases) {
  const output = redactSecrets(planted.text);
  const verdict = verdictOf(planted, output);
  totals[planted.kind][verdict] += 1;
  const key = `${planted.kind}/${planted.context}`;
  const row = byContext.get(key) ?? { n: 0, lost: 0, survives: 0 };
  row.n += 1;
  if (verdict === 'lost') row.lost += 1;
  if (verdict === 'survives') row.survives += 1;
  byContext.set(key, row);
  if (verdict !== 'exact' && shown < show) {
    shown += 1;
    console.log(`--- ${key} ${verdict}\n${JSON.stringify(planted.text)}\n${JSON.stringify(output)}`);
  }
}
const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const all = cases.length;
const lost = totals.catalogue.lost + totals.generic.lost;
const survives = totals.catalogue.survives + totals.generic.survives;
const generic = totals.generic.exact + totals.generic.lost + totals.generic.survives;
console.log(`cases ${all} (seed ${seed})`);
console.log(`non-secret text lost: ${pct(lost, all)} (${lost})`);
console.log(`secret text survives: ${pct(survives, all)} (${survives})`);
console.log(`lost or survives:     ${pct(lost + survives, all)}`);
console.log(`catalogue keys exact: ${pct(totals.catalogue.exact, all - generic)}; lost ${totals.catalogue.lost}, survives ${totals.catalogue.survives}`);
console.log(`generic credentials caught whole: ${pct(generic - totals.generic.survives, generic)}; exact ${pct(totals.generic.exact, generic)}; lost ${totals.generic.lost}, survives ${totals.generic.survives}`);
const rows = [...byContext].filter(([, row]) => row.lost + row.survives > 0).sort((a, b) => (b[1].lost + b[1].survives) / b[1].n - (a[1].lost + a[1].survives) / a[1].n);
for (const [key, row] of rows) console.log(`  ${key.padEnd(36)} n=${String(row.n).padStart(4)} lost=${String(row.lost).padStart(4)} survives=${String(row.survives).padStart(4)}`);
