import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { idList, textInput, violationOutput } from './tool-schemas';

/** `check_request`: lints the request a manager writes for a specialist, as `parley check request`. */
export const checkRequestTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'check_request',
    title: 'Lint a request for a specialist',
    description:
      'Lints a request a manager wrote for a specialist agent, who sees only this text: more than an acknowledgement, a concrete action, an output format and path, every shared path in a kebab-case project directory under root, no chaining or orchestration verbs, no reference to the conversation.',
    inputSchema: {
      text: textInput(limits.maxTextLength, 'The request text.'),
      root: z.string().max(4096).optional().describe('The shared root holding one directory per agent. Default /app/data/shared.'),
      project: z.string().max(256).optional().describe("The plan's project, used to suggest fixes for flat-root paths."),
      otherAgents: idList("Other specialists' tool names; naming one is chaining."),
    },
    outputSchema: { ok: z.boolean(), violations: violationOutput },
    async run({ text, root = '/app/data/shared', project, otherAgents }) {
      const { lintRequest } = await import('@parley/dispatch/guards');
      const violations = lintRequest(text, { root, ...(project === undefined ? {} : { project }), ...(otherAgents === undefined ? {} : { otherAgents }) });
      return { ok: violations.length === 0, violations: violations.map((violation) => ({ ...violation })) };
    },
  });
