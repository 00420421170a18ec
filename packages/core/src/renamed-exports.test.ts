import { describe, expect, test } from 'vitest';
import * as core from './index';

describe('names renamed before the first release', () => {
  test.each([
    ['passthrough', 'passthroughStream'],
    ['replaceText', 'replaceTextStream'],
  ] as const)('%s() throws a RenamedExportError naming %s()', (oldName, newName) => {
    expect(typeof core[newName]).toBe('function');
    let thrown: unknown;
    try {
      core[oldName]({ search: 'a', replacement: 'b' });
    } catch (error) {
      thrown = error;
    }
    expect(core.RenamedExportError.isInstance(thrown)).toBe(true);
    expect(core.ParleyError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'RENAMED_EXPORT', packageName: '@parley/core', oldName, newName });
    expect((thrown as Error).message).toBe(`${oldName}() from @parley/core was renamed ${newName}() (same arguments); see "Migration" in the package's README.`);
  });
});
