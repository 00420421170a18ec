import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { textInput, violationOutput } from './tool-schemas';

const tokenKinds = ['invoke', 'response', 'blocked', 'assumption', 'conflict', 'broadcast', 'chain'] as const;

/** `check_tokens`: a message against the C-suite token protocol (R1–R6), as `parley check tokens`. */
export const checkTokensTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'check_tokens',
    title: 'Check C-suite protocol tokens',
    description:
      'Checks a message against the C-suite inter-agent token protocol (rules R1–R6): the tokens it holds ([INVOKE:role|…], [RESPONSE:role] blocks, BLOCKED, ASSUMPTION, CONFLICT, BROADCAST, CHAIN) and every violation with its rule, code, line, column and, where there is one right answer, the fix. With mode "repair" the unambiguous fixes are applied and the changed text is returned as "output"; "enforce" also replaces barred INVOKEs with BLOCKED + ASSUMPTION.',
    inputSchema: {
      text: textInput(limits.maxTextLength, 'The message to check.'),
      chain: z.array(z.string().max(256)).max(64).optional().describe('The path from the first caller to the speaker, speaker last (enables the loop guard, R4).'),
      phase: z.enum(['independent', 'critique', 'open']).optional().describe('The isolation phase (R6). Default open.'),
      mode: z.enum(['validate', 'repair', 'enforce']).optional().describe('What to do with what is found. Default validate.'),
    },
    outputSchema: {
      ok: z.boolean(),
      output: z.string().optional(),
      tokens: z.array(z.looseObject({ kind: z.string(), line: z.number() })),
      violations: violationOutput,
    },
    async run({ text, chain, phase, mode = 'validate' }) {
      const [{ collectText, transformText }, { guardTokensStream }] = await Promise.all([import('@parley/core'), import('@parley/tokens')]);
      const tokens: Record<string, unknown>[] = [];
      const violations: Record<string, unknown>[] = [];
      const guard = guardTokensStream({ mode, ...(phase === undefined ? {} : { phase }), ...(chain === undefined ? {} : { chain }) });
      for (const kind of tokenKinds) guard.on(kind, ({ token, line }) => tokens.push({ ...token, line }));
      guard.on('violation', ({ stream: _stream, ...violation }) => violations.push({ ...violation }));
      const output = await collectText(transformText([text], guard));
      return { ok: violations.length === 0, ...(mode === 'validate' ? {} : { output }), tokens, violations };
    },
  });
