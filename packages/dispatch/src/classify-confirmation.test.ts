import { describe, expect, test } from 'vitest';
import { classifyConfirmation } from './classify-confirmation';

describe('spec Principle 1: the user’s answer to a plan', () => {
  test.each(['OK', 'ok', 'Ｏｋ', '好', '好的', '同意', '開始', 'go', '好，開始吧', 'OK 開始', 'yes please', "let's go", '👍', 'Sounds good!', '可以，執行吧'])('%j confirms', (message) => {
    expect(classifyConfirmation(message).kind).toBe('confirm');
  });

  test.each(['直接做', '不用計劃，直接開始', 'go ahead', 'Just do it'])('%j skips the plan', (message) => {
    expect(classifyConfirmation(message).kind).toBe('skip-plan');
  });

  test.each(['為什麼要用 SVM？', 'Which model will BA use?', '可以改用 Excel 嗎', 'how long will it take'])('%j is a question', (message) => {
    expect(classifyConfirmation(message).kind).toBe('question');
  });

  test.each(['OK 但輸出改成 Excel', 'Use a random forest instead', '第二步改成 Word 報告', 'ok but in English', '請', 'go go gadget'])('%j is a change request', (message) => {
    expect(classifyConfirmation(message).kind).toBe('change-request');
  });

  test('an empty message is empty', () => {
    expect(classifyConfirmation('  ').kind).toBe('empty');
  });
});
