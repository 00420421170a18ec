import type { Command } from './command';
import { ExitCode } from './exit-code';
import { UsageError } from './usage-error';
import { writeText } from './write-text';

/** `parley triage`: says whether a query needs the negotiation loop. */
export const triageCommand: Command = {
  path: ['triage'],
  summary: 'Say whether a query needs orchestrator ↔ sub-agent negotiation.',
  arguments: '<query>',
  description: 'Prints {"negotiate": bool, "pattern": string, "reason": string}. Exits 0 either way.',
  examples: ['parley triage "Compare tokio and async-std for web servers"', 'parley triage "what is E0382"'],
  async run({ positionals, io }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { triage } = await import('@parley/negotiation');
    const query = positionals.join(' ').trim();
    if (query === '') throw new UsageError({ message: 'missing <query>' });
    await writeText(io.stdout, `${JSON.stringify(triage(query))}\n`);
    return ExitCode.Clean;
  },
};
