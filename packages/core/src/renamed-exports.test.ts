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

describe('names moved to another entry point', () => {
  test('the message names the new entry point, and the new name when it changed', () => {
    const moved = new core.RenamedExportError({ packageName: '@parley/dispatch', oldName: 'lintRequest', newName: 'lintRequest', newPackageName: '@parley/dispatch/guards' });
    expect(moved).toMatchObject({ code: 'RENAMED_EXPORT', packageName: '@parley/dispatch', newPackageName: '@parley/dispatch/guards' });
    expect(moved.message).toBe('lintRequest() moved from @parley/dispatch to @parley/dispatch/guards (same arguments); see "Migration" in the package\'s README.');
    const renamedToo = new core.RenamedExportError({ packageName: '@parley/a', oldName: 'f', newName: 'g', newPackageName: '@parley/b' });
    expect(renamedToo.message).toBe('f() moved from @parley/a to @parley/b as g() (same arguments); see "Migration" in the package\'s README.');
    expect(new core.RenamedExportError({ packageName: '@parley/a', oldName: 'f', newName: 'g' }).newPackageName).toBe('@parley/a');
  });
});
