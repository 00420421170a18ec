import type { Command } from './command';
import { ExitCode } from './exit-code';
import { readText } from './read-text';
import { singleInput } from './single-input';
import { writeText } from './write-text';

/** `parley check negotiation`: parses a sub-agent's structured response. */
export const checkNegotiationCommand: Command = {
  path: ['check', 'negotiation'],
  summary: 'Check a structured negotiation response (Findings, Confidence, Gaps, Context Needed).',
  arguments: '<input>',
  description: 'Prints {"ok", "response", "violations": [{"code","message"}]}. Exits 0 when ok, 1 when not.',
  examples: ['parley check negotiation round-1.md'],
  async run({ positionals, io }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { parseStructuredResponse } = await import('@parley/negotiation');
    const path = singleInput(positionals, 'check negotiation');
    const { response, violations } = parseStructuredResponse(await readText(path, io, { documentName: 'a structured response' }));
    const ok = violations.length === 0;
    await writeText(io.stdout, `${JSON.stringify({ ok, response, violations }, null, 2)}\n`);
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
