import { ParleyError, transformText } from '@parley/core';
import type { FoundToken, GuardTokensMode, IsolationPhase, TokenViolation } from '@parley/tokens';
import { createCappedList } from './capped-list';
import { choiceOption } from './choice-option';
import type { Command } from './command';
import { countOption } from './count-option';
import { ExitCode } from './exit-code';
import { formatViolations, violationJson } from './format-violations';
import { listOption } from './list-option';
import { OutputClosedError } from './output-closed-error';
import { readInput } from './read-input';
import { singleInput } from './single-input';
import { writeText } from './write-text';

const phases = ['independent', 'critique', 'open'] as const;
const modes = ['validate', 'repair', 'enforce'] as const;

/** How many tokens and violations a report lists by default; the rest are counted. */
const defaultMaxListed = 1000;

const plural = (count: number, word: string): string => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** `parley check tokens`: validates a message against the C-suite token protocol. */
export const checkTokensCommand: Command = {
  path: ['check', 'tokens'],
  summary: 'Check a message against the C-suite inter-agent token protocol (R1–R6).',
  arguments: '<input>',
  description: [
    'Prints JSON {"ok", "tokens", "violations": [{"rule","code","message","line","column","fix"?}],',
    '"dropped": {"tokens", "violations"}} (or a readable list with --format pretty) and exits 0 when',
    'ok, 1 when there are violations. The report lists the first --max-listed tokens and violations;',
    '"dropped" counts the rest (ok still counts every violation).',
    'With --mode repair (fix what is unambiguous) or --mode enforce (also replace barred INVOKEs',
    'with BLOCKED + ASSUMPTION), the JSON starts with "output", the changed text, written as it is',
    'produced. The input streams: memory stays bounded however long it is. Should the input turn',
    'out unreadable after output began, the JSON ends with "error" ({"code","message"}) instead of',
    '"ok" and the lists, so stdout still parses; the exit code is 2.',
  ].join('\n'),
  options: {
    chain: { type: 'string', valueName: '<a,b,c>', description: 'The path from the first caller to the speaker, speaker last (enables the loop guard).' },
    phase: { type: 'string', valueName: '<independent|critique|open>', description: 'The isolation phase (R6).', default: 'open' },
    mode: { type: 'string', valueName: '<validate|repair|enforce>', description: 'What to do with what is found.', default: 'validate' },
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
    'max-listed': { type: 'string', valueName: '<n>', description: 'Most tokens and most violations the report lists.', default: String(defaultMaxListed) },
  },
  examples: ['parley check tokens reply.txt', 'parley check tokens --chain cro,cfo --phase open - < cfo-reply.txt', 'parley check tokens --format pretty reply.txt'],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { guardTokensStream } = await import('@parley/tokens');
    const path = singleInput(positionals, 'check tokens');
    const phase = choiceOption(values, 'phase', phases, 'open');
    const mode = choiceOption(values, 'mode', modes, 'validate');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const chain = listOption(values, 'chain');
    const maxListed = countOption(values, 'max-listed', defaultMaxListed, 0);

    const tokens = createCappedList<FoundToken>(maxListed);
    const violations = createCappedList<TokenViolation>(maxListed);
    const validator = guardTokensStream({ mode: mode as GuardTokensMode, phase: phase as IsolationPhase, ...(chain === undefined ? {} : { chain }) });
    for (const kind of ['invoke', 'response', 'blocked', 'assumption', 'conflict', 'broadcast', 'chain'] as const) {
      validator.on(kind, ({ token, line }) => tokens.push({ ...token, line } as FoundToken));
    }
    validator.on('violation', ({ stream: _stream, ...violation }) => violations.push(violation));
    // In JSON, the changed text streams out as the first member while the input is read.
    const streamOutput = mode !== 'validate' && format === 'json';
    let started = false;
    try {
      for await (const text of transformText(await readInput(path, io), validator)) {
        if (!streamOutput || text.length === 0) continue;
        const escaped = JSON.stringify(text).slice(1, -1);
        await writeText(io.stdout, started ? escaped : `{\n  "output": "${escaped}`);
        started = true;
      }
    } catch (error) {
      // The input failed after part of the output was written: the JSON document is closed with
      // the error in it, so that stdout still parses; exit code 2 and the stderr line follow.
      if (started && !OutputClosedError.isInstance(error)) {
        const code = ParleyError.isInstance(error) ? error.code : 'UNEXPECTED';
        const message = error instanceof Error ? error.message : String(error);
        await writeText(io.stdout, `",\n  "error": ${JSON.stringify({ code, message })}\n}\n`).catch(() => undefined);
      }
      throw error;
    }
    const ok = violations.total === 0;
    const dropped = { tokens: tokens.dropped, violations: violations.dropped };
    if (format === 'json') {
      const report = JSON.stringify({ ok, tokens: tokens.items, violations: violations.items.map(violationJson), dropped }, null, 2);
      if (!streamOutput) await writeText(io.stdout, `${report}\n`);
      else await writeText(io.stdout, `${started ? '' : '{\n  "output": "'}",${report.slice(1)}\n`);
    } else {
      const summary = ok
        ? style('green', `✓ ${plural(tokens.total, 'token')}, no violations`)
        : style('red', `✗ ${plural(violations.total, 'violation')}, ${plural(tokens.total, 'token')}`);
      await writeText(io.stdout, formatViolations(violations.items, style, { clean: '', summary, dropped: violations.dropped, moreHint: `(--max-listed ${maxListed})` }));
    }
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
