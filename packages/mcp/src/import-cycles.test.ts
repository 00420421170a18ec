import { expect, test } from 'vitest';
import { findImportCycles } from '../../../scripts/find-import-cycles.ts';

test('@parley/mcp has no import cycle', () => {
  expect(findImportCycles(import.meta.dirname)).toEqual([]);
});
