import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { isViewPath, readView, type View, viewPath } from './route';

const id = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('a/b', '..', '.', '%2F', '?x=1', '#token=x', ' ', '\u202e', '__proto__'));
const view: fc.Arbitrary<View> = fc.oneof(
  fc.record({ kind: fc.constant('plans' as const), position: fc.record({ search: fc.string(), cursors: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }) }) }),
  fc.record({ kind: fc.constant('sessions' as const), cursors: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('plan' as const), planId: id }),
  fc.record({ kind: fc.constant('plan' as const), planId: id, taskId: id }),
  fc.constant({ kind: 'events' as const }),
);

// Invariant: every view has one address, and the address reads back as that view (what reload,
// Back and a shared link rely on), whatever the ids hold.
test('every view reads back from its address (fast-check)', () => {
  fc.assert(
    fc.property(view, (shown) => {
      const url = new URL(viewPath(shown), 'http://127.0.0.1:4141');
      expect(readView(url.pathname, url.search)).toEqual(shown);
      expect(url.pathname === '/' || isViewPath(url.pathname)).toBe(true);
    }),
    { numRuns: 2000 },
  );
});

test('the addresses', () => {
  expect(viewPath({ kind: 'plan', planId: 'release 2.4', taskId: 't-1' })).toBe('/plans/release%202.4/tasks/t-1');
  expect(viewPath({ kind: 'plans', position: { search: 'chat-42', cursors: [] } })).toBe('/?search=chat-42');
  expect(readView('/nothing/here', '')).toEqual({ kind: 'plans', position: { search: '', cursors: [] } });
  expect(readView('/plans/%E0%A4%A', '')).toEqual({ kind: 'plans', position: { search: '', cursors: [] } });
  expect(isViewPath('/app.js')).toBe(false);
  expect(isViewPath('/plans/x/tasks/')).toBe(false);
});
