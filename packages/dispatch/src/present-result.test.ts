import { describe, expect, test } from 'vitest';
import { presentResult } from './present-result';
import { validateTelegramHtml } from './validate-telegram-html';

describe('spec Output Presentation', () => {
  test('takes only the [RESULT_START]…[RESULT_END] content and converts it', () => {
    const reply = [
      '_Thinking:_ the user wants a summary',
      'Tool call: run_python_code({"code": "..."})',
      '[RESULT_START]',
      '## 分析結果',
      '- **準確率**：0.97',
      '- 最重要特徵：`proline`',
      '[FILE: /app/data/shared/costaff-agent-coding/wine-svm/wine_results.json]',
      '[RESULT_END]',
      'Let me know if you need more.',
    ].join('\n');
    const result = presentResult(reply);
    expect(result.source).toBe('result-tags');
    expect(result.html).toBe('<b>分析結果</b>\n• <b>準確率</b>：0.97\n• 最重要特徵：<code>proline</code>\n[FILE: /app/data/shared/costaff-agent-coding/wine-svm/wine_results.json]');
    expect(result.parts).toEqual([result.html]);
  });

  test('FORBIDDEN content is filtered: _Thinking:_, raw JSON, tool logs, code blocks, English reasoning', () => {
    const reply = [
      '[RESULT_START]',
      '_Thinking:_ I should check the columns first.',
      'Let me compute the mean first.',
      '{"accuracy": 0.97, "model": "svm"}',
      '```python',
      'print(df.describe())',
      '```',
      'Tool result: ok',
      '模型準確率為 **97%**。',
      '[RESULT_END]',
    ].join('\n');
    const result = presentResult(reply);
    expect(result.html).toBe('模型準確率為 <b>97%</b>。');
    expect(result.dropped).toEqual({ thinking: 1, json: 1, 'tool-log': 1, code: 3, reasoning: 1 });
  });

  test('without tags, the last meaningful paragraph', () => {
    const reply = '我先讀取了資料。\n\n結果如下：準確率 0.97。\n\n```\nlog\n```\n\n{"done": true}\n';
    expect(presentResult(reply)).toMatchObject({ source: 'last-paragraph', html: '結果如下：準確率 0.97。' });
  });

  test('English reasoning stays for English users', () => {
    expect(presentResult('[RESULT_START]Let me explain: accuracy is 0.97.[RESULT_END]', { language: 'en' }).html).toBe('Let me explain: accuracy is 0.97.');
  });

  test('a long result is split into valid messages', () => {
    const reply = `[RESULT_START]\n${Array.from({ length: 400 }, (_, index) => `- **項目 ${index}**：${'內容'.repeat(10)}`).join('\n')}\n[RESULT_END]`;
    const { parts } = presentResult(reply);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      const validation = validateTelegramHtml(part);
      expect(validation.problems).toEqual([]);
      expect(validation.length).toBeLessThanOrEqual(4096);
    }
  });
});
