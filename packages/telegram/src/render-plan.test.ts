import { PlanError } from '@parley/dispatch';
import { describe, expect, test } from 'vitest';
import { renderPlan } from './render-plan';
import { validateTelegramHtml } from './validate-telegram-html';

const plan = {
  id: 'wine',
  steps: [
    { ref: 'load', title: 'Step 1: 載入 wine 資料集並輸出 CSV', agent: 'coding_agent', request: 'Load…', expectedOutputs: ['/app/data/shared/costaff-agent-coding/wine-eda/wine.csv'] },
    { ref: 'report', title: '用 CSV 產生 PDF 報告', agent: 'business_analysis_agent', request: 'Read…', expectedOutputs: ['/app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf'] },
  ],
};
const titles = { coding_agent: 'Coding 專家', business_analysis_agent: '商業分析專家' };

describe('renderPlan', () => {
  test('spec Principle 1: the Telegram HTML plan format', () => {
    expect(renderPlan(plan, { agentNames: titles, inputs: { load: 'sklearn wine 資料集' } })).toBe(
      [
        '<b>📋 執行計劃</b>',
        '',
        '<b>Step 1: Coding 專家</b> (agent: coding_agent)',
        '• 任務：載入 wine 資料集並輸出 CSV',
        '• 輸入：sklearn wine 資料集',
        '• 預期產出：/app/data/shared/costaff-agent-coding/wine-eda/wine.csv',
        '',
        '<b>Step 2: 商業分析專家</b> (agent: business_analysis_agent)',
        '• 任務：用 CSV 產生 PDF 報告',
        '• 輸入：Step 1 的產出',
        '• 預期產出：/app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf',
        '',
        '請回覆「OK」開始執行，或告訴我需要調整的地方（工具、順序、輸出格式等）。',
      ].join('\n'),
    );
  });

  test('escapes every value, and is valid Telegram HTML', () => {
    const html = renderPlan({ id: 'x', steps: [{ ref: 'a', title: 'Compare <a> & <b>', agent: 'coding_agent', request: 'r' }] }, { language: 'en' });
    expect(html).toContain('• Task: Compare &lt;a&gt; &amp; &lt;b&gt;');
    expect(html).toContain('• Input: none');
    expect(validateTelegramHtml(html).problems).toEqual([]);
  });

  test('Markdown and plain variants carry the same content', () => {
    const markdown = renderPlan(plan, { format: 'markdown', language: 'en' });
    expect(markdown).toContain('**Step 2: business_analysis_agent** (agent: `business_analysis_agent`)');
    expect(markdown).toContain('- Input: output of Step 1');
    const plain = renderPlan(plan, { format: 'plain', language: 'en' });
    expect(plain).toContain('Step 1: coding_agent (agent: coding_agent)');
    expect(plain).not.toContain('<b>');
  });

  test('an invalid plan is a PlanError, not a rendering', () => {
    expect(() => renderPlan({ id: 'x', steps: [{ ref: 'a', title: 't', agent: 'x', request: 'r', dependsOn: ['a'] }] })).toThrow(PlanError);
  });
});
