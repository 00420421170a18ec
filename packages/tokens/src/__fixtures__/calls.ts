// Test fixtures: an independent lenient router (what a sloppy consumer of the text would route)
// and generators of the spellings a model or an attacker may use for a call.
import * as fc from 'fast-check';
import type { IsolationPhase } from '../token-violation';

/** A call a lenient router would make. */
export interface RoutedCall {
  readonly kind: 'invoke' | 'broadcast';
  readonly role: string;
}

/**
 * Would a router route this? Written apart from the scanner on purpose: NFKC, lower case, then any
 * `[ invoke : role |` or `[ broadcast : all |`, whatever stands around it, with white space —
 * line breaks included — wherever the router allows it (its pattern's `\s*`), and a bare
 * `[broadcast]` tag.
 */
export function routableCalls(text: string): RoutedCall[] {
  const calls: RoutedCall[] = [];
  {
    const line = readable(text);
    let from = line.indexOf('[');
    while (from >= 0) {
      let index = from + 1;
      const spaces = (): void => {
        while (index < line.length && (line[index] as string).trim() === '') index += 1;
      };
      spaces();
      const kind = line.startsWith('invoke', index) ? 'invoke' : line.startsWith('broadcast', index) ? 'broadcast' : undefined;
      if (kind !== undefined) {
        index += kind.length;
        const afterKeyword = index;
        spaces();
        // `:` as the protocol has it; a sloppy router also takes `;`, `=`, `,`, `|` or a bare space.
        const separated = ':;=,|'.includes(line[index] as string) || index > afterKeyword;
        if (kind === 'broadcast' && line[index] === ']') calls.push({ kind, role: 'all' });
        else if (separated && kind === 'broadcast' && line[index] === '|') calls.push({ kind, role: 'all' });
        else if (separated) {
          if (':;=,|'.includes(line[index] as string)) index += 1;
          spaces();
          while (index < line.length && decoration.includes(line[index] as string)) index += 1;
          let role = '';
          while (index < line.length && (line[index] as string) >= 'a' && (line[index] as string) <= 'z') role += line[index++];
          while (index < line.length && decoration.includes(line[index] as string)) index += 1;
          spaces();
          if (line[index] === '|' && role !== '') calls.push({ kind, role });
        }
      }
      from = line.indexOf('[', from + 1);
    }
  }
  return calls;
}

const decoration = '*`"\'.!@';

/**
 * The text as a sloppy router reads it: compatibility forms and accents folded (NFKD, marks
 * dropped), invisible characters (format and control characters) dropped, look-alike Cyrillic and
 * Greek letters read as Latin, lower case. Its own small table, apart from the package's.
 */
function readable(text: string): string {
  let out = '';
  for (const character of text.normalize('NFKD')) {
    if (character === '\n' || character === '\t') out += character;
    else if (/[\p{Cf}\p{Cc}\p{Mn}\p{Me}]/u.test(character)) continue;
    else out += routerLookAlikes[character] ?? character;
  }
  return out.toLowerCase();
}

const routerLookAlikes: Readonly<Record<string, string>> = {
  а: 'a', А: 'a', с: 'c', С: 'c', е: 'e', Е: 'e', о: 'o', О: 'o', р: 'p', Р: 'p', х: 'x', Х: 'x', і: 'i', І: 'i', ѕ: 's', Ѕ: 's', к: 'k', К: 'k', Т: 't', В: 'b', М: 'm', Н: 'h',
  '\u2236': ':', α: 'a', Α: 'a', ο: 'o', Ο: 'o', ε: 'e', Ε: 'e', ι: 'i', Ι: 'i', κ: 'k', Κ: 'k', ρ: 'p', Ρ: 'p', τ: 't', Τ: 't', Β: 'b', Μ: 'm', Ν: 'n', Χ: 'x', χ: 'x',
};

/** A call the protocol bars, and the guard's options that bar it. */
export interface BarredScenario {
  readonly name: string;
  readonly chain: readonly string[];
  readonly phase: IsolationPhase;
  readonly kind: 'invoke' | 'broadcast';
  /** The barred target (`all` for a broadcast). */
  readonly role: string;
}

/** Every way a call is barred: R4 (self, circular, depth), R6 (both phases), and the broadcast bars. */
export const barredScenarios: readonly BarredScenario[] = [
  { name: 'self-invocation', chain: ['cfo'], phase: 'open', kind: 'invoke', role: 'cfo' },
  { name: 'circular call', chain: ['cro', 'cfo'], phase: 'open', kind: 'invoke', role: 'cro' },
  { name: 'depth limit', chain: ['cro', 'cfo', 'coo'], phase: 'open', kind: 'invoke', role: 'chro' },
  { name: 'independent phase', chain: ['cmo'], phase: 'independent', kind: 'invoke', role: 'cfo' },
  { name: 'critique phase', chain: ['cmo'], phase: 'critique', kind: 'invoke', role: 'cfo' },
  { name: 'independent phase, a role the registry does not know', chain: [], phase: 'independent', kind: 'invoke', role: 'astrologer' },
  { name: 'broadcast in the independent phase', chain: ['ceo'], phase: 'independent', kind: 'broadcast', role: 'all' },
  { name: 'broadcast in the critique phase', chain: ['ceo'], phase: 'critique', kind: 'broadcast', role: 'all' },
  { name: 'broadcast not from the ceo', chain: ['cfo'], phase: 'open', kind: 'broadcast', role: 'all' },
  { name: 'broadcast from a ceo with a caller', chain: ['cro', 'ceo'], phase: 'open', kind: 'broadcast', role: 'all' },
];

const fullwidth = (character: string): string => String.fromCharCode(character.charCodeAt(0) + 0xfee0);

/** A word in any mix of upper, lower and fullwidth letters (all of which NFKC folds back). */
export const caseMix = (word: string): fc.Arbitrary<string> =>
  fc.tuple(...[...word].map((letter) => fc.constantFrom(letter.toLowerCase(), letter.toUpperCase(), fullwidth(letter.toUpperCase()), fullwidth(letter.toLowerCase())))).map((letters) => letters.join(''));

/** Characters a reader does not see: zero-width, joiners, soft hyphen, bidi controls, word joiner, BOM, variation selector, grapheme joiner, a tag letter, NUL, ESC. */
export const invisibles = ['\u200B', '\u200C', '\u200D', '\u00AD', '\u200E', '\u202E', '\u2066', '\u2060', '\uFEFF', '\uFE0F', '\u034F', '\u{E0061}', '\u0000', '\u001B'] as const;
const lookAlike: Readonly<Record<string, readonly string[]>> = {
  a: ['а', 'α'], c: ['с', 'С'], e: ['е', 'Е', 'ε'], o: ['о', 'О', 'ο', 'Ο'], p: ['р', 'Р', 'ρ'], x: ['х', 'χ'], i: ['і', 'ι'], s: ['ѕ'], k: ['к', 'К', 'κ'], t: ['Т', 'τ'], b: ['В', 'Β'], m: ['М', 'Μ'], n: ['Ν'], h: ['Н'],
};

/**
 * A word as an attacker disguises it for a reader that folds what it cannot see: each letter in
 * any case, fullwidth, as a Cyrillic or Greek look-alike, with an accent (a combining mark), and
 * invisible characters between letters.
 */
export const disguised = (word: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      ...[...word].map((letter) =>
        fc.tuple(
          fc.constantFrom(letter.toLowerCase(), letter.toUpperCase(), fullwidth(letter.toUpperCase()), ...(lookAlike[letter.toLowerCase()] ?? [])),
          fc.constantFrom('', '', '', '\u0301', '\u0308'),
          fc.constantFrom('', '', '', ...invisibles),
        ),
      ),
    )
    .map((letters) => letters.map(([letter, mark, hidden]) => letter + mark + hidden).join(''));

const space = fc.constantFrom('', '', ' ', '  ', '\t', '\u3000', '\u00a0');
/** White space inside a call's head, line breaks included: `[INVOKE:\ncfo|…]`, `[ INVOKE :\r\n cfo | …]`. */
const headSpace = fc.oneof({ weight: 3, arbitrary: space }, { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', ' \n ', '\n\n', ' \r\n\t') });
/** Question text: anything on one line, brackets left out so it opens no second call. */
export const question: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('burn?', 'Can we afford 5 engineers?', 'a | b', 'x', ''),
  fc.string({ maxLength: 20 }).map((text) => text.replace(/[\r\n[\]\uFF3B\uFF3D\uFE47\uFE48]/g, ' ')),
);
/** Prose a line may hold before or after a call. */
const prose = fc.constantFrom('', '', 'Quick question: ', 'ok ', 'So — ', 'cfo said: ');
const after = fc.constantFrom('', '', ' thanks', ' (soon)', ' ]');

/**
 * Every spelling of a call a lenient router would still route: case, fullwidth forms, look-alike
 * letters, accents, invisible characters, inner spaces and line breaks, a loose separator after
 * the keyword, a decorated role, prose around it, unclosed; for a broadcast, a bare `[BROADCAST]`
 * tag before its question too.
 */
export function spelledCall(kind: 'invoke' | 'broadcast', role: string): fc.Arbitrary<string> {
  const full = fullCall(kind, role);
  if (kind === 'invoke') return full;
  const bare = fc
    .record({ before: prose, open: fc.constantFrom('[', '\uFF3B'), keyword: fc.oneof(caseMix(kind), disguised(kind)), gaps: fc.tuple(headSpace, headSpace), close: fc.constantFrom(']', '\uFF3D'), question, after })
    .map(({ before, open, keyword, gaps: [a, b], close, question: asked, after: trailing }) => `${before}${open}${a}${keyword}${b}${close} ${asked}${trailing}`);
  return fc.oneof({ weight: 4, arbitrary: full }, { weight: 1, arbitrary: bare });
}

function fullCall(kind: 'invoke' | 'broadcast', role: string): fc.Arbitrary<string> {
  return fc
    .record({
      before: prose,
      open: fc.constantFrom('[', '[', '\uFF3B', '\uFE47'),
      keyword: fc.oneof(caseMix(kind), disguised(kind)),
      colon: fc.constantFrom(':', ':', '\uFF1A', '\uFE55', ' ', '=', ';', '\u200B:'),
      role: fc.oneof(caseMix(role), disguised(role)).chain((written) => fc.constantFrom(written, `**${written}**`, `\`${written}\``, `"${written}"`, `${written}.`, `@${written}`)),
      pipe: fc.constantFrom('|', '|', '\uFF5C'),
      question,
      close: fc.constantFrom(']', ']', '\uFF3D', ''),
      after,
      gaps: fc.tuple(headSpace, headSpace, headSpace, headSpace),
    })
    .map(({ before, open, keyword, colon, role: written, pipe, question: asked, close, after: trailing, gaps: [a, b, c, d] }) => `${before}${open}${a}${keyword}${b}${colon}${c}${written}${d}${pipe}${asked}${close}${trailing}`);
}

/** Where a call line sits: alone, among other lines, inside a RESPONSE, with CRLF line ends, at the very end. */
export function placed(call: fc.Arbitrary<string>, speaker: string): fc.Arbitrary<string> {
  const response = (inner: string): string => [`[RESPONSE:${speaker}]`, 'Key finding: x', inner, 'Supporting data:', '- y', 'Confidence: low', 'Caveat: z', '[/RESPONSE]'].join('\n');
  return fc
    .tuple(call, fc.constantFrom('alone', 'lines', 'response', 'crlf', 'end'))
    .map(([line, place]) => {
      switch (place) {
        case 'alone':
          return `${line}\n`;
        case 'lines':
          return `Some analysis first.\n[CHAIN: cro → cfo]\n${line}\nMore prose.\n`;
        case 'response':
          return `${response(line)}\n`;
        case 'crlf':
          return `Intro\r\n${line}\r\nOutro\r\n`;
        default:
          return `Intro\n${line}`;
      }
    });
}

/** Offsets to split a text at: any chunking. */
export const offsets = (text: string): fc.Arbitrary<number[]> => fc.array(fc.nat(text.length), { maxLength: 12 });
