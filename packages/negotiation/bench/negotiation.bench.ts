// `pnpm bench` for @parley/negotiation: streaming the structured-response parser beside core's
// no-op session, triage per query, and the loop's own cost per round with in-memory agents.
import { printTable, runBench, splitIntoChunks, streamChunks, timeGrowth, writeResults } from '@parley/bench';
import { passthroughStream } from '@parley/core';
import { deriveAspects, formatStructuredResponse, negotiate, parseStructuredResponse, parseStructuredResponseStream, readConfidence, triage } from '@parley/negotiation';

const one = formatStructuredResponse({
  findings: ['tokio has a multi-threaded work-stealing runtime; axum builds on it', 'async-std mirrors the std API'],
  confidence: 'MEDIUM',
  gaps: ['no web-specific benchmarks'],
  contextNeeded: ['Which web framework?', 'Is a multi-threaded runtime needed?'],
});
const text = `${one}\n`.repeat(Math.ceil((1024 * 1024) / one.length));
const chunks = splitIntoChunks(text, 4);
let sink = 0;
const streaming = await runBench({
  package: 'negotiation',
  input: `1 MB of structured responses in ${chunks.length.toLocaleString('en-US')} chunks of 4 characters`,
  bytes: text.length,
  chunks: chunks.length,
  baseline: { name: 'core no-op session', run: () => (sink += streamChunks(passthroughStream(), chunks)) },
  cases: [{ name: 'parseStructuredResponseStream', run: () => (sink += streamChunks(parseStructuredResponseStream(), chunks)) }],
});

const queries = ['Compare tokio and async-std for web servers', 'E0382 in my trading system', 'tokio performance', 'what is Send trait', '如何设计认证系统'];
const perQuery = (() => {
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < 300) for (const query of queries) {
    triage(query);
    runs += 1;
  }
  return ((performance.now() - started) * 1000) / runs;
})();

const rounds = await (async () => {
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < 500) {
    const result = await negotiate({ query: 'tokio performance', agents: ['a', 'b'], ask: () => one.replace('MEDIUM', 'LOW') });
    count += result.rounds.length;
  }
  return ((performance.now() - started) * 1000) / count;
})();
const figures = { 'triage (µs per query)': perQuery.toFixed(1), 'negotiate (µs per round, in-memory agents)': rounds.toFixed(1) };
printTable('triage and the loop', [figures]);
// Hostile input at 10 KB, 100 KB and 1 MB (issue 14): linear growth means about 10× per 10× size.
const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const hostile = [
  ...timeGrowth({ '## Findings headers': (size) => repeatTo('## Findings\n', size), 'many bullets': (size) => `## Findings\n${repeatTo('- a finding\n', size)}`, 'one long line': (size) => repeatTo('x', size) }, (text) => (sink += parseStructuredResponse(text).response.findings.length + 1)),
  ...timeGrowth({ 'Confidence: repeated, streamed in 4 K chunks': (size) => repeatTo('Confidence: ', size) }, (text) => (sink += streamChunks(parseStructuredResponseStream(), splitIntoChunks(text, 4096)))),
  ...timeGrowth({ 'confidence words': (size) => repeatTo('confidence medium high ', size) }, (text) => (sink += readConfidence(text) === undefined ? 1 : 2)),
  ...timeGrowth({ 'compare … vs … repeated': (size) => repeatTo('compare tokio vs async-std and ', size) }, (text) => (sink += triage(text).negotiate ? 2 : 1)),
  ...timeGrowth({ 'a vs b and c repeated': (size) => repeatTo('lib vs other and more ', size) }, (text) => (sink += deriveAspects(text).length)),
];
printTable('hostile input (best of 3; linear growth means ~10× per 10× size)', hostile);
if (sink === 0) throw new Error('the benchmark consumed nothing');
writeResults('negotiation', { streaming, ...figures, hostile });
