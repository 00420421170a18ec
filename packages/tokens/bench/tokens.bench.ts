// `pnpm bench` for @parley/tokens: the streaming validator on a realistic 10 MB council
// transcript beside core's no-op session, adversarial inputs at 10 KB, 100 KB and 1 MB, and
// hostile inputs for the enforcing guard at 256 KB, 512 KB and 1 MB, to show that time grows linearly.
import { printTable, runBench, splitIntoChunks, streamChunks, timeGrowth, writeResults } from '@parley/bench';
import { passthroughStream } from '@parley/core';
import { checkTokens, guardTokensStream, checkTokensStream } from '@parley/tokens';

const exchange = [
  '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
  '[RESPONSE:cfo]',
  'Key finding: Hiring 5 engineers in Q3 cuts runway from 14 to 9 months at current burn.',
  'Supporting data:',
  '- Monthly burn rises ~$280K → ~$380K fully loaded',
  '- ~$1.2M additional ARR needed within 12 months to offset',
  'Confidence: medium',
  'Caveat: Assumes a 3-month ramp and no change in revenue trajectory.',
  '[/RESPONSE]',
  'The cfo projection assumes a 3-month ramp; sales cycles may be longer.',
  '[ASSUMPTION: committed pipeline ~$3M based on last quarter — not verified with cro]',
  '[CONFLICT: cfo says ~14-month runway; cro says pipeline close implies 18+ months]',
  '[CHAIN: cro → cfo → coo]',
  '',
].join('\n');
const transcript = exchange.repeat(Math.ceil((10 * 1024 * 1024) / exchange.length));
const chunks = splitIntoChunks(transcript, 4);
let sink = 0;
const streaming = await runBench({
  package: 'tokens',
  input: `10 MB council transcript in ${chunks.length.toLocaleString('en-US')} chunks of 4 characters`,
  bytes: transcript.length,
  chunks: chunks.length,
  baseline: { name: 'core no-op session', run: () => (sink += streamChunks(passthroughStream(), chunks)) },
  cases: [{ name: 'checkTokensStream session', run: () => (sink += streamChunks(checkTokensStream({ chain: ['cro', 'cfo'] }), chunks)) }],
  rounds: 3,
});

const adversarial: Record<string, (size: number) => string> = {
  'brackets [[[[': (size) => '['.repeat(size),
  'unclosed [INVOKE:': (size) => `[INVOKE:cfo|${'x'.repeat(size - 12)}`,
  'tiny tokens': (size) => '[CHAIN: cfo]\n'.repeat(Math.ceil(size / 13)),
  'one long line of prose': (size) => 'Hey CFO, '.repeat(Math.ceil(size / 9)),
};
const rows = timeGrowth(adversarial, (text) => {
  const session = checkTokensStream().open({ streamId: 'bench' });
  for (const chunk of splitIntoChunks(text, 4096)) session.write(chunk);
  session.end();
});
printTable('adversarial input through checkTokensStream (best of 3; linear growth means ~10× per 10× size)', rows);

// Hostile input for the lenient reader and the enforcing guard, at three doubling sizes: calls in
// every spelling crowded on one line, heads that never close, fullwidth forms, a head spread over
// white space, a flood of `[` and line breaks (each line held to join the next), barred calls whose
// head runs over a line break. Linear growth means ~2× per doubling.
const hostile: Record<string, (size: number) => string> = {
  'many calls on one line': (size) => '[invoke:CFO|x] '.repeat(Math.ceil(size / 15)),
  'prose before barred calls': (size) => 'Quick question: [INVOKE:cro|burn?]\n'.repeat(Math.ceil(size / 35)),
  'unclosed heads': (size) => '[INVOKE:cfo|'.repeat(Math.ceil(size / 12)),
  'fullwidth heads': (size) => '［ＩＮＶＯＫＥ：ｃｆｏ｜ｘ'.repeat(Math.ceil(size / 12)),
  'one head, endless spaces': (size) => `[${' '.repeat(size)}`,
  'a flood of [ and line breaks': (size) => '[\n'.repeat(Math.ceil(size / 2)),
  'barred calls split over lines': (size) => 'Quick question: [INVOKE:\ncro|burn?]\n'.repeat(Math.ceil(size / 36)),
};
const best = (run: () => void): number => {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
};
const doubling = [256 * 1024, 512 * 1024, 1024 * 1024];
const hostileRows = Object.entries(hostile).flatMap(([input, make]) =>
  (['validate', 'enforce'] as const).map((mode) => {
    const [small = 0, medium = 0, large = 1] = doubling.map((size) => {
      const chunks = splitIntoChunks(make(size), 4096);
      return best(() => {
        const session = guardTokensStream({ mode, chain: ['cro', 'cfo'] }).open({ streamId: 'bench' });
        for (const chunk of chunks) session.write(chunk);
        session.end();
      });
    });
    return { input, mode, '256 KB (ms)': small.toFixed(2), '512 KB (ms)': medium.toFixed(2), '1 MB (ms)': large.toFixed(2), '512/256': (medium / small).toFixed(2), '1M/512': (large / medium).toFixed(2) };
  }),
);
printTable('hostile input through guardTokensStream (best of 3; linear growth means ~2× per doubling)', hostileRows);
if (sink === 0 || checkTokens('[CHAIN: cfo]').tokens.length !== 1) throw new Error('the benchmark did no work');
writeResults('tokens', { streaming, adversarial: rows, hostile: hostileRows });
