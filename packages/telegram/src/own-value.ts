/**
 * The value `record` holds under `key` as its own property, or `undefined`: a lookup by a
 * model-written name (an agent, a step ref) never reaches what every object inherits
 * (`constructor`, `toString`, `__proto__`…).
 */
export function ownValue<Value>(record: Readonly<Record<string, Value>> | undefined, key: string): Value | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
