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
   * written (quoted, the same characters are a literal: a password may hold `(` and `)`); `inline`
   * only unquoted inside a line, not as a `.env` line's whole value (`DB_PASSWORD=Csmc!=#w47…`:
   * a line of its own gives its value the rest of the line). A `code` or `inline` shape is matched
   * against the value as read, before its trailing `)`, `]` and `.` were dropped.
   */
  readonly where: 'any' | 'code' | 'inline';
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
  // `$PASS`, `%PASS%`, `@secret`, `$(cat /run/secrets/db)`, `${VAR}`, `$HOME/.pgpass`, Perl's and
  // PHP's `$self->{pass}`, `$url->password`, `@{$list}`, kernel-doc's `%NL80211_ATTR_MAC`: a value
  // kept elsewhere. The name is followed by what code puts after a name, or is the whole value and
  // written in one case: `$Tr7!vrr?L9S`, `%zL2K$LT3#R` and `$uperS3cret2024` are passwords that
  // start with a symbol.
  { id: 'reference', where: 'any', pattern: /^[$@][({]|^[$@%]\w+(?:->|[[{(.;,):/%])|^[$@%](?:[A-Z_][A-Z\d_]*|[a-z_][a-z\d_]*)$/u },
  // `%s`, `%(password)s`, `%-8.3f`, `token=%s`: a format's placeholder, alone or the whole value of a
  // `name=` field (`x=%s!K9Zk…` is a password holding `%s`), filled in elsewhere.
  { id: 'format', where: 'any', pattern: /^%(?:\([\w.]+\))?[-+ #0]*(?:[1-9]\d*)?(?:\.\d+)?[sdifxXeEgGrcu](?![A-Za-z0-9])|^[\w.-]{1,32}=%(?:\([\w.]+\))?[-+ #0]*(?:[1-9]\d*)?(?:\.\d+)?[sdifxXeEgGrcu]$/u },
  // `{password}`, `{db_password}`, `{0}`, `{PASSWORD:>8}`: a replacement field of Python's, C#'s or Rust's
  // format strings, a name of one case (`{Xk9mPq2vL}` is a password in braces).
  { id: 'replacement field', where: 'any', pattern: /^\{(?:[a-z_][a-z\d_.]*|[A-Z_][A-Z\d_.]*|\d{1,2})(?::[^{}]{0,20})?\}$/u },
  // `g:netrw_passwd`, `s:passwd`: a Vim script variable with its scope (`g:` global, `s:` script, `b:` buffer …), a name of one case.
  { id: 'vim variable', where: 'code', pattern: /^[gswtblav]:(?:[a-z_][a-z\d_#]*|[A-Z_][A-Z\d_#]*)$/u },
  // `&#x3C;` (of `&#x3C;string>`), `&lt;`: markup's escaped `<`, the whole value as read (a placeholder shown in HTML).
  { id: 'character reference', where: 'any', pattern: /^&(?:#\d{1,7}|#x[\da-f]{1,6}|lt|gt|amp|quot|apos|nbsp);?$/iu },
  { id: 'template', where: 'any', pattern: templatePattern },
  // `<password>`, `<your token here>`, `postgres://<user>:<pw>@`: a name in angle brackets, or a value
  // that opens with one (`k8Qv2<mZr9xLpT4` is a password).
  { id: 'angle-bracket placeholder', where: 'any', pattern: /^<|<[\w .-]{1,40}>/u },
  // `13.1.0`, `v2.4.1-beta.2`: a version (a package's, as `"@secretlint/secretlint-rule-1password": "13.1.0"` pins one).
  { id: 'version', where: 'any', pattern: /^[v^~]?\d{1,4}(?:\.\d{1,6}){1,3}(?:-[a-z]+(?:\.\d+)?)?$/u },
  // `********`, `aaaaaaaa`.
  { id: 'one character repeated', where: 'any', pattern: /^(.)\1*$/su },
  // `&str` in a Rust signature, `&self.password`, `&mut buf`, `&[u8]`, `&peekNext()` (not `&BN1j2?#q1D`: a password).
  { id: 'borrow', where: 'code', pattern: /^&(?:mut\s+)?[\w.'[\]<>:]+(?:\(.*|[),;]*)$/su },
  // Brackets that close: `getPassword()`, `bytes(memoryview(pw))`, `request.json['pw']`, `os.environ["X"]`.
  { id: 'call or subscript', where: 'code', pattern: /^[^(]*\(.*\)|^[^[]*\[.*\]/su },
  // A name (C++ scopes too) then `(` or `[`: a call or subscript the value's end cut short (`fallback_getpass(prompt`,
  // `fs.readFileSync('…`, `request.json_body['pw`, `loadOptionalSetting({`).
  { id: 'call', where: 'code', pattern: /^[A-Za-z_$.][\w$.:]*[([]/u },
  // An object, a list or a parenthesised expression; an optional member (`options?.apiKey`); an arrow function.
  { id: 'expression', where: 'code', pattern: /^[{[(]|\?\.|=>/u },
  // `req.body.password`, `process.env.API_KEY`, `config.secret`: letters, `_` and `$` joined by dots,
  // closing the call or subscript it is an argument of (`f(password=self.password)`).
  { id: 'member path', where: 'code', pattern: /^(?=[^.]*\.)[A-Za-z_$.]+[)\]]*$/u },
  // Minified code after a name: a short name, then brackets closing an object and a call
  // (`setClientApiKey({apiKey:o}){!r||r===…`), a logical or comparison operator (`"X-Algolia-API-Key":null!=c?c:o`),
  // or a conditional's other branch, a member path called or subscripted (`…["x-algolia-api-key"]=o:u.baseQueryParameters[…`).
  { id: 'minified expression', where: 'inline', pattern: /^[A-Za-z_$][\w$]*(?:\}\)|\|\||&&|[=!]==?|:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[([])/u },
  // A CSS rule after a pseudo-class: `a.password:focus{outline:none}`.
  { id: 'style rule', where: 'code', pattern: /^[a-z-]{2,}\{[a-z-]+:/u },
];
