import { describe, expect, test } from 'vitest';
import { checkSharedPath, toKebabCase } from './check-shared-path';

const codes = (path: string, options = {}): string[] => checkSharedPath(path, options).map((violation) => violation.code);

describe('spec Principle 1B: a project directory under the agent slot', () => {
  test.each([
    ['/app/data/shared/costaff-agent-coding/wine_stats.csv', '/app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv', 'wine-eda'],
    ['/app/data/shared/costaff-agent-business-analysis/wine_report.pdf', '/app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf', 'Wine EDA report'],
  ])('FORBIDDEN %s, CORRECT %s', (bad, good, project) => {
    expect(checkSharedPath(bad, { project })).toEqual([expect.objectContaining({ code: 'FLAT_ROOT_PATH', rule: 'P1B', fix: good })]);
    expect(checkSharedPath(good)).toEqual([]);
  });

  test('the project directory is kebab case; inner directories are the specialist’s business', () => {
    expect(checkSharedPath('/app/data/shared/costaff-agent-coding/Wine_EDA/outputs/x.csv')).toEqual([
      expect.objectContaining({ code: 'PROJECT_NOT_KEBAB_CASE', fix: '/app/data/shared/costaff-agent-coding/wine-eda/outputs/x.csv' }),
    ]);
    expect(codes('/app/data/shared/costaff-agent-coding/wine-eda/outputs/deep/x.csv')).toEqual([]);
  });

  test('spec Principle 4: directories use hyphens, tool names underscores, never derived', () => {
    const violations = checkSharedPath('/app/data/shared/costaff-agent-business_analysis/report/r.pdf');
    expect(violations).toEqual([expect.objectContaining({ code: 'AGENT_DIRECTORY_UNDERSCORE' })]);
    expect(violations[0]?.fix).toBeUndefined();
    expect(codes('/app/data/shared/costaff-agent-business-analysis/report/r.pdf')).toEqual([]);
    expect(codes('/app/data/shared/costaff-agent-ba/report/r.pdf', { agentDirectories: ['costaff-agent-business-analysis'] })).toEqual(['UNKNOWN_AGENT_DIRECTORY']);
  });

  test('the root is configurable and paths outside it are not checked', () => {
    expect(codes('/srv/agents/costaff-agent-coding/x.csv', { root: '/srv/agents/' })).toEqual(['FLAT_ROOT_PATH']);
    expect(codes('/tmp/x.csv')).toEqual([]);
    expect(codes('/app/data/shared/other/x.csv')).toEqual(['NOT_AN_AGENT_DIRECTORY']);
  });

  test('toKebabCase', () => {
    expect(toKebabCase('Wine SVM Report')).toBe('wine-svm-report');
    expect(toKebabCase('quickSort_practice')).toBe('quick-sort-practice');
    expect(toKebabCase('報告')).toBe('');
  });
});
