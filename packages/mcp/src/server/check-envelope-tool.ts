import * as z from 'zod/v4';
import { defineTool, type ParleyTool, type ToolLimits } from './parley-tool';
import { textInput, violationOutput } from './tool-schemas';

/** `check_envelope`: a subagent's response against the fenced-YAML envelope contract, as `parley check envelope`. */
export const checkEnvelopeTool = (limits: ToolLimits): ParleyTool =>
  defineTool({
    name: 'check_envelope',
    title: 'Check a subagent envelope',
    description:
      "Runs the parent's parse contract on a subagent's response (find the fenced YAML envelope, validate it, stub it when it must be, redact secrets in it, strip _marker) and returns the envelope a parent would use, the violations and the incidents. ok is false when the envelope is malformed, an incident was found, or a violation other than the advisory COMPRESSION one (those count too with strict). There is no reformat retry here.",
    inputSchema: {
      text: textInput(limits.maxTextLength, "The subagent's whole response."),
      strict: z.boolean().optional().describe('Also fail on advisory COMPRESSION violations.'),
    },
    outputSchema: {
      ok: z.boolean(),
      status: z.string(),
      envelope: z.looseObject({}),
      violations: violationOutput,
      incidents: z.array(z.looseObject({})),
    },
    async run({ text, strict = false }) {
      const { parseSubagentResponse } = await import('@parley/envelope');
      const result = await parseSubagentResponse(text);
      const failing = result.violations.filter((violation) => strict || violation.rule !== 'COMPRESSION');
      const ok = failing.length === 0 && result.incidents.length === 0 && result.status !== 'malformed';
      return { ok, status: result.status, envelope: { ...result.envelope }, violations: result.violations.map((violation) => ({ ...violation })), incidents: result.incidents.map((incident) => ({ ...incident })) };
    },
  });
