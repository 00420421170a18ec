import { tool } from '@langchain/core/tools';
import { type Dispatcher, type DispatchResult, type Plan, PlanError } from '@parley/dispatch';
import { checkSharedPath, lintRequest } from '@parley/dispatch/guards';
import { renderPlan } from '@parley/telegram/plans';
import { z } from 'zod';

/** What the tools record about the conversation, read by the app and the reply guard. */
export interface ManagerState {
  readonly sessionId: string;
  /** The shared root of the specialists' directories. */
  readonly root: string;
  /** The plan last proposed, as rendered for the user (Telegram HTML). */
  proposed: { readonly plan: Plan; readonly html: string } | undefined;
  /** Whether the user confirmed the proposed plan. */
  confirmed: boolean;
  /** Task ids the dispatch tools created in the current turn. */
  dispatchedThisTurn: string[];
  /** How many dispatch calls were made (names plans and tasks). */
  dispatches: number;
}

const step = z.object({
  ref: z.string().describe('A short name for the step, unique in the plan'),
  title: z.string().describe('What the step does, for the user'),
  agent: z.string().describe('The specialist tool name: coding_agent or business_analysis_agent'),
  request: z.string().describe('The complete, self-contained request the specialist receives'),
  expectedOutputs: z.array(z.string()).describe('Absolute output paths, under <root>/costaff-agent-<name>/<project>/'),
});
const agentNames = { coding_agent: 'Coding 專家', business_analysis_agent: '商業分析專家' };
const agents = Object.keys(agentNames);

const describe = (result: DispatchResult): string =>
  JSON.stringify({ summary: result.summary, tasks: result.tasks.map((task) => ({ id: task.id, ref: task.ref, agent: task.agent, title: task.title, state: task.state })) });

/** The manager's tools: propose a plan (validated, rendered), dispatch it once confirmed, dispatch one task. */
export function createManagerTools(dispatcher: Dispatcher, state: ManagerState) {
  const problems = (steps: ReadonlyArray<z.infer<typeof step>>): string[] =>
    steps.flatMap((entry) => [
      ...lintRequest(entry.request, { root: state.root, otherAgents: agents.filter((agent) => agent !== entry.agent) }),
      ...entry.expectedOutputs.flatMap((path) => checkSharedPath(path, { root: state.root })),
    ]).map((violation) => `${violation.code}: ${violation.message}${violation.fix === undefined ? '' : ` (fix: ${violation.fix})`}`);

  const proposePlan = tool(
    async ({ steps }) => {
      const found = problems(steps);
      if (found.length > 0) return JSON.stringify({ ok: false, problems: found });
      const plan: Plan = { id: `${state.sessionId}/plan-${state.dispatches + 1}`, steps };
      try {
        const html = renderPlan(plan, { agentNames });
        state.proposed = { plan, html };
        state.confirmed = false;
        return JSON.stringify({ ok: true, shownToUser: html });
      } catch (error) {
        if (PlanError.isInstance(error)) return JSON.stringify({ ok: false, problems: error.problems });
        throw error;
      }
    },
    { name: 'propose_plan', description: 'Show the user a multi-step plan and wait for confirmation. Never dispatch before the user confirms.', schema: z.object({ steps: z.array(step) }) },
  );

  const dispatchPlan = tool(
    async () => {
      if (state.proposed === undefined || !state.confirmed) return JSON.stringify({ ok: false, error: 'the user has not confirmed a plan: propose one and wait' });
      state.dispatches += 1;
      const result = await dispatcher.dispatchPlan(state.proposed.plan, { sessionId: state.sessionId });
      state.dispatchedThisTurn.push(...result.tasks.map((task) => task.id));
      return describe(result);
    },
    { name: 'dispatch_plan', description: 'Dispatch every step of the confirmed plan in one call; later steps wait for their inputs and start by themselves.', schema: z.object({}) },
  );

  const dispatchTask = tool(
    async ({ iterationOf, ...rest }) => {
      const found = problems([{ ref: 'task', expectedOutputs: [], ...rest }]).filter((problem) => !problem.startsWith('NO_OUTPUT'));
      if (found.length > 0) return JSON.stringify({ ok: false, problems: found });
      state.dispatches += 1;
      try {
        const result = await dispatcher.dispatchTask({ ref: 'task', ...rest, ...(iterationOf === undefined ? {} : { iterationOf }) }, { id: `${state.sessionId}/task-${state.dispatches}`, sessionId: state.sessionId });
        state.dispatchedThisTurn.push(...result.tasks.map((task) => task.id));
        return describe(result);
      } catch (error) {
        if (PlanError.isInstance(error)) return JSON.stringify({ ok: false, problems: error.problems });
        throw error;
      }
    },
    {
      name: 'dispatch_task',
      description: 'Dispatch one task now. For a change to a delivered file, pass iterationOf (the id of the task that delivered it): the same path is modified in place.',
      schema: z.object({ title: z.string(), agent: z.string(), request: z.string(), iterationOf: z.string().optional().describe('Id of the task whose deliverable this modifies') }),
    },
  );

  return [proposePlan, dispatchPlan, dispatchTask];
}
