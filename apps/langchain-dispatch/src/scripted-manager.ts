import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';

interface ToolCallPlan {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

const text = (message: BaseMessage | undefined): string => (typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? ''));

/**
 * An offline manager that replays a realistic session: it proposes a plan, dispatches it when the
 * user confirms, answers with the real task ids the tools returned — and, asked for a change to a
 * delivered report, first makes the spec's classic mistake (a verbal promise with an invented task
 * id) so the reply guard has something to catch, then does it right once told.
 */
export class ScriptedManager extends BaseChatModel {
  readonly #root: string;
  #calls = 0;

  constructor(options: { readonly root: string }) {
    super({});
    this.#root = options.root;
  }

  _llmType(): string {
    return 'scripted-manager';
  }

  override bindTools(): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return this as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = this.#respond(messages);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  #call(plan: ToolCallPlan): AIMessage {
    this.#calls += 1;
    return new AIMessage({ content: '', tool_calls: [{ id: `call_${this.#calls}`, name: plan.name, args: plan.args, type: 'tool_call' }] });
  }

  #respond(messages: BaseMessage[]): AIMessage {
    const last = messages.at(-1);
    const said = text(last);
    const coding = `${this.#root}/costaff-agent-coding/wine-eda`;
    const analysis = `${this.#root}/costaff-agent-business-analysis/wine-eda-report`;
    if (last?.type === 'tool') {
      const result = JSON.parse(said) as { ok?: boolean; shownToUser?: string; tasks?: Array<{ id: string; agent: string }> };
      if (result.shownToUser !== undefined) return new AIMessage('計劃如上，請確認。');
      const [first, second] = result.tasks ?? [];
      if (second !== undefined && first !== undefined) {
        return new AIMessage(`已派工。Coding (#${first.id.slice(0, 8)}) 處理中，BA (#${second.id.slice(0, 8)}) 已排入待辦、Coding 完成後自動接續。`);
      }
      if (first !== undefined) return new AIMessage(`已建立新任務 #${first.id.slice(0, 8)} 給 BA 擴展報告至 10 頁，完成後我會通知您。`);
      return new AIMessage('派工失敗，我會檢查計劃後再試。');
    }
    if (said.includes('wine')) {
      return this.#call({
        name: 'propose_plan',
        args: {
          steps: [
            {
              ref: 'eda',
              title: '載入 wine 資料並做 EDA',
              agent: 'coding_agent',
              request: `Load the wine data sample, compute per-cultivar means of alcohol, malic acid and proline, and save them as CSV to ${coding}/wine_stats.csv`,
              expectedOutputs: [`${coding}/wine_stats.csv`],
            },
            {
              ref: 'report',
              title: '產生 PDF 報告',
              agent: 'business_analysis_agent',
              request: `Read the statistics CSV given as your input and write a PDF report with the table and an analysis narrative to ${analysis}/wine_report.pdf`,
              expectedOutputs: [`${analysis}/wine_report.pdf`],
            },
          ],
        },
      });
    }
    if (said.startsWith('好')) return this.#call({ name: 'dispatch_plan', args: {} });
    if (said.includes('10 頁')) return new AIMessage('沒問題，我會請 BA 擴展到 10 頁…我會將此要求更新到任務規格中（任務編號：f12d8d10）。完成後我會立即通知您。');
    if (said.startsWith('[GUARD]')) {
      const dispatched = messages
        .filter((entry) => entry.type === 'tool')
        .flatMap((entry) => (JSON.parse(text(entry)) as { tasks?: Array<{ id: string; agent: string }> }).tasks ?? []);
      const report = dispatched.find((task) => task.agent === 'business_analysis_agent');
      return this.#call({
        name: 'dispatch_task',
        args: {
          title: '[Iteration] 擴展報告至 10 頁',
          agent: 'business_analysis_agent',
          request: `Extend the wine PDF report at ${analysis}/wine_report.pdf to 10 pages, one page per analysis topic, keeping the statistics table.`,
          iterationOf: report?.id ?? '',
        },
      });
    }
    return new AIMessage('請告訴我需要什麼。');
  }
}
