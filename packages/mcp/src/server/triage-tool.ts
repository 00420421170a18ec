import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { textInput } from './tool-schemas';

/** `triage`: whether a query needs orchestrator ↔ sub-agent negotiation, as `parley triage` says. */
export const triageTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'triage',
    title: 'Triage a query',
    description:
      'Says whether a query needs the orchestrator ↔ sub-agent negotiation loop (comparisons, cross-domain or ambiguous questions) or can be answered in one pass, with the pattern it matched and why. The same answer as `parley triage`.',
    inputSchema: { query: textInput(limits.maxTextLength, 'The user query to triage.') },
    outputSchema: { negotiate: z.boolean(), pattern: z.string(), reason: z.string() },
    async run({ query }) {
      const { triage } = await import('@parley/negotiation');
      return { ...triage(query) };
    },
  });
