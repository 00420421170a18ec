import { choiceOption } from './choice-option';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { formatViolations, violationJson } from './format-violations';
import { readText } from './read-text';
import { singleInput } from './single-input';
import { writeText } from './write-text';

/** `parley check envelope`: runs the parent parse contract on a subagent's response. */
export const checkEnvelopeCommand: Command = {
  path: ['check', 'envelope'],
  summary: 'Check a subagent response against the fenced-YAML envelope contract.',
  arguments: '<input>',
  description: [
    'Runs the parent parse contract (detect, validate, stub, fuzzy-redact, strip _marker) on a',
    'response and prints JSON: {"ok", "envelope", "violations": [{"rule","code","path","message"}],',
    '"incidents"} (or a readable list with --format pretty). The envelope is the one a parent would use: stubbed to status malformed when it',
    'must be, never with a _marker, never with a secret. There is no reformat retry here.',
    'Exits 0 when ok, 1 when not. COMPRESSION violations are advice and only fail with --strict.',
  ].join('\n'),
  options: {
    strict: { type: 'boolean', description: 'Also fail on advisory COMPRESSION violations.' },
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
  },
  examples: ['parley check envelope child-reply.md', 'parley check envelope --format pretty child-reply.md', 'subagent | parley check envelope - | jq .violations'],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const { parseSubagentResponse } = await import('@parley/envelope');
    const path = singleInput(positionals, 'check envelope');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const result = await parseSubagentResponse(await readText(path, io, { documentName: 'an envelope' }));
    const failing = result.violations.filter((violation) => values['strict'] === true || violation.rule !== 'COMPRESSION');
    const ok = failing.length === 0 && result.incidents.length === 0 && result.status !== 'malformed';
    if (format === 'json') {
      await writeText(io.stdout, `${JSON.stringify({ ok, envelope: result.envelope, violations: result.violations.map(violationJson), incidents: result.incidents }, null, 2)}\n`);
    } else {
      const problems = [`status ${result.status}`, ...(result.incidents.length === 0 ? [] : [`${result.incidents.length} incident${result.incidents.length === 1 ? '' : 's'}`])];
      const count = result.violations.length;
      const summary = ok && count === 0 ? style('green', `✓ a usable envelope (${problems.join(', ')})`) : style(ok ? 'yellow' : 'red', `${ok ? '✓' : '✗'} ${count.toLocaleString('en-US')} violation${count === 1 ? '' : 's'}, ${problems.join(', ')}`);
      // Incident messages never hold the secret; they are escaped with the violations all the same.
      await writeText(io.stdout, formatViolations(result.violations, style, { clean: '', summary }));
    }
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
