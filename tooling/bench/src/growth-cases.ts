/**
 * Every public entry point of Parley that takes text — each CLI command and each exported
 * function of core, tokens, envelope, negotiation, redaction, telegram and dispatch's text functions — with
 * inputs built to be slow for it. One list feeds both `pnpm bench`'s growth table (timed, on the
 * built packages) and the clock-free growth tests (work counted, on the sources).
 *
 * @module
 */
import type * as Cli from '@parley/cli';
import type * as Core from '@parley/core';
import type * as Dispatch from '@parley/dispatch/guards';
import type * as Envelope from '@parley/envelope';
import type * as Negotiation from '@parley/negotiation';
import type * as Redaction from '@parley/redaction';
import type * as Telegram from '@parley/telegram';
import type * as Tokens from '@parley/tokens';

/** The packages the cases run, as modules (sources in tests, `dist/` in the benchmark). */
export interface GrowthModules {
  readonly core: typeof Core;
  readonly tokens: typeof Tokens;
  readonly envelope: typeof Envelope;
  readonly negotiation: typeof Negotiation;
  readonly redaction: typeof Redaction;
  readonly dispatch: typeof Dispatch;
  readonly telegram: typeof Telegram;
  readonly cli: typeof Cli;
}

/** One entry point on one adversarial input shape. */
export interface GrowthCase {
  /** The entry point, such as `"tokens checkTokens"` or `"cli check request"`. */
  readonly entry: string;
  /** The input shape, such as `"[ repeated"`. */
  readonly input: string;
  /** Builds an input of about `size` characters. */
  readonly make: (size: number) => string;
  /** Runs the entry point on the whole input; a promise for the asynchronous ones. */
  readonly run: (text: string) => unknown;
  /** Whether `run` returns a promise. */
  readonly async?: boolean;
  /** A known super-linear defect this shape shows, while it is open. */
  readonly knownDefect?: string;
  /** The smallest size the clock-free test counts at (it also counts at twice and four times it). Default 2,000. */
  readonly testSize?: number;
}

/** Repeats `unit` to `size` characters (cut at the end). */
export const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** `unit(i)` for i = 0, 1, 2, … joined until `size` characters. */
export const numbered = (unit: (index: number) => string, size: number): string => {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const part = unit(index);
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
};

const chunked = (text: string, length: number): string[] => {
  const chunks: string[] = [];
  for (let offset = 0; offset < text.length; offset += length) chunks.push(text.slice(offset, offset + length));
  return chunks;
};

/** Streams `text` through one session of `middleware` in 4,096-character chunks. */
const stream = (middleware: { open(context: { readonly streamId: string }): Core.TextSession }, text: string): number => {
  const session = middleware.open({ streamId: 'growth' });
  let released = 0;
  for (const chunk of chunked(text, 4096)) released += session.write(chunk).length;
  return released + session.end().length;
};

const manyKeysEnvelope = (size: number): string =>
  ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "many keys"', 'reported_by: ["a"]', numbered((index) => `key_${index}: value\n`, size), '```'].join('\n');

/** The cases, built on `modules`. */
export function growthCases(modules: GrowthModules): GrowthCase[] {
  const { core, tokens, envelope, negotiation, redaction, dispatch, telegram, cli } = modules;

  const runCommand = async (argv: readonly string[], text: string): Promise<number> => {
    let written = 0;
    const io: Cli.CliIo = {
      stdin: (async function* () {
        yield* chunked(text, 65_536);
      })(),
      stdout: { write: (output: string) => (written += output.length), isTTY: false },
      stderr: { write: (output: string) => (written += output.length), isTTY: false },
      env: {},
    };
    await cli.runCli({ argv, io, version: '0.0.0' });
    return written;
  };
  const command = (argv: readonly string[], input: string, make: (size: number) => string, knownDefect?: string): GrowthCase => ({
    entry: `cli ${argv.join(' ')}`,
    input,
    make,
    run: (text) => runCommand([...argv, '-'], text),
    async: true,
    ...(knownDefect === undefined ? {} : { knownDefect }),
  });

  const prose = (size: number): string => repeatTo('The committed pipeline is about $3M; the cfo and cro disagree on timing. ', size);
  const manyPaths = (size: number): string =>
    `Write the report to /app/data/shared/acme-launch/report.md as Markdown. Read ${numbered((index) => `/app/data/shared/acme-launch/input-${index}.md, `, size)}`;
  const fileMarkers = (size: number): string => `[RESULT_START]\n${repeatTo('[FILE: ', size)}`;
  const replyContext: Dispatch.ReplyContext = { dispatched: ['3f9a1c2e'], fileExists: () => false };

  return [
    // @parley/core
    { entry: 'core applyText(replaceTextStream)', input: 'a… against search a×40 b', make: (size) => repeatTo('a', size), run: (text) => core.applyText(core.replaceTextStream({ search: `${'a'.repeat(40)}b`, replacement: 'X' }), text) },
    { entry: 'core applyText(replaceTextStream)', input: 'aab repeated against search aaab', make: (size) => repeatTo('aab', size), run: (text) => core.applyText(core.replaceTextStream({ search: 'aaab', replacement: 'X' }), text) },
    { entry: 'core applyText(compose)', input: 'prose', make: prose, run: (text) => core.applyText(core.compose(core.passthroughStream(), core.replaceTextStream({ search: 'cfo', replacement: 'CFO' })), text) },
    { entry: 'core feedLines', input: 'one line, no newline', make: (size) => repeatTo('x', size), run: (text) => { let parts = 0; for (const chunk of chunked(text, 16)) core.feedLines(chunk, { appendToLine: () => (parts += 1), endLine: () => (parts += 1) }); return parts; } },
    { entry: 'core feedLines', input: 'newlines only', make: (size) => repeatTo('\n', size), run: (text) => { let lines = 0; core.feedLines(text, { appendToLine: () => undefined, endLine: () => (lines += 1) }); return lines; } },
    { entry: 'core collectText', input: 'prose in 4 K chunks', make: prose, run: (text) => core.collectText(chunked(text, 4096)), async: true },

    // @parley/tokens
    { entry: 'tokens checkTokens', input: '[ repeated', make: (size) => repeatTo('[', size), run: (text) => tokens.checkTokens(text) },
    { entry: 'tokens checkTokens', input: 'unclosed [INVOKE:cfo|…', make: (size) => `[INVOKE:cfo|${repeatTo('x', size)}`, run: (text) => tokens.checkTokens(text) },
    { entry: 'tokens checkTokens', input: '[INVOKE: repeated', make: (size) => repeatTo('[INVOKE:', size), run: (text) => tokens.checkTokens(text) },
    { entry: 'tokens checkTokens', input: 'unclosed [RESPONSE:cfo] with many lines', make: (size) => `[RESPONSE:cfo]\n${repeatTo('- a line\n', size)}`, run: (text) => tokens.checkTokens(text) },
    { entry: 'tokens checkTokens', input: 'prose invocations (Hey CFO,)', make: (size) => repeatTo('Hey CFO, ', size), run: (text) => tokens.checkTokens(text) },
    { entry: 'tokens parseToken', input: 'unclosed [INVOKE:cfo|…', make: (size) => `[INVOKE:cfo|${repeatTo('x', size)}`, run: (text) => tokens.parseToken(text) },
    { entry: 'tokens checkTokensStream', input: '[CHAIN: cfo] repeated', make: (size) => repeatTo('[CHAIN: cfo]\n', size), run: (text) => stream(tokens.checkTokensStream(), text) },
    { entry: 'tokens guardTokensStream repair', input: 'prose invocations (Hey CFO,)', make: (size) => repeatTo('Hey CFO, can we ship?\n', size), run: (text) => stream(tokens.guardTokensStream({ mode: 'repair' }), text) },
    { entry: 'tokens guardTokensStream enforce', input: 'circular [INVOKE:cro|…] repeated', make: (size) => repeatTo('[INVOKE:cro|Pipeline?]\n', size), run: (text) => stream(tokens.guardTokensStream({ mode: 'enforce', chain: ['cro', 'cfo'] }), text) },

    // @parley/envelope
    { entry: 'envelope parseSubagentResponse', input: 'YAML mapping with many keys', make: manyKeysEnvelope, run: (text) => envelope.parseSubagentResponse(text), async: true, testSize: 16_000 },
    { entry: 'envelope parseYamlSafely', input: 'mapping with many keys', make: (size) => numbered((index) => `key_${index}: value\n`, size), run: (text) => envelope.parseYamlSafely(text), testSize: 8_000 },
    { entry: 'envelope parseYamlSafely', input: 'flow sequence [[[[', make: (size) => repeatTo('[', size), run: (text) => envelope.parseYamlSafely(text) },
    { entry: 'envelope detectEnvelope', input: '```yaml openers repeated', make: (size) => repeatTo('```yaml\n', size), run: (text) => envelope.detectEnvelope(text) },
    { entry: 'envelope detectEnvelope', input: 'backticks repeated', make: (size) => repeatTo('`', size), run: (text) => envelope.detectEnvelope(text) },
    { entry: 'envelope detectEnvelopeStream', input: '```yaml openers repeated', make: (size) => repeatTo('```yaml\n', size), run: (text) => stream(envelope.detectEnvelopeStream(), text) },
    { entry: 'envelope lintCaveman', input: 'prose', make: prose, run: (text) => envelope.lintCaveman(text) },
    { entry: 'envelope caveman', input: 'prose', make: prose, run: (text) => envelope.caveman(text) },
    { entry: 'envelope checkForbiddenContent', input: 'sk- repeated in a summary', make: (size) => repeatTo('sk-', size), run: (text) => envelope.checkForbiddenContent({ summary: text }) },
    { entry: 'envelope parseRef', input: '<REF: with a long path', make: (size) => `<REF:${repeatTo('a/', size)}`, run: (text) => envelope.parseRef(text) },

    // @parley/negotiation
    { entry: 'negotiation parseStructuredResponse', input: '## Findings headers repeated', make: (size) => repeatTo('## Findings\n', size), run: (text) => negotiation.parseStructuredResponse(text) },
    { entry: 'negotiation parseStructuredResponse', input: 'many bullets', make: (size) => `## Findings\n${repeatTo('- a finding\n', size)}`, run: (text) => negotiation.parseStructuredResponse(text) },
    { entry: 'negotiation parseStructuredResponseStream', input: 'Confidence: repeated', make: (size) => repeatTo('Confidence: ', size), run: (text) => stream(negotiation.parseStructuredResponseStream(), text) },
    { entry: 'negotiation readConfidence', input: 'confidence words repeated', make: (size) => repeatTo('confidence medium high ', size), run: (text) => negotiation.readConfidence(text) },
    { entry: 'negotiation triage', input: 'compare … vs … repeated', make: (size) => repeatTo('compare tokio vs async-std and ', size), run: (text) => negotiation.triage(text) },
    { entry: 'negotiation deriveAspects', input: 'a vs b and c repeated', make: (size) => numbered((index) => `lib${index} vs `, size), run: (text) => negotiation.deriveAspects(text) },

    // @parley/redaction
    { entry: 'redaction redactSecrets', input: 'prose', make: prose, run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: 'sk- repeated', make: (size) => repeatTo('sk-', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: 'A K I A  repeated', make: (size) => repeatTo('A K I A ', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: 'Bearer  repeated', make: (size) => repeatTo('Bearer ', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: 'https://u:p repeated (no @)', make: (size) => repeatTo('https://u:p', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: '-----BEGIN repeated', make: (size) => repeatTo('-----BEGIN ', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction redactSecrets', input: 'eyJ repeated', make: (size) => repeatTo('eyJ.', size), run: (text) => redaction.redactSecrets(text) },
    { entry: 'redaction findSecrets', input: 'random token run', make: (size) => repeatTo('aB3xQ9zK7pL2', size), run: (text) => redaction.findSecrets(text) },
    { entry: 'redaction redactSecretsStream', input: 'sk- repeated', make: (size) => repeatTo('sk-', size), run: (text) => stream(redaction.redactSecretsStream(), text) },
    { entry: 'redaction redactValue', input: 'A K I A  repeated in a value', make: (size) => repeatTo('A K I A ', size), run: (text) => redaction.redactValue({ note: text }) },

    // @parley/dispatch (text functions)
    { entry: 'dispatch lintRequest', input: 'many paths', make: manyPaths, run: (text) => dispatch.lintRequest(text) },
    { entry: 'dispatch lintRequest', input: 'one long line of prose', make: prose, run: (text) => dispatch.lintRequest(text) },
    { entry: 'dispatch checkReply', input: '[FILE: repeated', make: (size) => repeatTo('[FILE: ', size), run: (text) => dispatch.checkReply(text, replyContext) },
    { entry: 'dispatch checkReply', input: 'task ids and promises repeated', make: (size) => repeatTo("I'll dispatch task 3f9a1c2e and ab12cd34 now. ", size), run: (text) => dispatch.checkReply(text, replyContext) },
    { entry: 'dispatch guardReplyStream', input: '[FILE: repeated', make: (size) => repeatTo('[FILE: ', size), run: (text) => stream(dispatch.guardReplyStream(replyContext), text) },
    { entry: 'dispatch classifyConfirmation', input: 'yes ok go repeated', make: (size) => repeatTo('yes ok go ', size), run: (text) => dispatch.classifyConfirmation(text) },
    { entry: 'dispatch classifyRequest', input: 'paths repeated', make: (size) => repeatTo('update /app/data/shared/p/a-v2.md ', size), run: (text) => dispatch.classifyRequest(text, { delivered: ['/app/data/shared/p/a.md'] }) },
    { entry: 'dispatch checkProgressLine', input: 'one long line', make: prose, run: (text) => dispatch.checkProgressLine(text) },
    { entry: 'dispatch checkSharedPath', input: 'deep path', make: (size) => `/app/data/shared/${repeatTo('Ab/', size)}`, run: (text) => dispatch.checkSharedPath(text) },
    { entry: 'dispatch checkIterationPath', input: 'version markers repeated', make: (size) => `/app/data/shared/p/${repeatTo('a-v2-', size)}.md`, run: (text) => dispatch.checkIterationPath(text, '/app/data/shared/p/a.md') },
    { entry: 'dispatch toKebabCase', input: 'aB repeated', make: (size) => repeatTo('aB', size), run: (text) => dispatch.toKebabCase(text) },
    { entry: 'dispatch withInPlaceInstructions', input: 'prose', make: prose, run: (text) => dispatch.withInPlaceInstructions(text, '/app/data/shared/p/a.md') },

    // @parley/telegram (presentation)
    { entry: 'telegram presentResult', input: 'unclosed [FILE: repeated', make: fileMarkers, run: (text) => telegram.presentResult(text, { language: 'en' }) },
    { entry: 'telegram presentResult', input: '_Thinking:_ lines', make: (size) => repeatTo('_Thinking:_ hmm\n', size), run: (text) => telegram.presentResult(text) },
    { entry: 'telegram presentResult', input: '[RESULT_START] repeated', make: (size) => repeatTo('[RESULT_START]', size), run: (text) => telegram.presentResult(text, { language: 'en' }) },
    { entry: 'telegram markdownToTelegramHtml', input: '* repeated', make: (size) => repeatTo('*', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: '[ repeated', make: (size) => repeatTo('[', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: '**a repeated (unclosed)', make: (size) => repeatTo('**a _b `c ', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram splitTelegramMessage', input: 'tags repeated', make: (size) => '<b>bold</b> <i>it</i> '.repeat(Math.ceil(size / 22)), run: (text) => telegram.splitTelegramMessage(text) },
    { entry: 'telegram splitTelegramMessage', input: '&amp; repeated', make: (size) => repeatTo('&amp;', size), run: (text) => telegram.splitTelegramMessage(text) },
    { entry: 'telegram validateTelegramHtml', input: '< repeated', make: (size) => repeatTo('<', size), run: (text) => telegram.validateTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: '> repeated (depth)', make: (size) => repeatTo('>', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: '&# repeated', make: (size) => repeatTo('&#', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: 'nested emphasis *a **a ***a', make: (size) => repeatTo('*a **a ***a _a __a ', size), run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram markdownToTelegramHtml', input: 'table rows', make: (size) => `| a | b |\n|---|---|\n${repeatTo('| c | d |\n', size)}`, run: (text) => telegram.markdownToTelegramHtml(text) },
    { entry: 'telegram escapeHtml', input: '<&> repeated', make: (size) => repeatTo('<&>', size), run: (text) => telegram.escapeHtml(text) },

    // @parley/cli: every command, through runCli with the input on stdin
    command(['check', 'tokens'], '[ repeated', (size) => repeatTo('[', size)),
    command(['check', 'tokens', '--mode', 'repair'], 'prose invocations', (size) => repeatTo('Hey CFO, can we ship?\n', size)),
    { ...command(['check', 'envelope'], 'YAML mapping with many keys', manyKeysEnvelope), testSize: 16_000 },
    command(['check', 'negotiation'], 'many bullets', (size) => `## Findings\n${repeatTo('- a finding\n', size)}`),
    command(['check', 'reply', '--dispatched', '3f9a1c2e', '--no-disk'], '[FILE: repeated', (size) => repeatTo('[FILE: ', size)),
    command(['check', 'request'], 'many paths', manyPaths),
    command(['present', '--language', 'en'], 'unclosed [FILE: repeated', fileMarkers),
    command(['redact'], 'sk- repeated', (size) => repeatTo('sk-', size)),
    {
      entry: 'cli triage',
      input: 'a long query argument',
      make: (size) => repeatTo('compare tokio vs async-std and ', size),
      run: (text) => runCommand(['triage', text], ''),
      async: true,
    },
  ];
}
