import fc from 'fast-check';
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

/** The JSON rule as first written (parse the block again at every line): the reference the one-pass block must match. */
function referenceJsonLines(text: string): { readonly kept: string[]; readonly json: number } {
  const isJson = (block: string): boolean => {
    const trimmed = block.trim();
    if (!/^[[{]/.test(trimmed)) return false;
    try {
      JSON.parse(trimmed);
      return true;
    } catch {
      return false;
    }
  };
  const kept: string[] = [];
  let json = 0;
  let block: string[] | undefined;
  const end = (): void => {
    if (block === undefined) return;
    if (isJson(block.join('\n'))) json += block.length;
    else kept.push(...block);
    block = undefined;
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (block !== undefined) {
      block.push(line);
      if (trimmed === '' || isJson(block.join('\n'))) end();
      continue;
    }
    if (trimmed.startsWith('{') || trimmed.startsWith('[{') || trimmed === '[') {
      block = [line];
      if (isJson(line)) end();
      continue;
    }
    kept.push(line);
  }
  end();
  return { kept, json };
}

describe('raw JSON blocks are read in one pass (issue 14: { lines took quadratic time)', () => {
  const pieces = fc.constantFrom('{', '}', '[', ']', '[{', '"', '\\"', '\\', ':', ',', '1', 'a', ' ', '\n', '\n\n', '"k": 1', '{"a": [1, 2]}', '[1]', 'x', '}x', 'null');
  const soup = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

  test('drops exactly the lines the parse-at-every-line rule drops (property, 500 cases)', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(soup, (text) => {
        const reference = referenceJsonLines(text);
        const result = presentResult(`[RESULT_START]${text}[RESULT_END]`, { language: 'en' });
        expect(result.dropped.json).toBe(reference.json);
        expect(result.markdown).toBe(reference.kept.join('\n').trim());
      }),
      { numRuns: 500 },
    );
  });

  test('the reported shapes', () => {
    expect(presentResult('{\n'.repeat(20_000)).dropped.json).toBe(0);
    expect(presentResult('[RESULT_START]\n{\n"a":\n[1,\n2]\n}\nok\n[RESULT_END]').dropped.json).toBe(5);
    expect(presentResult(`[RESULT_START]\n${'[FILE: '.repeat(50_000)}`, { language: 'en' }).markdown).toBe('[FILE:'.concat(' [FILE:'.repeat(49_999)));
  });
});
