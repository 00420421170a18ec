/** A pattern written for Go's RE2 (as gitleaks rules are), rewritten for JavaScript. */
export type TranslatedRegex = { readonly source: string; readonly flags: string } | { readonly problem: string };

const posixClasses: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const escapeLiteral = (text: string): string => text.replaceAll(/[$()*+.?[\\\]^{|}/-]/gu, (character) => `\\${character}`);

/**
 * Rewrites an RE2 pattern into a JavaScript one with the same meaning, or says why it cannot:
 * leading `(?i)`, `(?s)`, `(?m)` become flags; `(?P<name>` is `(?<name>`; `\z` and `\A` are the
 * ends of the text; `\Q…\E` is escaped; `[[:alpha:]]`-style classes are spelled out; `\x{…}`
 * within the BMP is `\u…`. Left as they are: `(?i:…)` groups (JavaScript modifiers). Refused:
 * flags in the middle of a pattern, `(?U)`, Unicode classes `\p`, `\C`, and back-references
 * (RE2 has none, so a gitleaks rule never means one).
 */
export function translateGoRegex(pattern: string): TranslatedRegex {
  let index = 0;
  const flags = new Set<string>();
  // Leading flag groups: (?i), (?is), (?i)(?s)…
  for (;;) {
    const group = /^\(\?([a-zA-Z]+)\)/u.exec(pattern.slice(index));
    if (group === null) break;
    for (const flag of group[1] as string) {
      if (flag !== 'i' && flag !== 'm' && flag !== 's') return { problem: `the flag (?${flag}) has no JavaScript equivalent (only i, m and s do)` };
      flags.add(flag);
    }
    index += group[0].length;
  }
  const multiline = flags.has('m');
  let source = '';
  let inClass = false;
  while (index < pattern.length) {
    const character = pattern[index] as string;
    if (character === '\\') {
      const next = pattern[index + 1];
      if (next === undefined) return { problem: 'the pattern ends with a lone backslash' };
      if (next === 'Q') {
        const close = pattern.indexOf('\\E', index + 2);
        const literal = pattern.slice(index + 2, close < 0 ? pattern.length : close);
        source += inClass ? literal.replaceAll(/[\\\]^-]/gu, (c) => `\\${c}`) : escapeLiteral(literal);
        index = close < 0 ? pattern.length : close + 2;
        continue;
      }
      if (!inClass && next === 'z') source += multiline ? '(?![\\s\\S])' : '$';
      else if (!inClass && next === 'A') source += multiline ? '(?<![\\s\\S])' : '^';
      else if (next === 'p' || next === 'P') return { problem: 'Unicode classes (\\p, \\P) are not supported; list the characters instead' };
      else if (next === 'C') return { problem: '\\C (any byte) has no JavaScript equivalent' };
      else if (next >= '1' && next <= '9') return { problem: 'back-references are not RE2 syntax; write the repeated part out' };
      else if (next === 'x' && pattern[index + 2] === '{') {
        const close = pattern.indexOf('}', index + 3);
        const hex = close < 0 ? '' : pattern.slice(index + 3, close);
        if (!/^[0-9a-f]{1,4}$/iu.test(hex)) return { problem: `\\x{${hex}} is not a character this translation supports (one to four hex digits)` };
        source += `\\u${hex.padStart(4, '0')}`;
        index = close + 1;
        continue;
      } else source += character + next;
      index += 2;
      continue;
    }
    if (inClass) {
      if (character === '[' && pattern[index + 1] === ':') {
        const close = pattern.indexOf(':]', index + 2);
        const name = close < 0 ? '' : pattern.slice(index + 2, close);
        const negated = name.startsWith('^');
        const spelled = posixClasses[negated ? name.slice(1) : name];
        if (spelled === undefined || negated) return { problem: `the class [:${name}:] is not supported; list the characters instead` };
        source += spelled;
        index = close + 2;
        continue;
      }
      if (character === ']') inClass = false;
      source += character;
      index += 1;
      continue;
    }
    if (character === '[') {
      inClass = true;
      source += character;
      index += 1;
      // A `]` right after `[` or `[^` is a literal in RE2.
      if (pattern[index] === '^') {
        source += '^';
        index += 1;
      }
      if (pattern[index] === ']') {
        source += '\\]';
        index += 1;
      }
      continue;
    }
    if (character === '(' && pattern[index + 1] === '?') {
      if (pattern[index + 2] === 'P' && pattern[index + 3] === '<') {
        source += '(?<';
        index += 4;
        continue;
      }
      const group = /^\(\?[a-zA-Z-]+\)/u.exec(pattern.slice(index));
      if (group !== null) return { problem: `the flags ${group[0]} appear after the start; put them first, or use a (?i:…) group` };
    }
    source += character;
    index += 1;
  }
  return { source, flags: [...flags].join('') };
}
