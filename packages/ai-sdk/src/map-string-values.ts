/** Where a string sits inside a JSON-like value: object keys and array indices from the root. */
export type ValuePath = ReadonlyArray<string | number>;

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a JSON-like value with every string value replaced by `map(text, path)`. Object keys,
 * numbers, booleans and `null` stay as they are. Anything that cannot be read as JSON (typed
 * arrays, class instances, functions) is left out (`undefined`): what cannot be inspected is not
 * passed on (fail closed).
 *
 * @internal
 */
export function mapStringValues(value: unknown, map: (text: string, path: ValuePath) => string, path: ValuePath = []): unknown {
  if (typeof value === 'string') return map(value, path);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item: unknown, index) => mapStringValues(item, map, [...path, index]));
  if (typeof value === 'object' && isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const mapped = mapStringValues(item, map, [...path, key]);
      if (mapped !== undefined) copy[key] = mapped;
    }
    return copy;
  }
  return undefined;
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
      value = { [key]: value };
    }
  }
  return value;
}
