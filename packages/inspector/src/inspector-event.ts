/** A middleware event as the inspector keeps it: names, codes and numbers only, never text. */
export interface InspectorEvent {
  /** The stream the event came from (its session's `streamId`). */
  readonly stream: string;
  /** The event's name, such as `redaction`, `violation`, `blocked` or `verdict`. */
  readonly name: string;
  /** When the reporter saw it (milliseconds since the epoch). */
  readonly time: number;
  /** The event's labels and numbers (see the package README for which fields are kept). */
  readonly detail: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** An {@link InspectorEvent} as the server numbers it. */
export interface StoredInspectorEvent extends InspectorEvent {
  /** Increases by one per event the server accepted; the feed pages by it. */
  readonly sequence: number;
}

/** Fields kept as labels: rule names, codes, roles. Free text never is. */
const labelFields: ReadonlySet<string> = new Set(['type', 'rule', 'code', 'role', 'from', 'to', 'kind', 'severity', 'operation', 'verdict', 'pattern']);
/** Label fields that name a role, which can be a word the model wrote (an unknown role in a barred call). */
const roleFields: ReadonlySet<string> = new Set(['role', 'from', 'to']);

/**
 * Whether a word is shaped like a key rather than a name: 16 characters or more with both letters
 * and digits (a hex or base-36 key, an AWS key id). Role names are words; a role field holding
 * one of these is left out, since a redactor after the middleware may hide it in the output.
 */
const isSecretShaped = (text: string): boolean => {
  if (text.length < 16) return false;
  let letter = false;
  let digit = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index) | 32;
    if (code >= 97 && code <= 122) letter = true;
    else if (code >= 48 && code <= 57) digit = true;
  }
  return letter && digit;
};

/** Fields kept as numbers: offsets and counts, which say where and how much, not what. */
const numberFields: ReadonlySet<string> = new Set(['start', 'end', 'line', 'count', 'length', 'attempt', 'confidence', 'unavailableMilliseconds', 'violations']);
/** Fields kept as booleans. */
const booleanFields: ReadonlySet<string> = new Set(['ok', 'withheld']);

/** Longest label kept; a longer one is left out. */
const labelLimit = 64;

/** Whether `text` reads as a label (an identifier-like word of 1 to 64 characters), not as prose or a value. */
export function isLabel(text: unknown): text is string {
  if (typeof text !== 'string' || text.length === 0 || text.length > labelLimit) return false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const letterOrDigit = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!letterOrDigit && code !== 95 && code !== 45 && code !== 46 && code !== 58 && code !== 47) return false;
  }
  return true;
}

/** The labels of a list: codes, or the code or rule of each violation in it (at most 16). */
const labelsOf = (items: readonly unknown[]): string[] =>
  items
    .flatMap((item) => {
      if (isLabel(item)) return [item];
      if (typeof item !== 'object' || item === null) return [];
      const record = item as Record<string, unknown>;
      return [record['code'], record['rule']].filter(isLabel);
    })
    .slice(0, 16);

/**
 * The {@link InspectorEvent} for a middleware event: only allow-listed fields, as labels, finite
 * numbers and booleans, so no model-written text, redacted value or secret is ever copied (a
 * nested `violation` lends its rule and code; a `violations` list, its count and codes).
 */
export function toInspectorEvent(name: string, event: unknown, time: number): InspectorEvent {
  const detail: Record<string, string | number | boolean | readonly string[]> = {};
  const record = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
  const take = (source: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(source)) {
      if (labelFields.has(key) && isLabel(value)) {
        if (!(roleFields.has(key) && isSecretShaped(value))) detail[key] = value;
      }
      else if (numberFields.has(key) && typeof value === 'number' && Number.isFinite(value)) detail[key] = value;
      else if (booleanFields.has(key) && typeof value === 'boolean') detail[key] = value;
      else if (key === 'codes' && Array.isArray(value)) detail[key] = labelsOf(value);
    }
  };
  take(record);
  const violation = record['violation'];
  if (typeof violation === 'object' && violation !== null) take(violation as Record<string, unknown>);
  const violations = record['violations'];
  if (Array.isArray(violations)) {
    detail['violations'] = violations.length;
    detail['codes'] = labelsOf(violations);
  }
  const stream = record['stream'];
  return { stream: isLabel(stream) ? stream : 'unknown', name: isLabel(name) ? name : 'event', time, detail };
}

/** The largest distance from the epoch a `Date` holds (ECMAScript's time range), in milliseconds. */
const maxDateTime = 8.64e15;

/** Whether `time` is a moment a `Date` (and so the page's time format) can hold: a finite number within ±8.64e15 ms. */
const isDateTime = (time: unknown): time is number => typeof time === 'number' && Number.isFinite(time) && Math.abs(time) <= maxDateTime;

/**
 * Whether a value posted to the server is an {@link InspectorEvent} (checked again field by field by
 * {@link toInspectorEvent}); a time no `Date` can hold becomes the time it arrived.
 */
export function readPostedEvent(value: unknown): InspectorEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const time = isDateTime(record['time']) ? record['time'] : Date.now();
  if (!isLabel(record['name'])) return undefined;
  const detail = typeof record['detail'] === 'object' && record['detail'] !== null ? (record['detail'] as Record<string, unknown>) : {};
  return toInspectorEvent(record['name'], { ...detail, stream: record['stream'] }, time);
}
