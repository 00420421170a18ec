import type { StreamContextInit } from '@parley/core';
import type { AnyTextMiddleware } from './with-parley-options';

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * A tool call's parsed arguments with every string — object keys too, since a model can put a
 * secret in a key — run through a session of its own. Numbers, booleans and `null` stay; anything
 * that is not JSON-like is left out (fail closed). `__proto__` stays an ordinary key.
 *
 * @internal
 */
export function transformToolArgs(middleware: AnyTextMiddleware, args: unknown, context: StreamContextInit, streamId: string): unknown {
  let strings = 0;
  const whole = (text: string): string => {
    strings += 1;
    const session = middleware.open({ ...context, streamId: `${streamId}:${strings}` });
    return session.write(text) + session.end();
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return whole(value);
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && isPlainObject(value)) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const mapped = walk(item);
        if (mapped !== undefined) Object.defineProperty(copy, whole(key), { value: mapped, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return undefined;
  };
  return walk(args);
}
