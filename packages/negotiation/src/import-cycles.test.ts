// No import cycle in this package's src (type-only imports and re-exports count); see
// scripts/find-import-cycles.ts and `node scripts/check-import-cycles.ts` for every package.
import { expect, test } from 'vitest';
import { findImportCycles } from '../../../scripts/find-import-cycles.ts';

test('@parley/negotiation has no import cycle', () => {
  expect(findImportCycles(import.meta.dirname)).toEqual([]);
});
