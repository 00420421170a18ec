import type { StreamContextInit } from '@parley/core';
import type { AnyTextMiddleware } from './with-parley-options';

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** What {@link transformStrings} leaves alone. @internal */
export interface TransformStringsOptions {
  /** Whether object keys go through the middleware too (a model can put a secret in a key). */
  readonly keys: boolean;
  /** Object keys whose values pass as they are (identifiers a provider needs back, such as `id`). */
  readonly keep?: ReadonlySet<string>;
}

/**
 * A copy of a complete JSON-like value (a tool call's parsed arguments, a provider's final output
 * items) with every string run through a session of its own. Numbers, booleans and `null` stay;
 * anything that is not JSON-like is left out (fail closed). `__proto__` stays an ordinary key.
 *
 * @internal
 */
export function transformStrings(middleware: AnyTextMiddleware, value: unknown, context: StreamContextInit, streamId: string, options: TransformStringsOptions): unknown {
  let strings = 0;
  const whole = (text: string): string => {
    strings += 1;
    const session = middleware.open({ ...context, streamId: `${streamId}:${strings}` });
    return session.write(text) + session.end();
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return whole(item);
    if (item === null || typeof item === 'number' || typeof item === 'boolean') return item;
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === 'object' && isPlainObject(item)) {
      const copy: Record<string, unknown> = {};
      for (const [key, element] of Object.entries(item)) {
        const mapped = options.keep?.has(key) === true ? element : walk(element);
        if (mapped !== undefined) Object.defineProperty(copy, options.keys ? whole(key) : key, { value: mapped, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return undefined;
  };
  return walk(value);
}
