/**
 * A password given on a command line to a command that documents an option as the password:
 *
 * ```
 * line      = command [ subcommand ] { blanks argument } blanks password-option   (one command)
 *           | NAME "=" word                                  (SSHPASS, REDISCLI_AUTH, MYSQL_PWD)
 *           | ( "echo" | "printf" ) { blanks option } blanks pair blanks "|" blanks [ "sudo" blanks ] "chpasswd"
 *           | "chpasswd" blanks "<<<" blanks pair                    (the command ending after it)
 * pair      = word of a name, ":" and the password (quoted whole or not; printf's closing "\n" left out)
 * option    = "-p" word | "-p" blanks word | "--password=" word | …   (per command: see `commands`)
 * word      = { character but unquoted white space or a command's end ";|&()<>`" }, quotes kept
 *             (a directive's: { character but unquoted white space or "`" })
 * blanks    = { " " | "\t" | "\" line-break }
 * ```
 */
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { isPlaceholderCredential } from '../judge/placeholder';
import { isStructured } from '../judge/plausibility';
import { isCredentialShaped, isPassphrase } from '../judge/value-judge';
import { textOrEnd } from '../engine/prefilter';
import { detector, END, isBlank, type Reader } from './reader';

/** The type reported for a password given to a command on its command line. */
const commandLineType = 'COMMAND_LINE_PASSWORD';

/**
 * How a password option takes its value: glued to a one-letter option (`-p<password>`), as the
 * next argument (`-p <password>`) or after `=` (`--password=<password>`).
 */
type OptionForm = 'attached' | 'separate' | 'equals';

/** An option whose documented meaning, for its command, is "the password". */
interface PasswordOption {
  readonly name: string;
  readonly forms: readonly OptionForm[];
  /** What the value must begin with to be the password itself, left out of it (openssl's `pass:`; its `env:`, `file:` name where the password is). */
  readonly scheme?: string;
  /** The value must be shaped as a credential or a passphrase (an option read without its command: prose and manuals name it, `the -storepass option`). */
  readonly shaped?: boolean;
}

/** What a command takes a password with: options, or (`htpasswd -b`) a positional argument. */
interface CommandRule {
  /** The words one of which must come right after the command (`docker login`, `rabbitmqctl add_user`). */
  readonly subcommands?: readonly string[];
  readonly options: readonly PasswordOption[];
  /** `htpasswd -b [file] user password`: the password is the last positional argument of batch mode. */
  readonly batchPositional?: boolean;
  /** Which argument that is no option is the password: PowerShell's `ConvertTo-SecureString "<password>" -AsPlainText` (1), rabbitmqctl's `add_user <user> <password>` (2). */
  readonly positional?: number;
  /** Redis's `requirepass <password>`: a directive whose one argument is the password, the line or the command ending after it (prose goes on). */
  readonly directive?: boolean;
  /** `echo <user>:<password> | chpasswd`: the command's one argument (after its options) is a `user:password` line piped into one of these commands (`sudo` before it allowed). */
  readonly pipedInto?: readonly string[];
  /** `chpasswd <<< <user>:<password>`: the command's here-string is a `user:password` line. */
  readonly hereString?: boolean;
  /** The command's and its options' names are read in any case (PowerShell's). */
  readonly caseless?: boolean;
  /**
   * openssl's `-passin pass:<password>`: the name is itself a password option and the next word its
   * value. Read wherever the option stands, so a second password of the line (`-passin pass:… -passout
   * pass:…`) and one after an argument the command's reading stops at (`-subj "/CN=…"`) are found.
   */
  readonly value?: PasswordOption;
}

/** keytool's and jarsigner's password options. */
const keystoreOptions = ['-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass'];

const ALL: readonly OptionForm[] = ['attached', 'separate', 'equals'];
const LONG: readonly OptionForm[] = ['separate', 'equals'];

const mysql: CommandRule = { options: [{ name: '-p', forms: ['attached'] }, { name: '--password', forms: ['equals'] }] };
const registryLogin: CommandRule = { subcommands: ['login'], options: [{ name: '-p', forms: ALL }, { name: '--password', forms: LONG }] };
const redis: CommandRule = { options: [{ name: '-a', forms: ['separate'] }, { name: '--pass', forms: ['separate'] }] };
const mongo: CommandRule = { options: [{ name: '-p', forms: ['separate'] }, { name: '--password', forms: LONG }] };
const ldap: CommandRule = { options: [{ name: '-w', forms: ['attached', 'separate'] }] };
const sqlServer: CommandRule = { options: [{ name: '-P', forms: ['attached', 'separate'] }] };

/**
 * Commands whose manual documents an option as the password itself (not a prompt), and those
 * options. `mysql -p` alone prompts (its next word is the database), so only the glued form counts;
 * `-p` of any other command (`ssh -p 22`, `redis-cli -p 6379`, `docker run -p 8080:80`) is a port.
 */
const commands: ReadonlyMap<string, CommandRule> = new Map<string, CommandRule>([
  ...['mysql', 'mysqldump', 'mysqladmin', 'mysqlimport', 'mysqlshow', 'mysqlcheck', 'mysqlpump', 'mysqlslap', 'mariadb', 'mariadb-dump', 'mariadb-admin'].map((name) => [name, mysql] as const),
  ['sshpass', { options: [{ name: '-p', forms: ['attached', 'separate'] }] }],
  ...['redis-cli', 'valkey-cli', 'keydb-cli'].map((name) => [name, redis] as const),
  ...['docker', 'podman', 'nerdctl', 'buildah'].map((name) => [name, registryLogin] as const),
  ['az', { subcommands: ['login'], options: [{ name: '-p', forms: ALL }, { name: '--password', forms: LONG }] }],
  ...['mongo', 'mongosh', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport', 'mongostat', 'mongotop'].map((name) => [name, mongo] as const),
  ...['ldapsearch', 'ldapadd', 'ldapmodify', 'ldapdelete', 'ldapwhoami', 'ldappasswd', 'ldapcompare', 'ldapmodrdn'].map((name) => [name, ldap] as const),
  ...['sqlcmd', 'bcp'].map((name) => [name, sqlServer] as const),
  ['wget', { options: ['--password', '--http-password', '--ftp-password', '--proxy-password'].map((name) => ({ name, forms: LONG })) }],
  ['htpasswd', { options: [], batchPositional: true }],
  ['openssl', { options: [{ name: '-k', forms: ['separate'] }] }],
  ...['-passin', '-passout', '-pass', '-password'].map((name) => [name, { options: [], value: { name, forms: ['separate'], scheme: 'pass:' } }] as const),
  ['convertto-securestring', { options: [{ name: '-string', forms: ['separate'] }], positional: 1, caseless: true }],
  ['rabbitmqctl', { subcommands: ['add_user', 'change_password'], options: [], positional: 2 }],
  // ssh-keygen's new and old passphrases; Java's keytool's and jarsigner's (after the command any word; each option read where it stands too, as openssl's, a value shaped as a credential: prose and manuals name the options); archivers; GitHub's CLI setting a secret.
  ['ssh-keygen', { options: [{ name: '-N', forms: ['attached', 'separate'] }, { name: '-P', forms: ['attached', 'separate'] }] }],
  ...['keytool', 'jarsigner'].map((name) => [name, { options: keystoreOptions.map((option): PasswordOption => ({ name: option, forms: ['separate'] })) }] as const),
  ...keystoreOptions.map((name) => [name, { options: [], value: { name, forms: ['separate'], shaped: true } }] as const),
  ...['zip', 'unzip'].map((name) => [name, { options: [{ name: '-P', forms: ['separate'] }] }] as const),
  ...['7z', '7za', '7zz'].map((name) => [name, { options: [{ name: '-p', forms: ['attached'] }] }] as const),
  ['gh', { subcommands: ['secret'], options: [{ name: '--body', forms: LONG }, { name: '-b', forms: ['attached', 'separate'] }] }],
  // Redis's configuration directives (redis.conf, `CONFIG SET requirepass …`).
  ...['requirepass', 'masterauth'].map((name) => [name, { options: [], directive: true }] as const),
  // chpasswd reads `user:password` lines: echo's or printf's argument piped into it, or its here-string.
  ...['echo', 'printf'].map((name) => [name, { options: [], pipedInto: ['chpasswd'] }] as const),
  ['chpasswd', { options: [], hereString: true }],
]);

/** Environment variables the commands read their password from (`SSHPASS=… sshpass -e`); `PGPASSWORD` is the keyword rule's. */
const environmentNames: readonly string[] = ['SSHPASS', 'REDISCLI_AUTH', 'MYSQL_PWD'];

/** The most characters read from the command's first letter: a command line longer than this is not judged. */
const MAX_LINE = 512;
/** The most arguments passed over before the password: more, and the line is left to the other rules (a bound on the work per command word). */
const MAX_ARGUMENTS = 16;
/** The longest value taken as a password. */
const MAX_VALUE = 256;
/** The most blanks read around a pipe's `|` or a here-string's `<<<`. */
const MAX_BLANKS = 8;
/** `htpasswd` options that take an argument (`-C cost`, `-r rounds`). */
const htpasswdArguments = 'Cr';

/** Where a command ends: a line break, `;`, `|`, `&`, `(`, `)`, `<`, `>` or a backtick outside quotes. */
const isCommandEnd = (code: number): boolean => code === 10 || code === 13 || code === 59 || code === 124 || code === 38 || code === 40 || code === 41 || code === 60 || code === 62 || code === 96;
/** Where a word ends besides white space: a command's end, or (a configuration `directive`'s word) a line break or a backtick. */
const isWordEnd = (code: number, directive: boolean): boolean => (directive ? code === 10 || code === 13 || code === 96 : isCommandEnd(code));
const isLowerOrDigit = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/** Words that, with `=`, `:` or a quote in the argument, say another rule may be reading it (`--api-key=…`, `"Authorization:`), lower-case. */
const credentialWords = ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'cred'];
/** Scheme words a credential follows as the next argument (`Bearer …`), lower-case. */
const schemeWords: ReadonlySet<string> = new Set(['bearer', 'basic', 'token', 'digest']);

/**
 * Whether the matcher may pass over an argument between the command and its password: the scan
 * does not look at what a match passes over, so only what no other rule could read is passed. Its
 * pieces (between characters other than letters, digits and `. _ - + ~ /`, leading dashes left
 * out) read as words, identifiers, hosts, paths or numbers, or are short (see `isPlainPiece`); no
 * `:` but a port's, no scheme word (`Bearer`), no credential's name with `=`, `:` or a quote
 * (`--api-key=…`, `"Authorization: …"`), nothing but ASCII, and no `.` or `,` ending it (prose).
 */
function isPlainArgument(word: string): boolean {
  // Prose, not a command line: a word that ends a clause (`in.`, `daemon,`).
  const last = word.charCodeAt(word.length - 1);
  if (word.length > 1 && (last === 46 || last === 44)) return false;
  let from = 0;
  while (from < word.length && (word.charCodeAt(from) === 45 || word.charCodeAt(from) === 34 || word.charCodeAt(from) === 39)) from += 1;
  let pieceStart = from;
  /** Whether the word holds `=`, `:` or a quote past its start: a name of a credential then says another rule reads it. */
  let assigning = false;
  for (let index = from; index <= word.length; index += 1) {
    const code = index < word.length ? word.charCodeAt(index) : 32;
    if (code >= 128) return false;
    const inPiece = (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 46 || code === 95 || code === 45 || code === 43 || code === 126 || code === 47;
    if (inPiece) continue;
    if (code === 61 || code === 58 || code === 34 || code === 39) assigning = true;
    // A `:` only before a port's digits (`localhost:3306`).
    if (code === 58) {
      let digits = index + 1;
      while (digits < word.length && word.charCodeAt(digits) >= 48 && word.charCodeAt(digits) <= 57) digits += 1;
      if (digits === index + 1 || (digits < word.length && !'/"\''.includes(word[digits] as string))) return false;
    }
    if (index > pieceStart) {
      const piece = word.slice(pieceStart, index);
      if (!isPlainPiece(piece) || (piece.length >= 5 && piece.length <= 6 && schemeWords.has(piece.toLowerCase()))) return false;
    }
    pieceStart = index + 1;
  }
  if (from > 0 && word.charCodeAt(0) !== 45) assigning = true;
  if (assigning) {
    const lower = word.toLowerCase();
    if (credentialWords.some((credential) => lower.includes(credential))) return false;
  }
  return groupFragments(word, from) < MAX_GROUPS;
}

/** A piece of a plain argument: words and the like, or at most three letters (any case) or lower-case letters and digits (`x`, `SA`, `db1`; not `Q3E`, a spaced-out key's group). */
function isPlainPiece(piece: string): boolean {
  if (piece.length > 3) return isStructured(piece);
  let letters = true;
  let lowerOrDigits = true;
  for (let index = 0; index < piece.length; index += 1) {
    const code = piece.charCodeAt(index);
    if ((code | 0x20) < 97 || (code | 0x20) > 122) letters = false;
    if (!isLowerOrDigit(code) && code !== 46 && code !== 47 && code !== 45 && code !== 95) lowerOrDigits = false;
  }
  return letters || lowerOrDigits;
}

/** Key-group-like fragments tolerated in one argument, or key-group-like arguments in a row: a spaced-out key has more. */
const MAX_GROUPS = 3;

/**
 * Whether a fragment (letters and digits between other characters) reads as a group of a key
 * spaced out: one letter, or at most three characters with a capital or with both letters and
 * digits (`A`, `AE2`, `3GP`, `k9`). Lower-case words and numbers (`db`, `us`, `3306`) do not.
 */
function isKeyGroup(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 0 || length > 3) return false;
  let upper = false;
  let letter = false;
  let digit = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digit = true;
    else {
      letter = true;
      if (code >= 65 && code <= 90) upper = true;
    }
  }
  return (letter && length === 1) || upper || (letter && digit);
}

/** How many fragments of `word` from `from` read as a spaced-out key's groups (see `isKeyGroup`): `A-K-I-A-E-2` has many. */
function groupFragments(word: string, from: number): number {
  let count = 0;
  let fragmentStart = from;
  for (let index = from; index <= word.length; index += 1) {
    const code = index < word.length ? word.charCodeAt(index) : 32;
    if ((code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122)) continue;
    if (isKeyGroup(word, fragmentStart, index)) count += 1;
    fragmentStart = index + 1;
  }
  return count;
}

/**
 * How an argument counts toward a run of key groups across arguments (`AKIA E23G P7JM`): an option
 * (`-u`, `--host`) ends the run, an argument of separators only (`-`, `.`) leaves it as it is, and
 * one that is a single group (see `isKeyGroup`, or four to six characters with a capital or a digit)
 * adds to it; anything else ends it.
 */
function groupStep(text: string, start: number, end: number): 'reset' | 'keep' | 'count' {
  let from = start;
  while (from < end && (text.charCodeAt(from) === 34 || text.charCodeAt(from) === 39)) from += 1;
  let to = end;
  while (to > from && (text.charCodeAt(to - 1) === 34 || text.charCodeAt(to - 1) === 39)) to -= 1;
  if (text.charCodeAt(from) === 45 && to - from >= 2 && ((text.charCodeAt(from + 1) | 0x20) >= 97 && (text.charCodeAt(from + 1) | 0x20) <= 122 || text.charCodeAt(from + 1) === 45)) return 'reset';
  let alphanumerics = 0;
  let marked = false;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) marked = true;
    else if ((code | 0x20) >= 97 && (code | 0x20) <= 122) {
      if (code <= 90) marked = true;
    } else continue;
    alphanumerics += 1;
  }
  if (alphanumerics === 0) return 'keep';
  if (isKeyGroup(text, from, to) || (to - from <= 6 && alphanumerics === to - from && marked)) return 'count';
  return 'reset';
}

/**
 * Reads the shell word at the cursor (at most to `limit`): to unquoted white space or a command's
 * end, quotes kept in it; a configuration file's word (`directive`: redis.conf's) to white space or a
 * backtick alone (`requirepass p@ss;w0rd|x`: the shell's operators are its characters).
 */
function shellWord(reader: Reader, limit: number, directive = false): void {
  let quote = 0;
  for (; reader.at < limit; reader.at += 1) {
    const code = reader.code();
    if (code === END) return;
    if (quote !== 0) {
      if (code === quote) quote = 0;
      else if (code === 10 || code === 13) return;
    } else if (code === 34 || code === 39) quote = code;
    else if (isBlank(code) || isWordEnd(code, directive)) return;
  }
  // A word cut at the limit by the text's end may still go on: wait for it as for any other.
  reader.code();
}

/** Passes over blanks and `\`-continued line breaks: whether a word of the same command (of the line: `directive`) follows (false: the command or the text ends, or `limit` is reached). */
function nextWord(reader: Reader, limit: number, directive = false): boolean {
  while (reader.at < limit) {
    const code = reader.code();
    if (code === END || isWordEnd(code, directive)) return false;
    if (isBlank(code)) reader.at += 1;
    else if (code !== 92) return true;
    else {
      const ahead = reader.code(1) === 13 ? 2 : 1;
      const next = reader.code(ahead);
      if (next === END) return false;
      if (next !== 10) return true;
      reader.at += ahead + 1;
    }
  }
  return false;
}

/** Whether `text.slice(from, to)` is quoted whole: `"…"` or `'…'`. */
const quotedWhole = (text: string, from: number, to: number): boolean => to - from >= 2 && (text[from] === '"' || text[from] === "'") && text[to - 1] === text[from];

/** The password in `text.slice(start, end)` (one word or its rest), after the option's `scheme` when it has one (`pass:`) and shaped as a credential when it asks so: inside its quotes when quoted whole. */
function passwordOutcome(text: string, start: number, end: number, { scheme = '', shaped = false }: Partial<PasswordOption> = {}): MatchOutcome {
  let from = start;
  let to = end;
  const unquote = (): void => {
    if (!quotedWhole(text, from, to)) return;
    from += 1;
    to -= 1;
  };
  unquote();
  if (scheme !== '') {
    // `-passin env:VAR` names where the password is; `"pass:…"` and `pass:"…"` hold it.
    if (!text.startsWith(scheme, from)) return NONE;
    from += scheme.length;
    unquote();
  }
  const value = text.slice(from, to);
  if (value.length === 0 || value.length > MAX_VALUE || isPlaceholderCredential(value) || (shaped && !isCredentialShaped(value) && !isPassphrase(value))) return NONE;
  return { kind: 'match', type: commandLineType, start: from, end: to, resume: to };
}

/** The password of a `user:password` line in `text.slice(start, end)` (inside its quotes when quoted whole, printf's closing `\n` left out), when the user is a plain name. */
function pairOutcome(text: string, start: number, end: number): MatchOutcome {
  let from = start;
  let to = end;
  if (quotedWhole(text, from, to)) {
    from += 1;
    to -= 1;
  }
  if (text.startsWith('\\n', to - 2)) to -= 2;
  const colon = text.indexOf(':', from);
  return colon > from && colon < to && /^[\w.-]+$/u.test(text.slice(from, colon)) ? passwordOutcome(text, colon + 1, to) : NONE;
}

/** The most options (`-e`, `-n`) read before echo's argument. */
const MAX_ECHO_OPTIONS = 2;

/** `echo [options] <user>:<password> | [sudo] <command>`, the cursor past `echo`: the line's password when `command` is one of `into`. */
function pipedLine(reader: Reader, into: readonly string[], limit: number): MatchOutcome {
  const { text } = reader;
  let start = reader.at;
  for (let count = 0; ; count += 1) {
    if (!nextWord(reader, limit)) return NONE;
    start = reader.at;
    shellWord(reader, limit);
    if (text[start] !== '-') break;
    if (count === MAX_ECHO_OPTIONS) return NONE;
  }
  const end = reader.at;
  reader.blanks(MAX_BLANKS);
  if (reader.code() !== 124 || reader.code(1) === 124) return NONE;
  reader.at += 1;
  reader.blanks(MAX_BLANKS);
  if (reader.literal('sudo') && reader.blanks(MAX_BLANKS) === 0) return NONE;
  const name = reader.at;
  while (reader.at - name <= MAX_COMMAND && isLowerOrDigit(reader.code())) reader.at += 1;
  const after = reader.code();
  return into.includes(text.slice(name, reader.at)) && (after === END || isBlank(after) || isCommandEnd(after)) ? pairOutcome(text, start, end) : NONE;
}

/** `<command> <<< <user>:<password>`, the cursor past the command: the line's password, the command ending after it. */
function hereStringLine(reader: Reader, limit: number): MatchOutcome {
  reader.blanks(MAX_BLANKS);
  if (!reader.literal('<<<')) return NONE;
  reader.blanks(MAX_BLANKS);
  const start = reader.at;
  shellWord(reader, limit);
  const end = reader.at;
  return nextWord(reader, limit) ? NONE : pairOutcome(reader.text, start, end);
}

/** `NAME=value` for one of {@link environmentNames}, the cursor on its first letter. */
function environment(reader: Reader): MatchOutcome {
  if (!environmentNames.some((name) => reader.literal(name)) || reader.code() !== 61) return NONE;
  const start = (reader.at += 1);
  shellWord(reader, start + MAX_VALUE + 2);
  return passwordOutcome(reader.text, start, reader.at);
}

/** The longest command name of the table. */
const MAX_COMMAND = Math.max(...[...commands.keys()].map((name) => name.length));

/** The rule of the command named `name` as written: PowerShell's names in any case, the others as listed. */
function ruleOf(name: string): CommandRule | undefined {
  const listed = commands.get(name);
  if (listed !== undefined) return listed;
  const folded = commands.get(name.toLowerCase());
  return folded?.caseless === true ? folded : undefined;
}

/** The command name at the cursor and its rule (the cursor past it), or undefined. */
function command(reader: Reader): CommandRule | undefined {
  const { text, at } = reader;
  let end = at;
  while (end < text.length && end - at <= MAX_COMMAND && (isLowerOrDigit(text.charCodeAt(end) | 0x20) || text.charCodeAt(end) === 45)) end += 1;
  if (end >= text.length) {
    // The text ends inside the name: wait only for what may still become a command's.
    const written = text.slice(at);
    if ([...commands].some(([name, rule]) => name.startsWith(written) || (rule.caseless === true && name.startsWith(written.toLowerCase())))) reader.wait();
    return undefined;
  }
  if (!isBlank(text.charCodeAt(end)) && text.charCodeAt(end) !== 92) return undefined;
  reader.at = end;
  return ruleOf(text.slice(at, end));
}

/** Which form of a password option `word` is for `rule`: where its value starts, the option for the next word, or undefined. */
function optionValue(rule: CommandRule, text: string, start: number, end: number): number | PasswordOption | undefined {
  for (const option of rule.options) {
    const length = option.name.length;
    if (text.startsWith(option.name, start) || (rule.caseless === true && text.slice(start, start + length).toLowerCase() === option.name)) {
      if (end === start + length) {
        if (option.forms.includes('separate')) return option;
        continue;
      }
      if (text[start + length] === '=' && option.forms.includes('equals')) return start + length + 1;
      // Glued to a one-letter option: everything after the letter (`sshpass -p=x` gives `=x`).
      if (length === 2 && option.forms.includes('attached')) return start + length;
    }
  }
  return undefined;
}

function read(reader: Reader): MatchOutcome {
  const { text, at } = reader;
  const code = text.charCodeAt(at);
  if (code >= 65 && code <= 90) {
    const outcome = environment(reader);
    if (outcome !== NONE) return outcome;
    // PowerShell's names begin with a capital too.
    reader.at = at;
  }
  const rule = command(reader);
  if (rule === undefined) return NONE;
  const limit = at + MAX_LINE;
  if (rule.pipedInto !== undefined) return pipedLine(reader, rule.pipedInto, limit);
  if (rule.hereString === true) return hereStringLine(reader, limit);
  let subcommands = rule.subcommands;
  /** `htpasswd`: whether `-b` was given, whether `-n` (no file), positionals seen, and an option's argument to skip. */
  let batch = false;
  let noFile = false;
  let positionals = 0;
  let skipArgument = false;
  /** The option whose value is the next word. */
  let passwordNext: PasswordOption | undefined = rule.value;
  /** Arguments in a row that read as a spaced-out key's groups. */
  let groups = 0;
  for (let count = 0; count <= MAX_ARGUMENTS; count += 1) {
    if (!nextWord(reader, limit, rule.directive)) return NONE;
    const start = reader.at;
    shellWord(reader, limit, rule.directive);
    const end = reader.at;
    if (passwordNext !== undefined) return passwordOutcome(text, start, end, passwordNext);
    const step = groupStep(text, start, end);
    if (step === 'reset') groups = 0;
    else if (step === 'count') groups += 1;
    const argument = text.slice(start, end);
    if (subcommands !== undefined) {
      if (!subcommands.includes(argument)) return NONE;
      subcommands = undefined;
      continue;
    }
    if (rule.batchPositional === true) {
      if (skipArgument) skipArgument = false;
      else if (argument.startsWith('--') && positionals === 0) skipArgument = false;
      else if (argument.startsWith('-') && positionals === 0) {
        for (const flag of argument.slice(1)) {
          if (flag === 'b') batch = true;
          if (flag === 'n') noFile = true;
        }
        skipArgument = htpasswdArguments.includes(argument[argument.length - 1] as string);
      } else {
        positionals += 1;
        // Batch mode's password is its last argument: the command ends after it.
        if (batch && positionals === (noFile ? 2 : 3)) return !nextWord(reader, limit) && groups < MAX_GROUPS ? passwordOutcome(text, start, end) : NONE;
      }
      if (groups >= MAX_GROUPS || !isPlainArgument(argument)) return NONE;
      continue;
    }
    const value = optionValue(rule, text, start, end);
    if (rule.directive === true) return nextWord(reader, limit) ? NONE : passwordOutcome(text, start, end);
    // `ConvertTo-SecureString "<password>"`: its first argument that is no option (`-AsPlainText`, `-Force`); `add_user <user> <password>`: its second.
    if (rule.positional !== undefined && value === undefined && text[start] !== '-' && (positionals += 1) === rule.positional) return passwordOutcome(text, start, end);
    if (typeof value === 'object') passwordNext = value;
    else if (value !== undefined) return passwordOutcome(text, value, end);
    // Another command of the table reads on from its own name (so each stretch is read once).
    else if (groups >= MAX_GROUPS || commands.has(argument) || !isPlainArgument(argument)) return NONE;
  }
  return NONE;
}

/** The names the matcher starts from, each with whether it is read in any case (PowerShell's). */
const names: ReadonlyArray<readonly [name: string, caseless: boolean]> = [...[...commands].map(([name, rule]) => [name, rule.caseless === true] as const), ...environmentNames.map((name) => [name, false] as const)];

/** A name's first letter, in either case when `caseless`. */
const firstLetters = (name: string, caseless: boolean): string => (caseless ? `${name[0] ?? ''}${(name[0] ?? '').toUpperCase()}` : (name[0] ?? ''));

/** First letters of the names, each with a lookahead for the next three (or the text's end). */
const prefilter = [...new Set(names.map(([name, caseless]) => `[${firstLetters(name, caseless)}](?=${textOrEnd(name.slice(1, 4), { caseless })})`))].join('|');

/**
 * A password given on a command line to a command that documents an option as the password:
 * `mysql -p<password>` and `--password=…` (and the other MySQL and MariaDB clients; `-p` alone prompts),
 * `sshpass -p …`, `redis-cli -a …` (`valkey-cli`, `keydb-cli`; `--pass`), `docker login -p …`
 * (`podman`, `nerdctl`, `buildah`; `--password`), `az login -p …`, `mongosh -p …` and the Mongo
 * tools, `ldapsearch -w …` and the other OpenLDAP clients, `sqlcmd -P …`, `bcp -P …`, wget's
 * `--password`, `--http-password`, `--ftp-password`, `--proxy-password`, and the last argument of
 * `htpasswd -b [file] user password`, rabbitmqctl's `add_user` and `change_password` (`<user> <password>`),
 * openssl's `-passin`, `-passout`, `-pass` and `-password` given `pass:<password>` and `enc -k <password>`,
 * `ssh-keygen -N`/`-P`, keytool's and jarsigner's `-storepass`, `-keypass` (and their `-src…`/`-dest…`
 * forms), `zip -P`, `7z -p…`, `gh secret set … --body`/`-b`, PowerShell's `ConvertTo-SecureString "<password>"` (its first
 * argument, or `-String`'s, names in any case), Redis's `requirepass` and `masterauth` directives,
 * chpasswd's `user:password` line (`echo … | chpasswd`, `chpasswd <<< …`); and the variables `SSHPASS=`, `REDISCLI_AUTH=`, `MYSQL_PWD=`.
 * The value is redacted inside its quotes. The arguments between the command and its password must
 * be plain (see `isPlainArgument`), else the line is left to the other rules; the first password of
 * a command is found. References and placeholders (`$PASS`, `<password>`, fewer than 4 characters:
 * see `isPlaceholderCredential`) are left alone.
 */
export const commandPasswordMatcher: Matcher = {
  type: commandLineType,
  triggers: [...new Set(names.flatMap(([name, caseless]) => [...firstLetters(name, caseless)]))].join(''),
  prefilter,
  match: detector(read),
};
