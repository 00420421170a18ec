import { describe, expect, test } from 'vitest';
import { findSecrets } from '../api/redact-secrets';
import { exactShapeSpans } from './plausibility';

describe('a UUID with a compact ISO 8601 time glued before it is a public shape', () => {
  // LangSmith's `dotted_order` (langsmith/lib/schemas.d.ts): a run's start time and id, per ancestor.
  const dotted = '20230915T223155647Z1b64098b-4ab7-43f6-afee-992304f198d8.20230914T223155650Zc8d9f4c5-6c5a-4b2d-9b1c-3d9d7a7c5c7c';

  test('a tracer\'s dotted order comes out unchanged', () => {
    expect(findSecrets(`     *   - ${dotted}\n`)).toEqual([]);
    expect(exactShapeSpans(dotted, 0, dotted.length)).toEqual([0, 55, 56, dotted.length]);
  });

  test('only a time that exists, in UTC, glued to a whole UUID: a month 13, no `Z` or a random tail is not this shape', () => {
    for (const run of ['20231315T223155647Z1b64098b-4ab7-43f6-afee-992304f198d8', '20230915T223155647X1b64098b-4ab7-43f6-afee-992304f198d8', '20230915T223155647Z1b64098b-4ab7-43f6-afee-992304f198d']) {
      expect(exactShapeSpans(run, 0, run.length).slice(0, 2)).not.toEqual([0, run.length]);
    }
  });

  test('a key glued after the time is judged, not taken for a UUID', () => {
    const run = '20230915T223155647ZqK8vN3xT7mLp2RwZ9yHc4FbJ6gDa1Es';
    expect(findSecrets(`id ${run} ok`).length).toBeGreaterThan(0);
  });
});
