import { describe, expect, test } from 'vitest';
import { guardedMiddleware } from './guarded-middleware';
import type { PromptGuard, PromptGuardUse } from '../prompt-guard';
import type { StreamContextInit } from '../stream-context';
import type { AnyTextMiddleware } from '../text-middleware';

/** A middleware that upper-cases what it is given, releasing it at once. */
const upperCase: AnyTextMiddleware = {
  name: 'upper',
  open: () => ({ write: (chunk) => chunk.toUpperCase(), end: () => '' }),
};

/** A guard whose output stream holds everything back to the end and then wraps it in brackets. */
function bracketingGuard(outputStrategy: string | false): PromptGuard & { readonly opened: PromptGuardUse[] } {
  const opened: PromptGuardUse[] = [];
  return {
    opened,
    strategy: (use) => (use === 'output' ? outputStrategy : 'redact'),
    guardText: async (text) => text,
    guardValue: async (value) => value,
    guardStream: ({ use }) => {
      opened.push(use);
      return {
        name: 'brackets',
        open: () => {
          let held = '';
          return {
            write: (chunk) => {
              held += chunk;
              return '';
            },
            end: () => `[${held}]`,
          };
        },
      };
    },
    restoreToolArguments: async (_tool, input) => input,
  };
}

const run = (middleware: AnyTextMiddleware, chunks: readonly string[], context?: StreamContextInit): string => {
  const session = middleware.open(context);
  return chunks.map((chunk) => session.write(chunk)).join('') + session.end();
};

describe('guardedMiddleware', () => {
  test('without a guard, or with one that does not guard output, is the middleware itself', () => {
    expect(guardedMiddleware(upperCase, undefined)).toBe(upperCase);
    const guard = bracketingGuard(false);
    expect(guardedMiddleware(upperCase, guard)).toBe(upperCase);
    expect(guard.opened).toEqual([]);
  });

  test('runs the guard’s output stream first, then the middleware, text held back included', () => {
    const guard = bracketingGuard('redact');
    const middleware = guardedMiddleware(upperCase, guard);
    expect(middleware.name).toBe('secret-guard → upper');
    expect(guard.opened).toEqual(['output']);
    expect(run(middleware, ['ab', 'c', ''])).toBe('[ABC]');
    // Each open is a fresh pair of sessions.
    expect(run(middleware, ['x'])).toBe('[X]');
  });

  test('a middleware that captures its context is captured, the guard’s stream before it', () => {
    const seen: Array<StreamContextInit | undefined> = [];
    const tracing: AnyTextMiddleware = {
      name: 'tracing',
      open: (context) => {
        seen.push(context);
        return upperCase.open(context);
      },
      captureContext: () => ({ name: 'tracing (captured)', open: (context) => ({ write: (chunk) => (chunk === '' ? '' : `<${chunk}>`), end: () => (context === undefined ? '' : '!') }) }),
    };
    const captured = guardedMiddleware(tracing, bracketingGuard('redact')).captureContext?.();
    expect(captured?.name).toBe('secret-guard → tracing');
    expect(captured === undefined ? undefined : run(captured, ['ab'], { streamId: 's1' })).toBe('<[ab]>!');
    expect(seen).toEqual([]);
    // Without a captureContext of its own, the middleware is its own opener.
    const plain = guardedMiddleware(upperCase, bracketingGuard('redact')).captureContext?.();
    expect(plain === undefined ? undefined : run(plain, ['ab'])).toBe('[AB]');
  });
});
