import { describe, expect, test } from 'vitest';
import { checkIterationPath, findVersionMarker } from './check-iteration-path';
import { classifyRequest } from './classify-request';
import { inPlaceInstructions, withInPlaceInstructions } from './in-place-instructions';

const thesis = '/app/data/shared/costaff-agent-business-analysis/thesis/thesis.pdf';
const app = '/app/data/shared/costaff-agent-coding/todo-app/index.html';

describe('spec Principle 1A: classify before planning', () => {
  test.each([
    ['可以擴展到 10 頁嗎？', ['擴展']],
    ['改成 10 頁', ['改']],
    ['加結論段落', ['加']],
    ['報告再詳細一點', ['再詳細', '詳細一點']],
    ['登入按鈕不見了', ['不見了']],
    ['The chart is broken, please fix it', ['fix', 'broken']],
    ['index.html is not working on mobile', ['not working']],
  ])('%s is an iteration', (request, signals) => {
    const result = classifyRequest(request, { delivered: [thesis, app] });
    expect(result.kind).toBe('iteration');
    for (const signal of signals) expect(result.signals).toContain(signal);
  });

  test('naming a delivered file is an iteration, and it is the target', () => {
    expect(classifyRequest('Use a darker theme in index.html', { delivered: [app, thesis] })).toMatchObject({ kind: 'iteration', references: [app], target: app });
  });

  test('with nothing delivered in the session, every request is a new build', () => {
    expect(classifyRequest('加一個計算機 app', { delivered: [] })).toMatchObject({ kind: 'new-build', target: undefined });
    expect(classifyRequest('Write a quicksort practice script', { delivered: [thesis] }).kind).toBe('new-build');
  });
});

describe('spec Principle 1A rule 1: reuse the existing path', () => {
  test.each(['thesis_v2.pdf', 'thesis_v3.pdf', 'thesis_new.pdf', 'thesis_fixed.pdf', 'thesis_updated.pdf', 'thesis-mobile.pdf', 'thesis-deluxe.pdf', 'thesis-final.pdf', 'thesis (1).pdf', 'thesis-rev2.pdf', 'thesis_2.pdf', 'thesis_20260515.pdf'])(
    'FORBIDDEN %s',
    (name) => {
      const path = thesis.replace('thesis.pdf', name);
      expect(checkIterationPath(path, thesis)).toEqual([expect.objectContaining({ code: 'VERSIONED_FILENAME', rule: 'P1A', fix: thesis })]);
    },
  );

  test('CORRECT: the same path', () => {
    expect(checkIterationPath(thesis, thesis)).toEqual([]);
  });

  test('another name or another project directory is not a reuse either', () => {
    expect(checkIterationPath(thesis.replace('thesis.pdf', 'paper.pdf'), thesis)).toEqual([expect.objectContaining({ code: 'PATH_NOT_REUSED', fix: thesis })]);
    expect(checkIterationPath(thesis.replace('/thesis/', '/thesis-long/'), thesis)).toEqual([expect.objectContaining({ code: 'PROJECT_CHANGED', fix: thesis })]);
  });

  test('a trailing number is a marker only when the original had none', () => {
    expect(findVersionMarker('/x/report_2025.pdf', '/x/report_2024.pdf')).toBeUndefined();
    expect(findVersionMarker('/x/report_2.pdf', '/x/report.pdf')).toBe('_2');
    expect(findVersionMarker('/x/report.pdf')).toBeUndefined();
    expect(findVersionMarker('/x/final.pdf')).toBeUndefined();
  });
});

describe('spec Principle 1A rule 3: the in-place instruction block', () => {
  test('is added once to a coding request', () => {
    const request = withInPlaceInstructions('Make the header dark blue.', app);
    expect(request).toContain(`This is an in-place modification of an existing file at ${app}.`);
    expect(request).toContain('Do NOT call write_file() to overwrite the whole file.');
    expect(withInPlaceInstructions(request, app)).toBe(request);
    expect(inPlaceInstructions(app).split('\n')).toHaveLength(4);
  });
});
