import { compose, replaceText, transformText } from '@parley/core';
import { simulatedLlm } from './simulated-llm.ts';

/** What the demo reports once the stream has ended. */
export interface DemoSummary {
  readonly chunksIn: number;
  readonly piecesOut: number;
  readonly replacements: number;
  readonly output: string;
}

/** The reply our simulated advisor streams: it leaks a codename and an internal host. */
export const reply =
  'Key finding: Project Bluebird cuts churn by 4%. The numbers come from bi.internal.acme.io; ' +
  'Project Bluebird needs two more engineers before Q3.';

/**
 * Pipes the simulated reply through `compose(replaceText, replaceText)` and reports each chunk,
 * each released piece and each event through `log` as they happen.
 */
export async function runDemo(options: { readonly log: (line: string) => void; readonly delayMilliseconds: number }): Promise<DemoSummary> {
  const codename = replaceText({ search: 'Project Bluebird', replacement: '[codename]' });
  const host = replaceText({ search: 'bi.internal.acme.io', replacement: '[internal host]' });
  const pipeline = compose(codename, host);
  let replacements = 0;
  pipeline.on('replacement', (event) => {
    replacements += 1;
    options.log(`  event  replacement at ${event.start}..${event.end} (stream ${event.stream})`);
  });

  let chunksIn = 0;
  const source = (async function* () {
    for await (const chunk of simulatedLlm(reply, { seed: 7, delayMilliseconds: options.delayMilliseconds })) {
      chunksIn += 1;
      options.log(`  in     ${JSON.stringify(chunk)}`);
      yield chunk;
    }
  })();

  let output = '';
  let piecesOut = 0;
  for await (const piece of transformText(source, pipeline, { streamId: 'demo-1', speaker: 'cfo' })) {
    piecesOut += 1;
    output += piece;
    options.log(`  out    ${JSON.stringify(piece)}`);
  }
  return { chunksIn, piecesOut, replacements, output };
}
