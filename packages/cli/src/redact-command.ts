import { transformText } from '@parley/core';
import { type RedactSecretsStreamOptions, redactSecretsStream } from '@parley/redaction';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { listRulesText } from './list-rules-text';
import { readInput } from './read-input';
import { readRulesConfig } from './read-rules-config';
import { singleInput } from './single-input';
import { UsageError } from './usage-error';
import { writeText } from './write-text';

/** Lines of files can be long (minified code, JSON lines): regex rules and the marker hold up to 1 MiB of one. */
const FILE_LINE_LENGTH = 1_048_576;

/** `parley redact`: streams an input to stdout with every secret replaced by `<REDACTED:TYPE>`. */
export const redactCommand: Command = {
  path: ['redact'],
  summary: 'Stream text to stdout with secrets replaced by <REDACTED:TYPE>.',
  arguments: '<input>',
  description: [
    'Reads a file, or standard input with -, and writes it to stdout with every secret redacted:',
    'provider keys and tokens (also when spaced out), URL passwords, Bearer/Basic credentials,',
    'private keys and high-entropy strings. Memory stays constant however long the input is.',
    'With --report, one JSON line per secret ({"type","start","end"}, offsets in the input) goes',
    'to stderr. Exits 0 when the input was read, whether or not it held secrets. Binary or',
    'non-UTF-8 input is refused (exit 2, one line with the byte offset), never rewritten; UTF-16',
    'with a byte order mark is read and written out as UTF-8. Apart from secrets the text is written',
    'as it is, control characters included, as cat does: use cat -v or less to view untrusted text.',
    '--config reads a gitleaks-style TOML file ([[rules]] with id, regex, keywords, secretGroup,',
    'entropy and allowlists) and adds its rules; a bad file exits 2 with one line naming the rule,',
    'the field and the problem. --allow-marker leaves lines carrying parley:allow as they are: off',
    'by default, since a model (or text it quotes) can write the marker too. --list-rules prints',
    'the built-in rules (--json for machines) and reads no input.',
  ].join('\n'),
  options: {
    report: { type: 'boolean', description: 'Write one JSON line per secret found to stderr.' },
    config: { type: 'string', valueName: '<file.toml>', description: 'Add the rules of a gitleaks-style TOML config.' },
    'allow-marker': { type: 'boolean', description: 'Leave lines that carry parley:allow as they are.' },
    'list-rules': { type: 'boolean', description: 'Print the built-in rules and exit.' },
    json: { type: 'boolean', description: 'With --list-rules: print them as JSON.' },
  },
  examples: [
    'parley redact agent.log > agent.redacted.log',
    'model-output | parley redact --report - 2> findings.jsonl',
    'parley redact --config .gitleaks.toml --allow-marker notes.md',
    'parley redact --list-rules --json',
  ],
  async run({ positionals, values, io, style }) {
    if (values['list-rules'] === true) {
      if (positionals.length > 0) throw new UsageError({ message: '--list-rules reads no input; leave out the <input>' });
      await writeText(io.stdout, listRulesText({ json: values['json'] === true, style }));
      return ExitCode.Clean;
    }
    if (values['json'] === true) throw new UsageError({ message: '--json goes with --list-rules; use --report for findings as JSON' });
    const path = singleInput(positionals, 'redact');
    const config = typeof values['config'] === 'string' ? await readRulesConfig(values['config']) : undefined;
    // Report lines wait for the text they belong to, then are written with backpressure: a reader
    // of the report that goes away (2>&1 >/dev/null | head -1) stops redact as stdout's would.
    let report: string[] = [];
    const options: RedactSecretsStreamOptions = {
      ...(config === undefined ? {} : { rules: config.rules, allow: config.allow }),
      ...(values['allow-marker'] === true ? { allowMarker: true } : {}),
      ...(config !== undefined || values['allow-marker'] === true ? { maxLineLength: FILE_LINE_LENGTH } : {}),
      ...(values['report'] === true ? { onSecret: ({ type, start, end }) => report.push(`${JSON.stringify({ type, start, end })}\n`) } : {}),
    };
    const redactor = redactSecretsStream(options);
    const flushReport = async (): Promise<void> => {
      if (report.length === 0) return;
      const lines = report.join('');
      report = [];
      await writeText(io.stderr, lines);
    };
    for await (const text of transformText(await readInput(path, io), redactor)) {
      await flushReport();
      await writeText(io.stdout, text);
    }
    await flushReport();
    return ExitCode.Clean;
  },
};
