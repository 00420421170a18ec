import { describe, expect, test } from 'vitest';
import { checkProgressLine } from './check-progress-line';

const codes = (line: string): string[] => checkProgressLine(line).map((violation) => violation.code);

describe('spec Principle 5: brief progress lines', () => {
  test('CORRECT: one sentence, no internals', () => {
    expect(codes('▶️ 商業分析專家正在生成報告，請稍候。')).toEqual([]);
    expect(codes('Step 1: load wine CSV: done.')).toEqual([]);
  });

  test('FORBIDDEN: paths, reasoning, technical details, several sentences', () => {
    expect(codes('▶️ 正在寫入 /app/data/shared/costaff-agent-coding/wine-eda/wine.csv')).toEqual(['PROGRESS_HAS_PATH']);
    expect(codes('BA is writing report.pdf now')).toEqual(['PROGRESS_HAS_PATH']);
    expect(codes('讓我想想下一步')).toEqual(['PROGRESS_HAS_REASONING']);
    expect(codes('Coding hit an exception, retrying')).toEqual(['PROGRESS_HAS_TECHNICAL_DETAILS']);
    expect(codes('Coding 完成了。現在換 BA。')).toEqual(['PROGRESS_TOO_LONG']);
    // Cues holding regular-expression characters are matched literally.
    expect(codes('Coding 正在呼叫 run_python_code()')).toEqual(['PROGRESS_HAS_TECHNICAL_DETAILS']);
    expect(codes('Coding 正在跑 run_python_code(x)')).toEqual([]);
  });
});
