import { choiceOption } from './choice-option';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { formatViolations, violationJson } from './format-violations';
import { listOption } from './list-option';
import { readText } from './read-text';
import { singleInput } from './single-input';
import { writeText } from './write-text';

/** `parley check request`: lints the request a manager writes for a specialist. */
export const checkRequestCommand: Command = {
  path: ['check', 'request'],
  summary: 'Lint a request written for a specialist agent (complete, self-contained, no chaining).',
  arguments: '<input>',
  description: [
    'The specialist sees only this text. Prints JSON {"ok", "violations": [{"rule","code","message",',
    '"fix"?,"path"?}]} (or a readable list with --format pretty) and exits 0 when ok, 1 when not.',
    'Checks: more than an acknowledgement, a concrete action, an output format and path, every',
    'shared path in a kebab-case project directory, no chaining or orchestration verbs, no',
    'reference to the conversation.',
  ].join('\n'),
  options: {
    root: { type: 'string', valueName: '<dir>', description: 'The shared root holding one directory per agent.', default: '/app/data/shared' },
    project: { type: 'string', valueName: '<name>', description: 'The plan\'s project, used to suggest fixes for flat-root paths.' },
    'other-agents': { type: 'string', valueName: '<name,name,…>', description: 'Other specialists\' tool names; naming one is chaining.' },
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
  },
  examples: ['parley check request request.txt', 'echo "OK" | parley check request - --format pretty'],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { lintRequest } = await import('@parley/dispatch/guards');
    const path = singleInput(positionals, 'check request');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const otherAgents = listOption(values, 'other-agents');
    const violations = lintRequest(await readText(path, io, { documentName: 'a request' }), {
      root: String(values['root'] ?? '/app/data/shared'),
      ...(typeof values['project'] === 'string' ? { project: values['project'] } : {}),
      ...(otherAgents === undefined ? {} : { otherAgents }),
    });
    const ok = violations.length === 0;
    await writeText(io.stdout, format === 'json' ? `${JSON.stringify({ ok, violations: violations.map(violationJson) }, null, 2)}\n` : formatViolations(violations, style, { clean: 'a complete request' }));
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
