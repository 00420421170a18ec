import type { Task } from '@parley/dispatch';
import { escapeHtml } from './escape-html';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { splitTelegramMessage } from './split-telegram-message';
import { ownValue } from './own-value';

/** Options of {@link assembleFinalReply}. */
export interface AssembleFinalReplyOptions {
  /** The plan's tasks as the store has them (their states and recorded outputs are the truth). */
  readonly tasks: readonly Task[];
  /** Key findings, in Markdown (converted to Telegram HTML). */
  readonly findings?: readonly string[];
  /** Names users know the specialists by, by agent id (`{ coding_agent: 'Coding' }`); default the agent id. */
  readonly agentNames?: Readonly<Record<string, string>>;
  /** Default `zh-Hant`. */
  readonly language?: 'zh-Hant' | 'en';
  /** Most visible characters per message. Default 4,096. */
  readonly limit?: number;
}

/** The final reply of a plan. */
export interface FinalReply {
  readonly html: string;
  readonly parts: readonly string[];
  /** Every delivered path, intermediate files included, exactly as the store recorded them. */
  readonly files: readonly string[];
  /** True when every task is done. */
  readonly complete: boolean;
}

const labels = {
  'zh-Hant': {
    together: (names: string[]) => (names.length === 1 ? `本次由${names[0] ?? ''}完成。` : `本次由${names.slice(0, -1).join('、')}與${names.at(-1) ?? ''}協作完成。`),
    partial: '部分步驟未完成，以下是已完成步驟的全部產出。',
    nothing: '沒有步驟完成，目前沒有可交付的檔案。',
    findings: '重點',
    unfinished: '未完成',
    failed: (error: string) => `失敗：${error}`,
    skipped: '上游步驟失敗，已略過',
    cancelled: '已取消',
    pending: '仍在進行中',
  },
  en: {
    together: (names: string[]) => (names.length === 1 ? `${names[0] ?? ''} did this.` : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''} worked on this together.`),
    partial: 'Some steps did not finish; here is everything the finished steps delivered.',
    nothing: 'No step finished, so there are no files to deliver yet.',
    findings: 'Key findings',
    unfinished: 'Not finished',
    failed: (error: string) => `failed: ${error}`,
    skipped: 'skipped because an upstream step failed',
    cancelled: 'cancelled',
    pending: 'still in progress',
  },
} as const;

/**
 * Assembles the one consolidated reply of a plan (the spec's Principle 6) from the store's record:
 * who collaborated, a `[FILE: …]` line for every delivered path (intermediate files too, the exact
 * paths the specialists returned), the key findings, and on partial success what did not finish
 * next to everything that was delivered. Telegram HTML, split at the limit.
 *
 * @example
 * ```ts
 * import { createDispatcher, createSqliteTaskStore, createWorker } from '@parley/dispatch';
 * import { assembleFinalReply } from '@parley/telegram/plans';
 *
 * const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
 * const plan = { id: 'plan-1', steps: [{ ref: 'load', title: 'Load the wine CSV', agent: 'coding_agent', request: 'Write the wine dataset to /data/wine.csv' }] };
 * await dispatcher.dispatchPlan(plan, { sessionId: 'session-42' });
 * await createWorker({ dispatcher, agents: { coding_agent: async () => ({ paths: ['/data/wine.csv'] }) } }).drain();
 * const reply = assembleFinalReply({ tasks: await dispatcher.store.listPlan(plan.id), agentNames: { coding_agent: 'Coding' }, language: 'en' });
 * console.log(reply.complete, reply.files.join()); // true /data/wine.csv
 * ```
 */
export function assembleFinalReply(options: AssembleFinalReplyOptions): FinalReply {
  const text = labels[options.language ?? 'zh-Hant'];
  // Agent names are model-written: only own keys count (never `constructor`, `toString`…).
  const name = (agent: string): string => ownValue(options.agentNames, agent) ?? agent;
  const done = options.tasks.filter((task) => task.state === 'done');
  const unfinished = options.tasks.filter((task) => task.state !== 'done');
  const files = [...new Set(done.flatMap((task) => task.output?.paths ?? []))];
  const lines: string[] = [];
  const agents = [...new Set(done.map((task) => name(task.agent)))];
  if (agents.length > 0) lines.push(escapeHtml(text.together(agents)));
  if (unfinished.length > 0) lines.push(escapeHtml(done.length === 0 ? text.nothing : text.partial));
  if (files.length > 0) lines.push('', ...files.map((file) => escapeHtml(`[FILE: ${file}]`)));
  const findings = options.findings ?? [];
  if (findings.length > 0) lines.push('', `<b>${escapeHtml(text.findings)}</b>`, ...findings.map((finding) => `• ${markdownToTelegramHtml(finding.replaceAll('\n', ' '))}`));
  if (unfinished.length > 0) {
    lines.push('', `<b>${escapeHtml(text.unfinished)}</b>`);
    for (const task of unfinished) {
      const reason = task.state === 'failed' ? text.failed(task.error ?? '') : task.state === 'skipped' ? text.skipped : task.state === 'cancelled' ? text.cancelled : text.pending;
      lines.push(`• ${escapeHtml(`${task.title} (${name(task.agent)}): ${reason}`)}`);
    }
  }
  const html = lines.join('\n');
  return { html, parts: splitTelegramMessage(html, options.limit === undefined ? {} : { limit: options.limit }), files, complete: unfinished.length === 0 };
}
