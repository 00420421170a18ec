// `pnpm demo`: a simulated LLM stream through a composed Parley middleware.
import { styleText } from 'node:util';
import { reply, runDemo } from './run-demo.ts';

const style = (format: Parameters<typeof styleText>[0], text: string): string =>
  styleText(format, text, { stream: process.stdout });

console.log(style('bold', 'Parley demo: a simulated LLM stream through compose(redactSecretsStream, replaceTextStream, replaceTextStream)\n'));
console.log(`${style('dim', 'the model says:')}\n  ${reply}\n`);
console.log(style('dim', 'as it streams (in = chunk from the model, out = text released downstream):'));

const summary = await runDemo({
  log: (line) => console.log(line.includes('event') ? style('yellow', line) : line),
  delayMilliseconds: Number(process.env['PARLEY_DEMO_DELAY'] ?? 15),
});

console.log(`\n${style('dim', 'what the user sees:')}\n  ${style('green', summary.output)}\n`);
console.log(
  `${summary.chunksIn} chunks in, ${summary.piecesOut} pieces out, ${summary.redactions} secrets redacted, ` +
    `${summary.replacements} replacements; only text that could still be a secret or a codename was held back.`,
);
