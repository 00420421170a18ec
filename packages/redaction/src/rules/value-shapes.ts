/**
 * Shapes of a value written beside a credential's name that are never a secret: a reference to a
 * value kept elsewhere, a template, code (a call, a subscript, a member path, an expression), one
 * character repeated. Data, reviewable like a gitleaks allowlist; the value judge
 * (`judge/value-judge.ts`) reads it with the vocabulary's placeholders and the randomness judge.
 * Every pattern is linear in the value it is given (values are at most 256 characters).
 */

/** A shape of value that is never a secret. */
export interface ValueShape {
  /** What the shape is, for a reader of the table. */
  readonly id: string;
  /**
   * Where the shape counts: `any` quoted or not; `code` only unquoted, where an expression is
   * written (quoted, the same characters are a literal: a password may hold `(` and `)`). A `code`
   * shape is matched against the value as read, before its trailing `)`, `]` and `.` were dropped.
   */
  readonly where: 'any' | 'code';
  readonly pattern: RegExp;
}

/**
 * A template written whole: `${NAME}` or `${NAME:-default}` (a name of letters, digits, `_` and
 * `.`, then `}` or a `:`/`-`/`?`/`=` modifier and a `}`), or `{{ … }}` closed before any other
 * brace. A `${` or `{{` that does not close so (`m{{h}o)p${e]…`) is a random password's.
 */
export const templatePattern: RegExp = /\$\{[\w.]{1,128}(?:\}|[:?=-][^}]*\})|\{\{\s*[^{}\s][^{}]{0,124}\}\}/u;

/** The shapes of value that are never a secret, in the order they are tried. */
export const neverSecretShapes: readonly ValueShape[] = [
  // `$PASS`, `%PASS%`, `@secret`, `$(cat /run/secrets/db)`, `${VAR}`: a value kept elsewhere.
  { id: 'reference', where: 'any', pattern: /^[$%@]/u },
  { id: 'template', where: 'any', pattern: templatePattern },
  // `********`, `aaaaaaaa`.
  { id: 'one character repeated', where: 'any', pattern: /^(.)\1*$/su },
  // `&str` in a Rust signature, `&self.password`.
  { id: 'borrow', where: 'code', pattern: /^&/u },
  // Brackets that close: `getPassword()`, `bytes(memoryview(pw))`, `request.json['pw']`, `os.environ["X"]`.
  { id: 'call or subscript', where: 'code', pattern: /^[^(]*\(.*\)|^[^[]*\[.*\]/su },
  // A name then `(` or `[`: a call or subscript the value's end cut short (`fallback_getpass(prompt`,
  // `fs.readFileSync('…`, `request.json_body['pw`, `loadOptionalSetting({`).
  { id: 'call', where: 'code', pattern: /^[A-Za-z_$.][\w$.]*[([]/u },
  // An object, a list or a parenthesised expression; an optional member (`options?.apiKey`); an arrow function.
  { id: 'expression', where: 'code', pattern: /^[{[(]|\?\.|=>/u },
  // `req.body.password`, `process.env.API_KEY`, `config.secret`: letters, `_` and `$` joined by dots.
  { id: 'member path', where: 'code', pattern: /^(?=[^.]*\.)[A-Za-z_$.]+$/u },
  // Minified code after a name: a short name, then brackets closing an object and a call
  // (`setClientApiKey({apiKey:o}){!r||r===…`), a logical or comparison operator (`"X-Algolia-API-Key":null!=c?c:o`),
  // or a conditional's other branch, a member path called or subscripted (`…["x-algolia-api-key"]=o:u.baseQueryParameters[…`).
  { id: 'minified expression', where: 'code', pattern: /^[A-Za-z_$][\w$]*(?:\}\)|\|\||&&|[=!]==?|:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[([])/u },
  // A CSS rule after a pseudo-class: `a.password:focus{outline:none}`.
  { id: 'style rule', where: 'code', pattern: /^[a-z-]{2,}\{[a-z-]+:/u },
];
