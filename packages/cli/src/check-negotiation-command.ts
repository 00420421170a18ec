import { choiceOption } from './choice-option';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { formatViolations, violationJson } from './format-violations';
import { readText } from './read-text';
import { singleInput } from './single-input';
import { writeText } from './write-text';

/** `parley check negotiation`: parses a sub-agent's structured response. */
export const checkNegotiationCommand: Command = {
  path: ['check', 'negotiation'],
  summary: 'Check a structured negotiation response (Findings, Confidence, Gaps, Context Needed).',
  arguments: '<input>',
  description: 'Prints {"ok", "response", "violations": [{"rule","code","message"}]} (or a readable list with --format pretty). Exits 0 when ok, 1 when not.',
  options: {
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
  },
  examples: ['parley check negotiation round-1.md', 'parley check negotiation --format pretty round-1.md'],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { parseStructuredResponse } = await import('@parley/negotiation');
    const path = singleInput(positionals, 'check negotiation');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const { response, violations } = parseStructuredResponse(await readText(path, io, { documentName: 'a structured response' }));
    const ok = violations.length === 0;
    await writeText(
      io.stdout,
      format === 'json'
        ? `${JSON.stringify({ ok, response, violations: violations.map(violationJson) }, null, 2)}\n`
        : formatViolations(violations, style, { clean: `a structured response (confidence ${response.confidence})` }),
    );
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
