// Lint is narrow on purpose: TypeScript (strict) checks types; ESLint checks what tsc cannot,
// above all that no regular expression can backtrack super-linearly on hostile model output.
import typescriptParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'bench/results/**'] },
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
];
