import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import type { ResolvedStep } from './plan';

// Invariant: closing a store twice (a shutdown hook and a `finally`, say) is no error: the second
// call resolves as the first does, on each built-in store.

const { makers, dropSchemas } = storeMakers('parley_store_close');
afterAll(dropSchemas);

describe.each(makers)('close() on %s', (_name, make) => {
  test('a second call, at once or later, resolves and changes nothing', async () => {
    const store = await make();
    await store.createPlan('s1', [{ ref: 'a', title: 'A', agent: 'coding_agent', request: 'do a' }] as unknown as ResolvedStep[], { now: 1000 });
    const first = store.close();
    const again = store.close();
    await expect(first).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
