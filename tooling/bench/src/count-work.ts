/**
 * Counting work without a clock: while a function runs, the string, regular-expression and array
 * methods that scan are wrapped so that each call adds the number of characters or elements it
 * covers to a counter. The count is the same on a fast machine and on a busy one, so a test can
 * compare it across input sizes and never flake.
 *
 * What is counted (receiver `s` of length `L`):
 * - `RegExp.prototype.exec` (and through it `test`, `match`, `replace`, `split`, … with a regex):
 *   from where the search starts to the end of the match, or to `L` when nothing matched (1 for a
 *   sticky regex that failed at its position);
 * - `indexOf`/`includes`/`lastIndexOf`: from the start position to the hit, or to the end;
 *   `startsWith`/`endsWith`: the searched length; `padStart`/`padEnd`/`repeat`: the result length;
 *   `trim`/`trimStart`/`trimEnd`: the characters removed, plus one; `match`/`matchAll`/`replace`/
 *   `replaceAll`/`split`/`search`/`toLowerCase`/`toUpperCase`/`normalize`/`localeCompare`: `L`;
 *   `slice`/`substring`/`substr` (V8 shares the parent's characters) and `charCodeAt`/
 *   `codePointAt`/`charAt`/`at`: 1 (so a hand-written scanner that rescans shows too);
 * - arrays: `indexOf`/`includes`/`lastIndexOf` the elements visited, `join`/`slice`/`concat` the
 *   result length, `splice`/`unshift` the elements moved, and one per callback call of `some`,
 *   `every`, `find`, `findIndex`, `findLast`, `findLastIndex`, `filter`, `map`, `flatMap`,
 *   `forEach`, `reduce`, `reduceRight`.
 *
 * Indexing (`text[i]`) and plain loops cannot be seen; a scanner that wants to be counted calls
 * {@link bumpWork}. The methods are wrapped only while {@link countWork} runs and restored after.
 *
 * @module
 */

interface Counter {
  units: number;
}

let active: Counter | undefined;

/**
 * Adds `units` to the counter of the {@link countWork} call in progress (none: does nothing). A
 * hand-written scanner can call it once per character visited so that its tests count it.
 */
export function bumpWork(units = 1): void {
  if (active !== undefined) active.units += units;
}

type AnyFunction = (this: unknown, ...args: never[]) => unknown;
type Charge = (receiver: unknown, args: readonly unknown[], result: unknown, before: number) => number;

const lengthOf = (value: unknown): number => (typeof value === 'string' || Array.isArray(value) ? value.length : 0);
const positive = (units: number): number => (Number.isFinite(units) && units > 0 ? units : 1);
const startAt = (value: unknown, fallback: number, length: number): number => {
  const position = value === undefined ? fallback : Math.trunc(Number(value));
  if (Number.isNaN(position)) return fallback;
  return Math.min(Math.max(position < 0 ? length + position : position, 0), length);
};
const scanForward: Charge = (receiver, args, result) => {
  const length = lengthOf(receiver);
  const from = startAt(args[1], 0, length);
  return positive(typeof result === 'number' && result >= 0 ? result - from + lengthOf(args[0]) : length - from);
};
const includesForward: Charge = (receiver, args) => {
  const length = lengthOf(receiver);
  return positive(length - startAt(args[1], 0, length));
};
const scanBackward: Charge = (receiver, args, result) => {
  const length = lengthOf(receiver);
  const from = startAt(args[1], length, length);
  return positive(typeof result === 'number' && result >= 0 ? from - result + lengthOf(args[0]) : from);
};
const wholeReceiver: Charge = (receiver) => positive(lengthOf(receiver));
const resultLength: Charge = (_receiver, _args, result) => positive(lengthOf(result));
const searched: Charge = (_receiver, args) => positive(lengthOf(args[0]));
const one: Charge = () => 1;
/** Trimming visits the white space it removes and the character that stops it. */
const trimmed: Charge = (receiver, _args, result) => positive(lengthOf(receiver) - lengthOf(result) + 1);
const exec: Charge = (receiver, args, result, before) => {
  const regex = receiver as RegExp;
  const length = lengthOf(typeof args[0] === 'string' ? args[0] : String(args[0]));
  const start = regex.global || regex.sticky ? before : 0;
  if (result === null) return regex.sticky ? 1 : positive(length - start);
  const match = result as RegExpExecArray;
  return positive(match.index + (match[0]?.length ?? 0) - start);
};
const moved: Charge = (receiver, args) => {
  const length = lengthOf(receiver);
  return positive(length - startAt(args[0], 0, length));
};

const stringCharges: Readonly<Record<string, Charge>> = {
  indexOf: scanForward,
  includes: includesForward,
  lastIndexOf: scanBackward,
  startsWith: searched,
  endsWith: searched,
  // V8 makes a slice of 13 or more characters a view of its parent, in constant time: a loop that
  // slices off what it consumed is linear. What then scans the slice is counted where it scans.
  slice: one,
  substring: one,
  substr: one,
  padStart: resultLength,
  padEnd: resultLength,
  repeat: resultLength,
  match: wholeReceiver,
  matchAll: wholeReceiver,
  replace: wholeReceiver,
  replaceAll: wholeReceiver,
  split: wholeReceiver,
  search: wholeReceiver,
  toLowerCase: wholeReceiver,
  toUpperCase: wholeReceiver,
  normalize: wholeReceiver,
  trim: trimmed,
  trimStart: trimmed,
  trimEnd: trimmed,
  localeCompare: wholeReceiver,
  charCodeAt: one,
  codePointAt: one,
  charAt: one,
  at: one,
};

const arrayCharges: Readonly<Record<string, Charge>> = {
  indexOf: scanForward,
  includes: includesForward,
  lastIndexOf: scanBackward,
  join: resultLength,
  slice: resultLength,
  concat: resultLength,
  splice: moved,
  unshift: wholeReceiver,
};

const callbackMethods = ['some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'map', 'flatMap', 'forEach', 'reduce', 'reduceRight'] as const;

interface Patch {
  readonly target: object;
  readonly name: string;
  readonly original: AnyFunction;
}

function wrapCharged(original: AnyFunction, charge: Charge, regex: boolean): AnyFunction {
  return function (this: unknown, ...args: never[]): unknown {
    const counter = active;
    if (counter === undefined) return Reflect.apply(original, this, args);
    const before = regex ? (this as RegExp).lastIndex : 0;
    const result = Reflect.apply(original, this, args);
    counter.units += charge(this, args, result, before);
    return result;
  };
}

function wrapCallback(original: AnyFunction): AnyFunction {
  return function (this: unknown, ...args: never[]): unknown {
    const counter = active;
    const callback = args[0] as unknown;
    if (counter === undefined || typeof callback !== 'function') return Reflect.apply(original, this, args);
    const counted = function (this: unknown, ...inner: unknown[]): unknown {
      counter.units += 1;
      return Reflect.apply(callback, this, inner);
    };
    // Every callback method takes at most one argument after the callback (thisArg or initial value).
    return Reflect.apply(original, this, args.length > 1 ? [counted, args[1]] : [counted]);
  };
}

let patches: Patch[] = [];

function install(): void {
  const add = (target: object, name: string, wrap: (original: AnyFunction) => AnyFunction): void => {
    const original = Reflect.get(target, name) as AnyFunction;
    patches.push({ target, name, original });
    Object.defineProperty(target, name, { value: wrap(original), writable: true, configurable: true, enumerable: false });
  };
  add(RegExp.prototype, 'exec', (original) => wrapCharged(original, exec, true));
  for (const [name, charge] of Object.entries(stringCharges)) add(String.prototype, name, (original) => wrapCharged(original, charge, false));
  for (const [name, charge] of Object.entries(arrayCharges)) add(Array.prototype, name, (original) => wrapCharged(original, charge, false));
  for (const name of callbackMethods) add(Array.prototype, name, wrapCallback);
}

function uninstall(): void {
  for (const { target, name, original } of patches.reverse()) {
    Object.defineProperty(target, name, { value: original, writable: true, configurable: true, enumerable: false });
  }
  patches = [];
}

/**
 * Runs `run` with the scanning methods counted and returns the units of work it did (see the
 * module comment for what a unit is). Calls do not nest: counting inside a count throws.
 */
export function countWork(run: () => unknown): number {
  if (active !== undefined) throw new Error('countWork: already counting (calls do not nest)');
  const counter: Counter = { units: 0 };
  install();
  active = counter;
  try {
    run();
  } finally {
    active = undefined;
    uninstall();
  }
  return counter.units;
}

/**
 * {@link countWork} for an asynchronous `run` (a CLI command run in-process): the methods stay
 * counted until its promise settles, so other code running meanwhile in the process is counted
 * too. Keep other work out of the process while it runs.
 */
export async function countWorkAsync(run: () => Promise<unknown>): Promise<number> {
  if (active !== undefined) throw new Error('countWorkAsync: already counting (calls do not nest)');
  const counter: Counter = { units: 0 };
  install();
  active = counter;
  try {
    await run();
  } finally {
    active = undefined;
    uninstall();
  }
  return counter.units;
}
