// Lint is narrow on purpose: TypeScript (strict) checks types; ESLint checks what tsc cannot,
// above all that no regular expression can backtrack super-linearly on hostile model output.
import typescriptParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';

// @parley/redaction's layers (see packages/redaction/scripts/apply-layout.ts): imports point down.
// Only the directions the code keeps today are enforced; the rest are the redesign's next steps.
// Tests may import anything. One block per folder: a later block's options replace an earlier's.
const redaction = 'packages/redaction/src';
const outside = (folder) => ({ regex: '^\\.\\./', message: `${folder}/ imports nothing outside ${folder}/.` });
const noApi = { regex: '^(\\.\\./)+api(/|$)', message: 'Only index.ts and api/ import api/: the layers below it never do.' };
const noGuard = { regex: '^(\\.\\./)+guard(/|$)', message: 'guard/ sits above api/: only the guard entry (src/guard.ts) imports it.' };
const noUserRules = { regex: '^(\\.\\./)+user-rules(/|$)', message: 'Regex rules reach the scan through the plan, not by import.' };
const noDetectors = { regex: '^(\\.\\./)+detectors(/|$)', message: 'engine/ runs detectors it is given (api/ builds the plan): it imports none.' };
const testsOnly = { regex: '(^|/)(behaviour|__fixtures__)(/|$)', message: 'behaviour/ and __fixtures__/ are for tests.' };
const layer = (folder, patterns) => ({
  files: [`${redaction}/${folder}/**/*.ts`],
  ignores: ['**/*.test.ts', '**/*.test-d.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, testsOnly] }] },
});

export default [
  // VitePress's dev server keeps pre-bundled dependencies in .vitepress/cache.
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'bench/results/**', '**/.vitepress/cache/**'] },
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: { parser: typescriptParser, ecmaVersion: 'latest', sourceType: 'module' },
  },
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  { files: [`${redaction}/**/*.ts`], ignores: ['**/*.test.ts', '**/*.test-d.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [testsOnly] }] } },
  // guard/ is the top layer: it may import api/ and below; only src/guard.ts imports guard/.
  { files: [`${redaction}/*/**/*.ts`], ignores: ['**/*.test.ts', '**/*.test-d.ts', `${redaction}/guard/**`], rules: { 'no-restricted-imports': ['error', { patterns: [noGuard, testsOnly] }] } },
  layer('text', [outside('text')]),
  layer('user-rules', [outside('user-rules')]),
  layer('judge', [noApi, noUserRules, noGuard]),
  layer('rules', [noApi, noUserRules, noGuard]),
  layer('detectors', [noApi, noUserRules, noGuard]),
  layer('engine', [noApi, noUserRules, noGuard, noDetectors]),
  layer('engine/pattern', [noApi, noUserRules, noGuard, noDetectors]),
];
