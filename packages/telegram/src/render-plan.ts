import { type Plan, resolvePlan } from '@parley/dispatch';
import { escapeHtml } from './escape-html';
import { ownValue } from './own-value';

/** Options of {@link renderPlan}. */
export interface RenderPlanOptions {
  /** `telegram-html` (default, the spec's format), `markdown`, or `plain`. */
  readonly format?: 'telegram-html' | 'markdown' | 'plain';
  /** Labels in Traditional Chinese (`zh-Hant`, default) or English. */
  readonly language?: 'zh-Hant' | 'en';
  /** The display name users know each specialist by, by agent id (`{ coding_agent: 'Coding 專家' }`); default the agent id. */
  readonly agentNames?: Readonly<Record<string, string>>;
  /** What each step without dependencies reads, by step ref (a file, a dataset); default "none". */
  readonly inputs?: Readonly<Record<string, string>>;
  /** The closing line that asks for confirmation; default one in the chosen language. */
  readonly confirmationPrompt?: string;
}

const labels = {
  'zh-Hant': {
    heading: '📋 執行計劃',
    task: '任務',
    input: '輸入',
    output: '預期產出',
    none: '無',
    separator: '：',
    from: (steps: string[]) => `${steps.join('、')} 的產出`,
    prompt: '請回覆「OK」開始執行，或告訴我需要調整的地方（工具、順序、輸出格式等）。',
  },
  en: {
    heading: '📋 Plan',
    task: 'Task',
    input: 'Input',
    output: 'Expected output',
    none: 'none',
    separator: ': ',
    from: (steps: string[]) => `output of ${steps.join(', ')}`,
    prompt: 'Reply "OK" to start, or tell me what to change (tools, order, output format…).',
  },
} as const;

/** A step title without a leading "Step 2:" (the heading numbers the steps). */
const taskText = (title: string): string => {
  const match = /^step\s*\d{1,3}\s*[:：.-]\s*/i.exec(title);
  return match === null ? title : title.slice(match[0].length);
};

/**
 * Renders a plan for the user to confirm (the spec's Principle 1): one block per step with the
 * specialist, the task, its input (another step's output, or what `inputs` says), and its expected
 * output paths, then the confirmation prompt. `telegram-html` is the format the spec prescribes,
 * with every value escaped; `markdown` and `plain` carry the same content. The plan is validated
 * first (a `PlanError` (from `@parley/dispatch`) for a bad one), so dependencies shown are the ones that will run.
 *
 * @example
 * ```ts
 * import { renderPlan } from '@parley/telegram/plans';
 *
 * const sent: string[] = [];
 * const bot = { sendMessage: async (_chatId: number, text: string, _options: { parse_mode: 'HTML' }) => void sent.push(text) };
 * const plan = {
 *   id: 'session-42/plan-1',
 *   steps: [
 *     { ref: 'load', title: 'Load the wine CSV', agent: 'coding_agent', request: 'Write the wine dataset to /data/wine.csv' },
 *     { ref: 'report', title: 'PDF report', agent: 'ba_agent', request: 'Read the CSV from Step 1 and write /data/wine.pdf' },
 *   ],
 * };
 * await bot.sendMessage(42, renderPlan(plan, { agentNames: { coding_agent: 'Coding 專家' }, language: 'en' }), { parse_mode: 'HTML' });
 * console.log(sent[0]?.includes('Coding 專家')); // true
 * ```
 */
export function renderPlan(plan: Plan, options: RenderPlanOptions = {}): string {
  const format = options.format ?? 'telegram-html';
  const text = labels[options.language ?? 'zh-Hant'];
  const { steps } = resolvePlan(plan);
  const escape = format === 'telegram-html' ? escapeHtml : (value: string) => value;
  const bold = (value: string): string => (format === 'telegram-html' ? `<b>${escapeHtml(value)}</b>` : format === 'markdown' ? `**${value}**` : value);
  const code = (value: string): string => (format === 'markdown' ? `\`${value}\`` : escape(value));
  const bullet = format === 'markdown' ? '-' : '•';
  const numberOf = new Map(steps.map((step, index) => [step.ref, index + 1]));
  const blocks = steps.map((step, index) => {
    // Agents and refs are model-written: only own keys count (never `constructor`, `__proto__`…).
    const title = ownValue(options.agentNames, step.agent) ?? step.agent;
    const upstream = step.dependsOn.map((ref) => `Step ${numberOf.get(ref) ?? '?'}`);
    const input = upstream.length > 0 ? text.from(upstream) : (ownValue(options.inputs, step.ref) ?? text.none);
    const outputs = step.expectedOutputs.length === 0 ? escape(text.none) : step.expectedOutputs.map(code).join(', ');
    return [
      `${bold(`Step ${index + 1}: ${title}`)} (agent: ${code(step.agent)})`,
      `${bullet} ${escape(text.task)}${text.separator}${escape(taskText(step.title))}`,
      `${bullet} ${escape(text.input)}${text.separator}${escape(input)}`,
      `${bullet} ${escape(text.output)}${text.separator}${outputs}`,
    ].join('\n');
  });
  return [bold(text.heading), ...blocks, escape(options.confirmationPrompt ?? text.prompt)].join('\n\n');
}
