import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectSplitKeepsText } from './expect-split-keeps-text';
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

  test('drops exactly the lines the parse-at-every-line rule drops (property, 500 cases)', { timeout: 120_000 }, () => {
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

  test('a block that only looked like JSON is filtered like other text: no thinking or tool log slips through inside it', () => {
    const result = presentResult('[RESULT_START]\n{not json\n_Thinking:_ secret\nTool call: x\nok\n[RESULT_END]');
    expect(result.markdown).toBe('{not json\nok');
    expect(result.dropped).toEqual({ thinking: 1, json: 0, 'tool-log': 1, code: 0, reasoning: 0 });
  });

  test('the reported shapes', () => {
    expect(presentResult('{\n'.repeat(20_000)).dropped.json).toBe(0);
    expect(presentResult('[RESULT_START]\n{\n"a":\n[1,\n2]\n}\nok\n[RESULT_END]').dropped.json).toBe(5);
    expect(presentResult(`[RESULT_START]\n${'[FILE: '.repeat(50_000)}`, { language: 'en' }).markdown).toBe('[FILE:'.concat(' [FILE:'.repeat(49_999)));
  });
});

describe('presentResult keeps every line it does not filter, once, in order (property)', () => {
  /** A group of lines with what presentResult must keep of it and what it must count as dropped. */
  interface Group {
    readonly lines: readonly string[];
    readonly kept: readonly string[];
    readonly dropped?: Partial<Record<'thinking' | 'json' | 'tool-log' | 'code' | 'reasoning', number>>;
  }
  const keep = (line: string): Group => ({ lines: [line], kept: [line] });
  const plain = fc.constantFrom('模型準確率為 **97%**。', 'Result: R² = 0.93', '- item', '> quote', 'a & b < c', '😀 done 𝒳', '**bold** _it_', '[link](https://x.io)', '[FILE: /a_b.csv]', '    four spaces', '', '', 'x'.repeat(40), '表格 | 值').map(keep);
  const filtered = fc.constantFrom<Group>(
    { lines: ['_Thinking:_ check columns'], kept: [], dropped: { thinking: 1 } },
    { lines: ['  **Thinking:** again'], kept: [], dropped: { thinking: 1 } },
    { lines: ['Tool call: search("x")', 'Observation: 3 rows'], kept: [], dropped: { 'tool-log': 2 } },
    { lines: ['Let me check the mean.'], kept: [], dropped: { reasoning: 1 } },
    { lines: ['{"accuracy": 0.97}'], kept: [], dropped: { json: 1 } },
    { lines: ['{', '  "a": [1, 2],', '  "b": "}"', '}'], kept: [], dropped: { json: 4 } },
    { lines: ['[{"a": 1}]'], kept: [], dropped: { json: 1 } },
    { lines: ['```py', 'print(1)', '', '```'], kept: [], dropped: { code: 4 } },
    { lines: ['~~~', 'raw', '~~~'], kept: [], dropped: { code: 3 } },
    // Looks like JSON but is not: the block is text again, all of it.
    { lines: ['{not json', 'still text', ''], kept: ['{not json', 'still text', ''] },
    // … and its thinking, tool-log and reasoning lines are filtered like any others.
    { lines: ['{"a": 1,', '_Thinking:_ hidden', 'Tool call: x', 'I need to hide this', 'text', ''], kept: ['{"a": 1,', 'text', ''], dropped: { thinking: 1, 'tool-log': 1, reasoning: 1 } },
  );
  const block = fc.array(fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: filtered, weight: 2 }), { maxLength: 30 });

  test('with result tags: markdown is the kept lines, every filtered line is counted once, and the parts hold all the HTML\'s text (property, 1,500 cases)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\r\n'), fc.integer({ min: 16, max: 80 }), (blocks, newline, limit) => {
        const text = `_Thinking:_ outside\n${blocks.map((groups) => `[RESULT_START]\n${groups.flatMap((group) => group.lines).join(newline)}\n[RESULT_END]`).join('\nnoise between\n')}\ntrailing noise`;
        const result = presentResult(text, { limit });
        // A block is a line break, its lines, a line break: with no lines at all, one empty line.
        const kept = blocks.map((groups) => ['', ...(groups.length === 0 ? [''] : groups.flatMap((group) => group.kept)), ''].join('\n'));
        expect(result.source).toBe('result-tags');
        expect(result.markdown).toBe(kept.join('\n\n').trim());
        const dropped = { thinking: 0, json: 0, 'tool-log': 0, code: 0, reasoning: 0 };
        for (const group of blocks.flat()) for (const [reason, count] of Object.entries(group.dropped ?? {})) dropped[reason as keyof typeof dropped] += count;
        expect(result.dropped).toEqual(dropped);
        expect(result.parts).toEqual(expectSplitKeepsText(result.html, limit));
      }),
      { numRuns: 1500 },
    );
  });
});
