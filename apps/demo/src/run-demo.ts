import { compose, replaceTextStream, transformText } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { simulatedLlm } from './simulated-llm.ts';

/** What the demo reports once the stream has ended. */
export interface DemoSummary {
  readonly chunksIn: number;
  readonly piecesOut: number;
  readonly replacements: number;
  readonly redactions: number;
  readonly output: string;
}

/** A made-up GitHub token the simulated advisor leaks, spaced out the way models do. */
export const leakedToken = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';

/** The reply our simulated advisor streams: it leaks a codename, an internal host and a token. */
export const reply =
  'Key finding: Project Bluebird cuts churn by 4%. The numbers come from bi.internal.acme.io ' +
  `(token ${leakedToken}, or spaced out: ${leakedToken.match(/.{1,5}/g)?.join(' ')}); ` +
  'Project Bluebird needs two more engineers before Q3.';

/**
 * Pipes the simulated reply through `compose(redactSecretsStream, replaceTextStream, replaceTextStream)` and
 * reports each chunk, each released piece and each event through `log` as they happen.
 */
export async function runDemo(options: { readonly log: (line: string) => void; readonly delayMilliseconds: number }): Promise<DemoSummary> {
  const codename = replaceTextStream({ search: 'Project Bluebird', replacement: '[codename]' });
  const host = replaceTextStream({ search: 'bi.internal.acme.io', replacement: '[internal host]' });
  const pipeline = compose(redactSecretsStream(), codename, host);
  let replacements = 0;
  let redactions = 0;
  pipeline.on('redaction', (event) => {
    redactions += 1;
    options.log(`  event  redaction ${event.type} at ${event.start}..${event.end} (stream ${event.stream})`);
  });
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
  return { chunksIn, piecesOut, replacements, redactions, output };
}
