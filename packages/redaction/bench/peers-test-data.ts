// Other scanners' own test data, run through `findSecrets`: per peer, the share of positives whose
// secret is fully redacted (every character of the secret, whitespace aside, inside some finding)
// and the share of negatives changed (any finding at all). The issue's bar: >= 95% and <= 10%.
//
//   pnpm --filter @parley/redaction peer-scanners
//   (node --conditions=@parley/source --import ./bench/source-imports.mjs bench/peers-test-data.ts)
//
// Data: bench/peers/<peer>.json ({positives: [{text, secret}], negatives: [text]}, built by
// bench/peers/build-peer-data.ts) and, for data kept outside the repository (trufflehog's, AGPL),
// PARLEY_PEERS_CACHE (default ~/.cache/parley-peers/<peer>.json); a peer without data is skipped
// with a note. `--show` (or PARLEY_PEERS_SHOW=1) lists every failure; PARLEY_PEERS_JSON=path writes the results.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { findSecrets } from '../src/api/redact-secrets.ts';

interface PeerData {
  readonly source?: string;
  readonly licence?: string;
  readonly positives: ReadonlyArray<{ readonly text: string; readonly secret: string; readonly rule?: string }>;
  readonly negatives: readonly string[];
}

const peers = ['gitleaks', 'secretlint', 'detect-secrets', 'trufflehog'];
const directories = [new URL('./peers/', import.meta.url).pathname, process.env['PARLEY_PEERS_CACHE'] ?? join(homedir(), '.cache/parley-peers')];
const show = process.argv.includes('--show') || (process.env['PARLEY_PEERS_SHOW'] !== undefined && process.env['PARLEY_PEERS_SHOW'] !== '0');
const oneLine = (text: string): string => text.replace(/\r?\n/g, '⏎').replace(/\t/g, '⇥');

function load(peer: string): { data: PeerData; path: string } | undefined {
  for (const directory of directories) {
    const path = join(directory, `${peer}.json`);
    if (existsSync(path)) return { data: JSON.parse(readFileSync(path, 'utf8')) as PeerData, path };
  }
  return undefined;
}

/** Whether every non-blank character of each occurrence of `secret` in `text` lies inside a finding. */
function fullyRedacted(text: string, secret: string): { covered: boolean; rendered: string } {
  const findings = findSecrets(text);
  const covered = new Uint8Array(text.length);
  for (const finding of findings) covered.fill(1, finding.start, finding.end);
  let ok = secret !== '' && text.includes(secret);
  for (let at = secret === '' ? -1 : text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
    for (let index = at; index < at + secret.length; index += 1) if (covered[index] === 0 && !/\s/.test(text[index]!)) ok = false;
  }
  let rendered = '';
  let cursor = 0;
  for (const finding of [...findings].sort((left, right) => left.start - right.start)) {
    if (finding.start < cursor) continue;
    rendered += `${text.slice(cursor, finding.start)}<${finding.type}>`;
    cursor = finding.end;
  }
  return { covered: ok, rendered: rendered + text.slice(cursor) };
}

interface Row {
  readonly peer: string;
  readonly positives: number;
  readonly redacted: number;
  readonly negatives: number;
  readonly changed: number;
  readonly note?: string;
  readonly failures: Array<{ kind: 'leaked' | 'changed'; rule?: string; text: string; secret?: string; output: string }>;
}

const rows: Row[] = [];
const extra = existsSync(directories[0]!) ? readdirSync(directories[0]!).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)) : [];
for (const peer of [...new Set([...peers, ...extra])]) {
  const loaded = load(peer);
  if (loaded === undefined) {
    rows.push({ peer, positives: 0, redacted: 0, negatives: 0, changed: 0, note: `no data (looked in ${directories.join(', ')})`, failures: [] });
    continue;
  }
  const { data } = loaded;
  const failures: Row['failures'] = [];
  let redacted = 0;
  for (const positive of data.positives) {
    const result = fullyRedacted(positive.text, positive.secret);
    if (result.covered) redacted += 1;
    else failures.push({ kind: 'leaked', ...(positive.rule === undefined ? {} : { rule: positive.rule }), text: positive.text, secret: positive.secret, output: result.rendered });
  }
  let changed = 0;
  for (const negative of data.negatives) {
    const findings = findSecrets(negative);
    if (findings.length === 0) continue;
    changed += 1;
    failures.push({ kind: 'changed', text: negative, output: fullyRedacted(negative, '').rendered });
  }
  rows.push({ peer, positives: data.positives.length, redacted, negatives: data.negatives.length, changed, note: `${loaded.path}${data.licence === undefined ? '' : ` (${data.licence})`}`, failures });
}

const percent = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const header = ['peer', 'positives', 'fully redacted', 'negatives', 'changed', 'data'];
const lines = rows.map((row) => [
  row.peer,
  String(row.positives),
  row.positives === 0 ? '—' : `${row.redacted} (${percent(row.redacted, row.positives)})`,
  String(row.negatives),
  row.negatives === 0 ? '—' : `${row.changed} (${percent(row.changed, row.negatives)})`,
  row.note ?? '',
]);
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (line: readonly string[]) => line.map((cell, column) => (column >= 1 && column <= 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
console.log([format(header), ...lines.map(format)].join('\n'));
console.log('bar: >= 95% of positives fully redacted, <= 10% of negatives changed, each peer');

if (show) {
  for (const row of rows) {
    if (row.failures.length === 0) continue;
    console.log(`\n${row.peer}: ${row.failures.length} failures`);
    for (const failure of row.failures) {
      console.log(`  ${failure.kind}${failure.rule === undefined ? '' : ` [${failure.rule}]`}: ${oneLine(failure.text.length > 240 ? `${failure.text.slice(0, 240)}…` : failure.text)}`);
      console.log(`    → ${oneLine(failure.output.length > 240 ? `${failure.output.slice(0, 240)}…` : failure.output)}`);
    }
  }
}

const json = process.env['PARLEY_PEERS_JSON'];
if (json !== undefined && json !== '') {
  writeFileSync(json, `${JSON.stringify(rows, null, 1)}\n`);
  console.log(`wrote ${json}`);
}
