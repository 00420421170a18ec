import { describe, expect, test } from 'vitest';
import { lintRequest } from './lint-request';

const codes = (request: string, options = {}): string[] => lintRequest(request, options).map((violation) => violation.code);
const complete =
  'Read /app/data/shared/costaff-agent-coding/wine-svm/wine_results.json and write a PDF report with charts and analysis narrative in Traditional Chinese. Save as /app/data/shared/costaff-agent-business-analysis/wine-svm-report/wine_report.pdf';

describe('spec Principle 2: a complete request', () => {
  test('CORRECT: action, input path, output format and path, constraints', () => {
    expect(codes(complete)).toEqual([]);
    expect(codes('載入 sklearn 的 wine 資料集並做 EDA，將統計結果存成 /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv')).toEqual([]);
  });

  test.each(['OK', 'go', 'do it', '好', '開始', '  ', 'Yes please'])('FORBIDDEN: the empty or one-word request %j', (request) => {
    expect(codes(request)).toEqual(['EMPTY_REQUEST']);
  });

  test('FORBIDDEN: chaining to another specialist', () => {
    expect(codes(`${complete}, then pass it to business_analysis_agent.`, { otherAgents: ['business_analysis_agent'] })).toEqual(expect.arrayContaining(['CHAINING', 'OTHER_SPECIALIST']));
    expect(codes(`${complete}. After this, transfer to the BA agent.`)).toEqual(expect.arrayContaining(['CHAINING', 'ORCHESTRATION_VERB']));
    expect(codes(`${complete}。完成後交給 BA 專家。`)).toContain('CHAINING');
  });

  test('FORBIDDEN: orchestration verbs aimed at the specialist', () => {
    expect(codes(`Delegate the charts to a helper and ${complete.toLowerCase()}`)).toContain('ORCHESTRATION_VERB');
    expect(codes(`Hand off the report: ${complete}`)).toContain('ORCHESTRATION_VERB');
  });

  test('FORBIDDEN: references to the conversation the specialist cannot see', () => {
    expect(codes(`${complete}, as discussed earlier.`)).toContain('CONVERSATION_REFERENCE');
    expect(codes(`Use the columns from the user's earlier message. ${complete}`)).toContain('CONVERSATION_REFERENCE');
    expect(codes(`依照先前討論的格式，${complete}`)).toContain('CONVERSATION_REFERENCE');
  });

  test('a request needs an action, an output path and a format', () => {
    expect(codes('The wine dataset, in a nice way, with some care for the details.')).toEqual(['NO_ACTION_VERB', 'NO_OUTPUT_PATH', 'NO_OUTPUT_FORMAT']);
    expect(codes('Generate a PDF report about the wine dataset.')).toEqual(['NO_OUTPUT_PATH']);
    expect(codes('Generate a report at /app/data/shared/costaff-agent-business-analysis/wine/')).toEqual(['NO_OUTPUT_FORMAT']);
  });

  test('cues are read in the prose, not in paths', () => {
    expect(codes('Write the summary as CSV to /srv/dispatch-handoff/costaff-agent-coding/then-pass-to/x.csv')).toEqual([]);
  });

  test('paths in the request follow Principle 1B', () => {
    expect(codes('Save the stats as /app/data/shared/costaff-agent-coding/wine_stats.csv')).toEqual(['FLAT_ROOT_PATH']);
  });
});

describe('paths are found in one pass (issue 14: many paths took quadratic time)', () => {
  test('every path of a request with thousands of paths is checked, and cues inside paths are not read', () => {
    const paths = Array.from({ length: 5_000 }, (_, index) => `/app/data/shared/costaff-agent-coding/then-pass-to/input_${index}.csv`);
    const violations = lintRequest(`Load ${paths.join(', ')} and write CSV.`);
    expect(violations.map((violation) => violation.code)).toEqual([]);
    const flat = lintRequest(`Load ${paths.map((path) => path.replace('then-pass-to/', '')).join(' ')} and write CSV.`);
    expect(flat).toHaveLength(5_000);
    expect(flat.every((violation) => violation.code === 'FLAT_ROOT_PATH')).toBe(true);
  });

  test('trailing sentence punctuation is not part of a path; a path must hold a second / or a dot', () => {
    expect(lintRequest('Save the CSV to /app/data/shared/costaff-agent-coding/x.csv...')).toEqual([expect.objectContaining({ code: 'FLAT_ROOT_PATH', path: '/app/data/shared/costaff-agent-coding/x.csv' })]);
    expect(lintRequest('Write CSV to /tmp and /a.').map((violation) => violation.code)).toEqual(['NO_OUTPUT_PATH']);
  });
});
