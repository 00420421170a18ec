/** Where a string sits inside a JSON-like value: object keys and array indices from the root. */
export type ValuePath = ReadonlyArray<string | number>;

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Sets an own, enumerable property, whatever its name: `copy[key] = value` would change the
 * prototype instead when the key is `__proto__`, losing the value.
 *
 * @internal
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of a JSON-like value with every string value replaced by `map(text, path)` (and, when
 * `mapKey` is given, every object key by `mapKey(key, path)`). Numbers, booleans and `null` stay
 * as they are. Anything that cannot be read as JSON (typed arrays, class instances, functions) is
 * left out (`undefined`): what cannot be inspected is not passed on (fail closed).
 *
 * @internal
 */
export function mapStringValues(value: unknown, map: (text: string, path: ValuePath) => string, mapKey?: (key: string, path: ValuePath) => string): unknown {
  const walk = (item: unknown, path: ValuePath): unknown => {
    if (typeof item === 'string') return map(item, path);
    if (item === null || typeof item === 'number' || typeof item === 'boolean') return item;
    if (Array.isArray(item)) return item.map((element: unknown, index) => walk(element, [...path, index]));
    if (typeof item === 'object' && isPlainObject(item)) {
      const copy: Record<string, unknown> = {};
      for (const [key, element] of Object.entries(item)) {
        const mapped = walk(element, [...path, key]);
        if (mapped !== undefined) setOwn(copy, mapKey === undefined ? key : mapKey(key, path), mapped);
      }
      return copy;
    }
    return undefined;
  };
  return walk(value, []);
}

/** The value that holds `leaf` at `path` and nothing else (arrays padded with `null`). @internal */
export function valueAtPath(path: ValuePath, leaf: unknown): unknown {
  let value = leaf;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const key = path[index] as string | number;
    if (typeof key === 'number') {
      const array: unknown[] = Array.from({ length: key }, () => null);
      array.push(value);
      value = array;
    } else {
      const object: Record<string, unknown> = {};
      setOwn(object, key, value);
      value = object;
    }
  }
  return value;
}
