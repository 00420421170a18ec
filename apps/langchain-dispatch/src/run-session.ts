import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { createDispatcher, createSqliteTaskStore, createWorker, type Task } from '@parley/dispatch';
import {
  checkProgressLine,
  checkReply,
  classifyConfirmation,
  classifyRequest,
  type DispatchViolation,
  guardReplyStream,
  type ReplyContext,
  type ReplyVerdict,
  replyContextFromStore,
} from '@parley/dispatch/guards';
import { markdownToTelegramHtml, presentResult, splitTelegramMessage } from '@parley/telegram';
import { assembleFinalReply } from '@parley/telegram/plans';
import { parleyAgentMiddleware } from '@parley/langchain/agent';
import { createAgent } from 'langchain';
import { join } from 'node:path';
import { createManagerTools, type ManagerState } from './manager-tools.ts';
import { createSpecialists } from './specialists.ts';

/** What the session reports as it goes, for the terminal. */
export interface SessionListener {
  user?(text: string): void;
  /** A classification the app made of the user's message. */
  classified?(what: string): void;
  /** Telegram HTML messages the user receives. */
  telegram?(from: string, parts: readonly string[]): void;
  guard?(verdict: ReplyVerdict & { readonly withheld: boolean }): void;
  progress?(sentence: string, violations: readonly DispatchViolation[]): void;
}

/** What happened, for tests and the summary. */
export interface SessionResult {
  readonly planHtml: string | undefined;
  /** The plan's task states right after the one dispatch_plan call. */
  readonly statesAfterDispatch: readonly string[];
  readonly dispatchCalls: number;
  readonly verdicts: ReadonlyArray<ReplyVerdict & { readonly withheld: boolean }>;
  readonly finalReplies: readonly string[];
  readonly tasks: readonly Task[];
  readonly root: string;
}

/** The user's side of the offline session. */
export const defaultUserMessages = ['幫我用 wine 資料做 EDA，再產生一份 PDF 報告。', '好，開始吧', '可以把報告擴展到 10 頁嗎？'];

const systemPrompt = (root: string): string =>
  [
    'You are a manager agent that delegates to specialists: coding_agent and business_analysis_agent.',
    'For work needing two or more specialists, call propose_plan and wait for the user to confirm; do not dispatch before that.',
    'When the user confirms, call dispatch_plan once: it dispatches every step.',
    'For a change to something already delivered, call dispatch_task with iterationOf (the id of the task that delivered it) before replying.',
    `Paths are ${root}/costaff-agent-<name>/<project>/<file>, with a kebab-case project directory.`,
    'Requests are complete and self-contained: action, inputs, output format and path. Never mention other specialists in a request.',
    'In replies cite only task ids the tools returned (first 8 characters, like #1a2b3c4d). Reply in Traditional Chinese.',
  ].join('\n');

/**
 * Runs a manager session end to end: a LangChain `createAgent` manager plans, takes the user's
 * confirmation, dispatches through `@parley/dispatch` on an embedded store, specialists run on a
 * worker, and every reply of the manager goes through `guardReplyStream` (withhold mode) before the user
 * sees it — a withheld reply is sent back to the manager once with the violations.
 */
export async function runSession(options: {
  readonly model: BaseChatModel;
  readonly workdir: string;
  readonly userMessages?: readonly string[];
  readonly listener?: SessionListener;
}): Promise<SessionResult> {
  const on = options.listener ?? {};
  const root = join(options.workdir, 'shared');
  const sessionId = 'telegram-chat-1';
  const store = createSqliteTaskStore({ path: join(options.workdir, 'tasks.db') });
  const dispatcher = createDispatcher({ store, inPlaceInstructions: (agent) => agent === 'coding_agent' });
  dispatcher.on('progress', ({ sentence }) => on.progress?.(sentence, checkProgressLine(sentence)));
  const worker = createWorker({ dispatcher, agents: createSpecialists() });
  const state: ManagerState = { sessionId, root, proposed: undefined, confirmed: false, dispatchedThisTurn: [], dispatches: 0 };

  let storeContext: ReplyContext = { dispatched: [] };
  let iteration = false;
  const guard = guardReplyStream(() => ({ ...storeContext, dispatched: state.dispatchedThisTurn, iteration, planConfirmed: state.confirmed }), { mode: 'withhold' });
  let verdict: (ReplyVerdict & { readonly withheld: boolean }) | undefined;
  guard.on('verdict', ({ stream: _stream, ...event }) => (verdict = event));
  const agent = createAgent({ model: options.model, tools: createManagerTools(dispatcher, state), systemPrompt: systemPrompt(root), middleware: [parleyAgentMiddleware(guard)] });

  let messages: BaseMessage[] = [];
  const turn = async (text: string): Promise<string> => {
    const result = await agent.invoke({ messages: [...messages, { role: 'user', content: text }] as never });
    messages = result.messages as BaseMessage[];
    const last = messages.at(-1);
    return typeof last?.content === 'string' ? last.content : '';
  };

  const verdicts: Array<ReplyVerdict & { readonly withheld: boolean }> = [];
  const finalReplies: string[] = [];
  let statesAfterDispatch: string[] = [];
  let planHtml: string | undefined;
  try {
    for (const text of options.userMessages ?? defaultUserMessages) {
      on.user?.(text);
      state.dispatchedThisTurn = [];
      if (state.proposed !== undefined && !state.confirmed) {
        const answer = classifyConfirmation(text);
        on.classified?.(`answer to the plan: ${answer.kind}`);
        if (answer.kind === 'confirm' || answer.kind === 'skip-plan') state.confirmed = true;
      }
      const history = await store.history(sessionId);
      const delivered = history.filter((task) => task.state === 'done').flatMap((task) => task.output?.paths ?? []);
      const request = classifyRequest(text, { delivered });
      iteration = request.kind === 'iteration';
      if (delivered.length > 0) on.classified?.(`request: ${request.kind}${request.target === undefined ? '' : ` of ${request.target}`}`);
      storeContext = await replyContextFromStore(store, { sessionId, dispatched: [] });
      const proposedBefore = state.proposed;

      let reply = await turn(text);
      if (verdict !== undefined && !verdict.ok) {
        verdicts.push(verdict);
        on.guard?.(verdict);
        const reasons = verdict.violations.map((violation) => `${violation.code}: ${violation.message}`).join('\n');
        reply = await turn(`[GUARD] Your reply was withheld from the user:\n${reasons}\nDispatch the task first, then reply citing the id the tool returned.`);
      }
      if (verdict !== undefined) {
        verdicts.push(verdict);
        on.guard?.(verdict);
      }
      if (state.proposed !== undefined && state.proposed !== proposedBefore) {
        planHtml = state.proposed.html;
        on.telegram?.('manager (plan)', splitTelegramMessage(planHtml));
      }
      if (reply.trim() !== '') on.telegram?.('manager', splitTelegramMessage(markdownToTelegramHtml(reply)));

      const dispatched = [...state.dispatchedThisTurn];
      if (dispatched.length === 0) continue;
      if (dispatched.length > 1) statesAfterDispatch = (await Promise.all(dispatched.map((id) => store.get(id)))).map((task) => task?.state ?? 'missing');
      await worker.drain();
      const tasks = (await Promise.all(dispatched.map((id) => store.get(id)))).filter((task): task is Task => task !== undefined);
      const findings = tasks.flatMap((task) =>
        presentResult(task.output?.summary ?? '').markdown.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).map((line) => line.replace(/^- /, '')),
      );
      const final = assembleFinalReply({ tasks, findings, agentNames: { coding_agent: 'Coding 專家', business_analysis_agent: '商業分析專家' } });
      // The assembled reply is checked like any other before it is sent.
      const finalVerdict = checkReply(final.html, await replyContextFromStore(store, { sessionId, dispatched }));
      verdicts.push({ ...finalVerdict, withheld: !finalVerdict.ok });
      on.guard?.({ ...finalVerdict, withheld: !finalVerdict.ok });
      if (finalVerdict.ok) {
        finalReplies.push(final.html);
        on.telegram?.('manager (final)', final.parts);
      }
    }
    return { planHtml, statesAfterDispatch, dispatchCalls: state.dispatches, verdicts, finalReplies, tasks: await store.history(sessionId), root };
  } finally {
    await store.close();
  }
}
