import type { Task } from '@parley/dispatch';
import { describe, expect, test } from 'vitest';
import { assembleFinalReply } from './assemble-final-reply';
import { validateTelegramHtml } from './validate-telegram-html';

const task = (overrides: Partial<Task>): Task => ({
  id: 'id',
  planId: 'wine',
  ref: 'r',
  sessionId: 's',
  title: 'Step',
  agent: 'coding_agent',
  request: 'r',
  dependsOn: [],
  expectedOutputs: [],
  iterationOf: undefined,
  state: 'done',
  attempt: 1,
  output: undefined,
  error: undefined,
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});
const csv = '/app/data/shared/costaff-agent-coding/wine-eda/outputs/wine_stats.csv';
const png = '/app/data/shared/costaff-agent-coding/wine-eda/outputs/heatmap.png';
const pdf = '/app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf';
const names = { coding_agent: 'Coding 專家', business_analysis_agent: '商業分析專家' };

describe('spec Principle 6: one consolidated reply', () => {
  test('names the collaborators and delivers every file, intermediate ones included, as the store recorded them', () => {
    const reply = assembleFinalReply({
      tasks: [
        task({ title: 'Step 1: EDA', output: { paths: [csv, png] } }),
        task({ title: 'Step 2: report', agent: 'business_analysis_agent', output: { paths: [pdf] } }),
      ],
      agentNames: names,
      findings: ['**proline** 與酒類別最相關'],
    });
    expect(reply.html).toBe(
      ['本次由Coding 專家與商業分析專家協作完成。', '', `[FILE: ${csv}]`, `[FILE: ${png}]`, `[FILE: ${pdf}]`, '', '<b>重點</b>', '• <b>proline</b> 與酒類別最相關'].join('\n'),
    );
    expect(reply).toMatchObject({ files: [csv, png, pdf], complete: true });
    expect(validateTelegramHtml(reply.html).problems).toEqual([]);
  });

  test('partial success still delivers every artifact of the steps that finished, and says what did not', () => {
    const reply = assembleFinalReply({
      tasks: [
        task({ title: 'Step 1: EDA', output: { paths: [csv] } }),
        task({ title: 'Step 2: report', agent: 'business_analysis_agent', state: 'failed', error: 'PDF export <timeout>' }),
        task({ title: 'Step 3: slides', agent: 'business_analysis_agent', state: 'skipped' }),
      ],
      agentNames: names,
      language: 'en',
    });
    expect(reply.complete).toBe(false);
    expect(reply.html).toContain(`[FILE: ${csv}]`);
    expect(reply.html).toContain('Some steps did not finish');
    expect(reply.html).toContain('• Step 2: report (商業分析專家): failed: PDF export &lt;timeout&gt;');
    expect(reply.html).toContain('• Step 3: slides (商業分析專家): skipped because an upstream step failed');
    expect(validateTelegramHtml(reply.html).problems).toEqual([]);
  });
});
