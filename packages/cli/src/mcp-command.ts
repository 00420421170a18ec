import type { Command } from './command';
import { ExitCode } from './exit-code';
import { listOption } from './list-option';
import { countOption } from './count-option';
import { UsageError } from './usage-error';
import { quoteArgument } from './quote-argument';

/** `parley mcp`: Parley's checks as MCP tools, served over standard input and output. */
export const mcpCommand: Command = {
  path: ['mcp'],
  summary: "Serve Parley's checks as MCP tools over stdio, for any MCP-capable agent.",
  description: [
    'Speaks the Model Context Protocol on standard input and output (newline-delimited JSON-RPC)',
    'and offers Parley\'s checks as tools: redact, check_tokens, check_envelope, check_reply,',
    'check_request and triage, each with a JSON schema for its input and its output. A tool answers',
    'with JSON text and the same object as structured content; bad input is a tool error carrying',
    '{"error": {"code", "message"}}, never a crash, and no answer ever holds a secret (every string',
    'returned passes through the redactor). check_reply never looks at the disk: a [FILE: …] path',
    'counts when it is listed as delivered. Nothing but protocol messages is written to stdout;',
    'input that is not JSON-RPC is skipped. Runs until standard input ends, then exits 0.',
  ].join('\n'),
  options: {
    tools: { type: 'string', valueName: '<name,name,…>', description: 'Serve only these tools (default: all six).' },
    'max-text-length': { type: 'string', valueName: '<n>', description: 'The longest text a tool takes, in UTF-16 code units.', default: String(4 * 1024 * 1024) },
  },
  examples: ['parley mcp', 'claude mcp add parley -- npx -y @parley/cli mcp', 'parley mcp --tools redact,check_tokens'],
  async run({ positionals, values, io }) {
    if (positionals.length > 0) throw new UsageError({ message: `unexpected argument ${quoteArgument(positionals[0] ?? '')}: mcp reads its requests from standard input` });
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const [{ createParleyMcpServer, parleyToolNames }, { serveStdio }] = await Promise.all([import('@parley/mcp'), import('./serve-stdio')]);
    const tools = listOption(values, 'tools');
    for (const tool of tools ?? []) {
      if (!(parleyToolNames as readonly string[]).includes(tool)) throw new UsageError({ message: `--tools: unknown tool ${quoteArgument(tool)}; the tools are ${parleyToolNames.join(', ')}` });
    }
    const maxTextLength = countOption(values, 'max-text-length', 4 * 1024 * 1024, 1);
    const server = createParleyMcpServer({ maxTextLength, ...(tools === undefined ? {} : { tools: tools as typeof parleyToolNames }) });
    await serveStdio(server, io);
    return ExitCode.Clean;
  },
};
