import { choiceOption } from './choice-option';
import type { Command } from './command';
import { countOption } from './count-option';
import { ExitCode } from './exit-code';
import { readText } from './read-text';
import { singleInput } from './single-input';
import { writeText } from './write-text';

/** `parley present`: turns a specialist's reply into Telegram HTML. */
export const presentCommand: Command = {
  path: ['present'],
  summary: "Turn a specialist's reply into Telegram HTML: result only, filtered, converted, split.",
  arguments: '<input>',
  description: [
    'Takes the [RESULT_START]…[RESULT_END] blocks (else the last meaningful paragraph), drops',
    '_Thinking:_ lines, raw JSON, tool-call logs, code blocks (and English reasoning for zh-Hant),',
    'converts Markdown to the HTML Telegram accepts and splits it at 4,096 characters.',
    'Secrets in the reply are redacted first (as `parley redact` does) unless --keep-secrets:',
    'a chat is no place for a key a specialist echoed.',
    'Prints the HTML (messages separated by a line "--- message i of n ---" when there are',
    'several), or with --format json {"parts", "source", "dropped", "redactions"}. Exits 0.',
  ].join('\n'),
  options: {
    language: { type: 'string', valueName: '<zh-Hant|en>', description: 'The user\'s language.', default: 'zh-Hant' },
    limit: { type: 'string', valueName: '<n>', description: 'Most visible characters per message.', default: '4096' },
    format: { type: 'string', valueName: '<html|json>', description: 'Output format.', default: 'html' },
    'keep-secrets': { type: 'boolean', description: 'Do not redact secrets before presenting.' },
  },
  examples: ['parley present ba-reply.md', 'specialist | parley present - --format json | jq -r ".parts[]"'],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const [{ presentResult }, { findSecrets, redactSecrets }] = await Promise.all([import('@parley/telegram'), import('@parley/redaction')]);
    const path = singleInput(positionals, 'present');
    const language = choiceOption(values, 'language', ['zh-Hant', 'en'] as const, 'zh-Hant');
    const limit = countOption(values, 'limit', 4096, 16);
    const format = choiceOption(values, 'format', ['html', 'json'] as const, 'html');
    const reply = await readText(path, io, { documentName: 'a reply' });
    const redactions = values['keep-secrets'] === true ? 0 : findSecrets(reply).length;
    const result = presentResult(redactions === 0 ? reply : redactSecrets(reply), { language, limit });
    if (format === 'json') await writeText(io.stdout, `${JSON.stringify({ parts: result.parts, source: result.source, dropped: result.dropped, redactions }, null, 2)}\n`);
    else {
      const count = result.parts.length;
      // One write per message, so a closed pipe stops the rest.
      for (const [index, part] of result.parts.entries()) {
        await writeText(io.stdout, `${count === 1 ? '' : `${style('dim', `--- message ${index + 1} of ${count} ---`)}\n`}${part}\n`);
      }
      if (count === 0) await writeText(io.stdout, '\n');
    }
    return ExitCode.Clean;
  },
};
