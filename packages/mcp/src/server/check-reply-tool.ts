import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { idList, textInput, violationOutput } from './tool-schemas';

/** `check_reply`: a manager's reply against what was really dispatched, as `parley check reply`. */
export const checkReplyTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'check_reply',
    title: "Check a manager's reply",
    description:
      "Checks a manager's reply before it reaches the user against what was really dispatched: task ids no dispatch call created (HALLUCINATED_DISPATCH), promises of work with nothing dispatched (VERBAL_ONLY_PROMISE), claims of completion with no completed task (UNVERIFIED_COMPLETION), [FILE: …] paths not delivered (MISSING_FILE) and, with planConfirmed, asking again to go on (CONFIRMATION_ASKED_AGAIN). A [FILE: …] path counts only when it is in delivered: this server never looks at its own disk.",
    inputSchema: {
      text: textInput(limits.maxTextLength, "The manager's reply."),
      dispatched: idList("Task ids the dispatch calls of this turn created (full ids or 6+ character prefixes)."),
      known: idList('Other task ids of the session, which the reply may cite.'),
      completed: idList('Task ids with a completion signal.'),
      delivered: idList('Paths recorded as delivered.'),
      planConfirmed: z.boolean().optional().describe('The user already confirmed the plan: asking again is a violation.'),
      iteration: z.boolean().optional().describe('The request was an iteration (Principle 1A).'),
    },
    outputSchema: { ok: z.boolean(), violations: violationOutput },
    async run({ text, dispatched = [], known = [], completed = [], delivered = [], planConfirmed, iteration }) {
      const { checkReply } = await import('@parley/dispatch/guards');
      const verdict = checkReply(text, {
        dispatched,
        known,
        completed,
        delivered,
        ...(planConfirmed === undefined ? {} : { planConfirmed }),
        ...(iteration === undefined ? {} : { iteration }),
        fileExists: () => false,
      });
      return { ok: verdict.ok, violations: verdict.violations.map((violation) => ({ ...violation })) };
    },
  });
