// The C-suite council on the Vercel AI SDK, kept on protocol by Parley. Offline by default;
// OPENAI_API_KEY (and optionally OPENAI_BASE_URL, OPENAI_MODEL) run it on a real model.
import { styleText } from 'node:util';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { runCouncil } from './run-council.ts';
import { leakedKey, scriptedModel } from './scripted-model.ts';

const style = (format: Parameters<typeof styleText>[0], text: string): string => styleText(format, text, { stream: process.stdout });
const real = process.env['OPENAI_API_KEY'] !== undefined || process.env['OPENAI_BASE_URL'] !== undefined;
const model = real
  ? createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: process.env['OPENAI_BASE_URL'] ?? 'https://api.openai.com/v1',
      ...(process.env['OPENAI_API_KEY'] === undefined ? {} : { apiKey: process.env['OPENAI_API_KEY'] }),
    }).chatModel(process.env['OPENAI_MODEL'] ?? 'gpt-4.1-mini')
  : scriptedModel();

console.log(style('bold', `Parley council on the AI SDK — ${real ? `model ${process.env['OPENAI_MODEL'] ?? 'gpt-4.1-mini'}` : 'offline replay (set OPENAI_API_KEY or OPENAI_BASE_URL for a real model)'}\n`));
const indent = (text: string): string => text.split('\n').map((line) => `    ${line}`).join('\n');
const run = await runCouncil(model, {
  message: (entry) => console.log(`${style('cyan', `${entry.from} → ${entry.to}`)} ${style('dim', `[${entry.chain.join(' → ')}]`)}\n${indent(entry.text)}`),
  redaction: (event) => console.log(style('yellow', `  ⚑ redacted ${event.type} before it reached anyone`)),
  violation: (violation) => console.log(style('red', `  ✗ ${violation.role}: ${violation.rule} ${violation.code} ${violation.message}`)),
  round: (round) => console.log(style('magenta', `  negotiation round ${round.round}: ${round.agent} answered ${round.response.confidence} → ${round.action}`)),
});
console.log(`\n${style('bold', 'Negotiated answer')}\n${indent(run.negotiation.answer)}`);
const shown = JSON.stringify(run.transcript) + run.negotiation.answer;
const count = (value: number, noun: string): string => `${value} ${noun}${value === 1 ? '' : 's'}`;
const blocked = run.transcript.filter((entry) => entry.text.startsWith('[BLOCKED:')).length;
console.log(
  `\n${style('bold', 'Summary:')} ${count(run.transcript.length, 'message')}, ${count(blocked, 'blocked call')}, ` +
    `${count(run.redactions, 'secret')} redacted (the leaked key ${shown.includes(leakedKey) ? style('red', 'LEAKED') : 'never reached the screen'}), ` +
    `final confidence ${run.answer.response?.confidence ?? 'none'}, negotiation ${run.negotiation.escalation.path.join(' → ')}.`,
);
