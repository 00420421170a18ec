import { RenamedExportError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import * as tokens from './index';

describe('names renamed before the first release', () => {
  test.each([
    ['validateTokens', 'checkTokensStream'],
    ['guardTokens', 'guardTokensStream'],
    ['describeViolation', 'describeTokenViolation'],
  ] as const)('%s() throws a RenamedExportError naming %s()', (oldName, newName) => {
    expect(typeof tokens[newName]).toBe('function');
    let thrown: unknown;
    try {
      tokens[oldName]({ mode: 'repair' });
    } catch (error) {
      thrown = error;
    }
    expect(RenamedExportError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'RENAMED_EXPORT', packageName: '@parley/tokens', oldName, newName });
    expect((thrown as Error).message).toContain(`${oldName}() from @parley/tokens was renamed ${newName}()`);
  });
});
