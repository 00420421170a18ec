import { transformText } from '@parley/core';
import { redactSecrets } from '@parley/redaction';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { readInput } from './read-input';
import { singleInput } from './single-input';
import { writeText } from './write-text';

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
  ].join('\n'),
  options: {
    report: { type: 'boolean', description: 'Write one JSON line per secret found to stderr.' },
  },
  examples: ['parley redact agent.log > agent.redacted.log', 'model-output | parley redact --report - 2> findings.jsonl'],
  async run({ positionals, values, io }) {
    const path = singleInput(positionals, 'redact');
    // Report lines wait for the text they belong to, then are written with backpressure: a reader
    // of the report that goes away (2>&1 >/dev/null | head -1) stops redact as stdout's would.
    let report: string[] = [];
    const redactor = redactSecrets(values['report'] === true ? { onSecret: ({ type, start, end }) => report.push(`${JSON.stringify({ type, start, end })}\n`) } : {});
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
