import type { analyse as Analyse } from 'scslre';

type Analyser = typeof Analyse;
let analyser: Analyser | undefined;

/**
 * scslre (and the regexp parser it brings) is loaded the first time a user's regular expression
 * is checked, synchronously, so a redactor without regex rules neither loads nor bundles it.
 */
function loadAnalyser(): Analyser {
  if (analyser !== undefined) return analyser;
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  const load = process.getBuiltinModule('node:module').createRequire(base);
  analyser = (load('scslre') as { analyse: Analyser }).analyse;
  return analyser;
}

/**
 * How many ways nested repetitions may split the text they match, at one start position, before
 * a pattern is refused. A part repeated up to `m` times inside one repeated up to `n` times counts
 * as (m + 1)^n ways, two repetitions in a row that can trade up to `k` characters as k + 1, and
 * the counts of a pattern multiply: `(x{1,3}){1,5}!` (4^5 = 1,024) passes, `(x{1,3}){1,6}!` and
 * `(x{1,20}){1,20}!` do not. Only a pattern with nested repetitions is counted: a trade alone is
 * polynomial in its bounds, as scslre's own check allows.
 */
export const MAX_NESTED_WAYS = 1024;

/** A variable bounded quantifier of the pattern, rewritten as unbounded: where it ends in the rewritten source, and its bound. */
interface Widened {
  readonly end: number;
  readonly max: number;
}

/**
 * The pattern with every variable bounded quantifier (`{n,m}` with n < m, and `?`) made unbounded
 * (`{n,}`, `*`), so that scslre, which takes a bound as proof of safety, shows where repetitions
 * nest ambiguously. Fixed counts (`{4}`) stay: they never split text two ways. A hand-written scan
 * of the source: escapes and character classes are copied as they are.
 */
function widen(source: string): { readonly source: string; readonly widened: readonly Widened[] } {
  let out = '';
  const widened: Widened[] = [];
  let inClass = false;
  /** The last token can take a quantifier (an atom, a group's end). */
  let atom = false;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index] as string;
    if (character === '\\') {
      out += source.slice(index, index + 2);
      index += 1;
      atom = !inClass;
      continue;
    }
    if (inClass) {
      out += character;
      if (character === ']') {
        inClass = false;
        atom = true;
      }
      continue;
    }
    if (character === '[') {
      inClass = true;
      out += character;
      continue;
    }
    if (character === '{' && atom) {
      const close = source.indexOf('}', index);
      const body = close < 0 ? '' : source.slice(index + 1, close);
      const comma = body.indexOf(',');
      const min = comma < 0 ? body : body.slice(0, comma);
      const max = comma < 0 ? body : body.slice(comma + 1);
      if (close > 0 && /^\d+$/u.test(min) && (max === '' || /^\d+$/u.test(max))) {
        if (max !== '' && Number(max) > Number(min)) {
          out += `{${min},}`;
          widened.push({ end: out.length, max: Number(max) });
        } else out += source.slice(index, close + 1);
        index = close;
        atom = false;
        if (source[index + 1] === '?') {
          out += '?';
          index += 1;
        }
        continue;
      }
    }
    if ((character === '?' || character === '*' || character === '+') && atom) {
      out += character === '?' ? '*' : character;
      if (character === '?') widened.push({ end: out.length, max: 1 });
      atom = false;
      if (source[index + 1] === '?') {
        out += '?';
        index += 1;
      }
      continue;
    }
    out += character;
    // `(` (with `(?:`, `(?=`, `(?<name>` after it) and `|` take no quantifier; `)` and other characters do.
    if (character === '(') {
      atom = false;
      if (source[index + 1] === '?') {
        const lookBehind = source[index + 3] === '=' || source[index + 3] === '!';
        const end = source[index + 2] !== '<' ? index + 2 : lookBehind ? index + 3 : source.indexOf('>', index);
        out += source.slice(index + 1, end + 1);
        index = end;
      }
    } else atom = character !== '|' && character !== '^';
  }
  return { source: out, widened };
}

/**
 * Why nested bounded repetitions of `source` could split a run in too many ways (more than
 * {@link MAX_NESTED_WAYS} at one start), or `undefined`. scslre counts any bound as safe, but
 * `(x{1,20}){1,20}` can split 28 `x` in hundreds of millions of ways before it fails.
 */
function nestedReason(source: string, flags: string): string | undefined {
  const { source: wide, widened } = widen(source);
  if (widened.length === 0) return undefined;
  let reports;
  try {
    ({ reports } = loadAnalyser()({ source: wide, flags }, { assumeRejectingSuffix: false }));
  } catch {
    return undefined;
  }
  const maxOf = (node: { readonly end: number; readonly max: number }): number => widened.find((entry) => entry.end === node.end)?.max ?? node.max;
  let bits = 0;
  const parts: string[] = [];
  for (const report of reports) {
    if (report.type === 'Self') {
      const inner = maxOf(report.quant);
      const outer = maxOf(report.parentQuant);
      bits += outer * Math.log2(inner + 1);
      parts.push(`a part repeated up to ${inner} times inside one repeated up to ${outer} times`);
    } else if (report.type === 'Trade') {
      // Two repetitions in a row that can take the same characters: each split between them is one more way.
      const most = Math.min(maxOf(report.startQuant), maxOf(report.endQuant));
      bits += Math.log2(most + 1);
      parts.push(`two repetitions in a row trading up to ${most} characters`);
    }
  }
  if (!reports.some((report) => report.type === 'Self')) return undefined;
  if (bits <= Math.log2(MAX_NESTED_WAYS)) return undefined;
  return `it can take exponential time: nested repetitions can split a run in more than ${MAX_NESTED_WAYS} ways at each start (${parts.join('; ')}); repeat a fixed-length part, or end each repetition with a character the part cannot hold`;
}

/**
 * Why a regular expression could take super-linear time on some input, or `undefined` when it
 * cannot: the analysis ESLint's `regexp/no-super-linear-backtracking` and
 * `regexp/no-super-linear-move` rules run on our own source (scslre), here on the whole pattern
 * as it is matched (no suffix after it); then nested bounded repetitions, whose bounds scslre
 * takes as safe however large (see {@link MAX_NESTED_WAYS}).
 */
export function superLinearReason(source: string, flags: string): string | undefined {
  const analysisFlags = flags.replaceAll(/[dgy]/gu, '');
  const { reports } = loadAnalyser()({ source, flags: analysisFlags }, { assumeRejectingSuffix: false });
  const report = reports[0];
  if (report === undefined) return nestedReason(source, analysisFlags);
  const attack = JSON.stringify(report.character.pick.repeat(3));
  const kind = report.exponential ? 'exponential' : 'polynomial';
  const where =
    report.type === 'Move'
      ? `the quantifier ${report.quant.raw} is retried from every start position`
      : report.type === 'Self'
        ? `the quantifier ${report.quant.raw} can repeat itself inside ${report.parentQuant.raw}`
        : `the quantifiers ${report.startQuant.raw} and ${report.endQuant.raw} can trade characters`;
  return `it can take ${kind} time (${where}; try a long run of ${attack}…); bound the quantifier, such as {1,64}, or make the parts exclusive`;
}
