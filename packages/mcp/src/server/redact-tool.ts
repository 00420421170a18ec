import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { textInput } from './tool-schemas';

/** `redact`: the text with every secret replaced by `<REDACTED:TYPE>`, and where each one was. */
export const redactTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'redact',
    title: 'Redact secrets',
    description:
      'Returns the text with every secret (provider keys and tokens, also spaced out; URL passwords; Bearer and Basic credentials; private keys; high-entropy strings) replaced by <REDACTED:TYPE>, and the type and UTF-16 offsets of each secret in the input. The same rules as `parley redact`.',
    inputSchema: { text: textInput(limits.maxTextLength, 'The text to redact.') },
    outputSchema: {
      text: z.string(),
      findings: z.array(z.object({ type: z.string(), start: z.number(), end: z.number() })),
    },
    async run({ text }) {
      // Loaded here: a server that is never asked to redact does not load the catalogue twice.
      const [{ collectText, transformText }, { redactSecretsStream }] = await Promise.all([import('@parley/core'), import('@parley/redaction')]);
      const findings: { type: string; start: number; end: number }[] = [];
      const redacted = await collectText(transformText([text], redactSecretsStream({ onSecret: ({ type, start, end }) => findings.push({ type, start, end }) })));
      return { text: redacted, findings };
    },
  });
