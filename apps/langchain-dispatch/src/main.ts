// A LangChain manager that plans, confirms, dispatches and guards its replies with Parley.
// Offline by default; OPENAI_API_KEY (and optionally OPENAI_BASE_URL, OPENAI_MODEL) run the
// manager on a real model. The specialists are local functions that write real files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { styleText } from 'node:util';
import { ChatOpenAI } from '@langchain/openai';
import { runSession } from './run-session.ts';
import { ScriptedManager } from './scripted-manager.ts';

const style = (format: Parameters<typeof styleText>[0], text: string): string => styleText(format, text, { stream: process.stdout });
const workdir = mkdtempSync(join(tmpdir(), 'parley-langchain-dispatch-'));
const real = process.env['OPENAI_API_KEY'] !== undefined || process.env['OPENAI_BASE_URL'] !== undefined;
const modelName = process.env['OPENAI_MODEL'] ?? 'gpt-4.1-mini';
const model = real
  ? new ChatOpenAI({
      model: modelName,
      apiKey: process.env['OPENAI_API_KEY'] ?? 'not-needed',
      ...(process.env['OPENAI_BASE_URL'] === undefined ? {} : { configuration: { baseURL: process.env['OPENAI_BASE_URL'] } }),
    })
  : new ScriptedManager({ root: join(workdir, 'shared') });

console.log(style('bold', `Parley dispatch on LangChain — ${real ? `model ${modelName}` : 'offline replay (set OPENAI_API_KEY or OPENAI_BASE_URL for a real model)'}`));
console.log(style('dim', `work directory ${workdir}\n`));
const indent = (text: string): string => text.split('\n').map((line) => `    ${line}`).join('\n');
const result = await runSession({
  model,
  workdir,
  listener: {
    user: (text) => console.log(`${style('cyan', '👤 user')} ${text}`),
    classified: (what) => console.log(style('dim', `  · ${what}`)),
    telegram: (from, parts) => parts.forEach((part, index) => console.log(`${style('green', `📨 ${from}${parts.length > 1 ? ` (${index + 1}/${parts.length})` : ''} — Telegram HTML`)}\n${indent(part)}`)),
    guard: (verdict) =>
      console.log(
        verdict.ok
          ? style('dim', '  🛡 guard: reply checked against the task store, ok')
          : style('red', `  🛡 guard withheld the reply:\n${verdict.violations.map((violation) => `     ${violation.code} ${violation.message}`).join('\n')}`),
      ),
    progress: (sentence, violations) => console.log(style('magenta', `  ▶️ ${sentence}${violations.length > 0 ? ` (${violations.map((violation) => violation.code).join(', ')})` : ''}`)),
  },
});
const withheld = result.verdicts.filter((verdict) => verdict.withheld).length;
console.log(
  `\n${style('bold', 'Summary:')} ${result.dispatchCalls} dispatch call(s), ${result.tasks.length} task(s) (${result.tasks.map((task) => task.state).join(', ')}), ` +
    `step 2 ${result.statesAfterDispatch[1] ?? 'n/a'} right after dispatch_plan, ${withheld} reply withheld by the guard, ${result.finalReplies.length} final repl${result.finalReplies.length === 1 ? 'y' : 'ies'}.`,
);
