import { parseStructuredResponse } from '@parley/negotiation';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { readText } from './read-text';
import { UsageError } from './usage-error';

/** `parley check negotiation`: parses a sub-agent's structured response. */
export const checkNegotiationCommand: Command = {
  path: ['check', 'negotiation'],
  summary: 'Check a structured negotiation response (Findings, Confidence, Gaps, Context Needed).',
  arguments: '<input>',
  description: 'Prints {"ok", "response", "violations": [{"code","message"}]}. Exits 0 when ok, 1 when not.',
  examples: ['parley check negotiation round-1.md'],
  async run({ positionals, io }) {
    const [path, ...extra] = positionals;
    if (path === undefined) throw new UsageError({ message: 'missing <input> (a file path, or - for standard input)' });
    if (extra.length > 0) throw new UsageError({ message: `unexpected argument "${extra[0]}": check negotiation takes one input` });
    const { response, violations } = parseStructuredResponse(await readText(path, io));
    const ok = violations.length === 0;
    io.stdout.write(`${JSON.stringify({ ok, response, violations }, null, 2)}\n`);
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
