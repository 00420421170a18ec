import { transformText } from '@parley/core';
import { type FoundToken, type GuardMode, guardTokens, type IsolationPhase, type TokenViolation } from '@parley/tokens';
import { choiceOption } from './choice-option';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { listOption } from './list-option';
import { readInput } from './read-input';
import { singleInput } from './single-input';

const phases = ['independent', 'critique', 'open'] as const;
const modes = ['validate', 'repair', 'enforce'] as const;

/** `parley check tokens`: validates a message against the C-suite token protocol. */
export const checkTokensCommand: Command = {
  path: ['check', 'tokens'],
  summary: 'Check a message against the C-suite inter-agent token protocol (R1–R6).',
  arguments: '<input>',
  description: [
    'Prints JSON {"ok", "tokens", "violations": [{"rule","code","message","line","column","fix"?}]}',
    '(or a readable list with --format pretty) and exits 0 when ok, 1 when there are violations.',
    'With --mode repair (fix what is unambiguous) or --mode enforce (also replace barred INVOKEs',
    'with BLOCKED + ASSUMPTION), "output" holds the changed text and the report describes it.',
    'The input streams: memory stays bounded by the line and response caps.',
  ].join('\n'),
  options: {
    chain: { type: 'string', valueName: '<a,b,c>', description: 'The path from the first caller to the speaker, speaker last (enables the loop guard).' },
    phase: { type: 'string', valueName: '<independent|critique|open>', description: 'The isolation phase (R6).', default: 'open' },
    mode: { type: 'string', valueName: '<validate|repair|enforce>', description: 'What to do with what is found.', default: 'validate' },
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
  },
  examples: ['parley check tokens reply.txt', 'parley check tokens --chain cro,cfo --phase open - < cfo-reply.txt', 'parley check tokens --format pretty reply.txt'],
  async run({ positionals, values, io, style }) {
    const path = singleInput(positionals, 'check tokens');
    const phase = choiceOption(values, 'phase', phases, 'open');
    const mode = choiceOption(values, 'mode', modes, 'validate');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const chain = listOption(values, 'chain');

    const tokens: FoundToken[] = [];
    const violations: TokenViolation[] = [];
    const validator = guardTokens({ mode: mode as GuardMode, phase: phase as IsolationPhase, ...(chain === undefined ? {} : { chain }) });
    for (const kind of ['invoke', 'response', 'blocked', 'assumption', 'conflict', 'broadcast', 'chain'] as const) {
      validator.on(kind, ({ token, line }) => tokens.push({ ...token, line } as FoundToken));
    }
    validator.on('violation', ({ stream: _stream, ...violation }) => violations.push(violation));
    const output: string[] = [];
    for await (const text of transformText(await readInput(path, io), validator)) {
      if (mode !== 'validate') output.push(text);
    }
    const ok = violations.length === 0;
    const report = mode === 'validate' ? { ok, tokens, violations } : { ok, tokens, violations, output: output.join('') };
    if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      const lines = [ok ? style('green', `✓ ${tokens.length} token${tokens.length === 1 ? '' : 's'}, no violations`) : style('red', `✗ ${violations.length} violation${violations.length === 1 ? '' : 's'}, ${tokens.length} token${tokens.length === 1 ? '' : 's'}`)];
      for (const violation of violations) {
        lines.push(`  ${style('dim', `${violation.line}:${violation.column}`)} ${style('yellow', `${violation.rule} ${violation.code}`)} ${violation.message}`);
        if (violation.fix !== undefined) lines.push(`    ${style('green', 'fix:')} ${violation.fix.split('\n').join('\n         ')}`);
      }
      io.stdout.write(`${lines.join('\n')}\n`);
    }
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
