/**
 * The vocabulary of the judges, as data: placeholder words, the words a placeholder password names
 * its place with, the passwords that mark a user name as a token, and command names. Extend the
 * lists, not the engine. Internal: not exported from the package.
 */

/**
 * Placeholder words (lower case): written in one case inside a string (`xoxb-your-token`,
 * `YOUR_PASSWORD`, `${VAR}`), they make it a placeholder, not a secret (`judge/placeholder.ts`);
 * those of letters alone are filler inside a token run too (`plausibility.ts`'s `fillerSpans`).
 */
export const placeholderWords: readonly string[] = ['your', 'example', 'sample', 'placeholder', 'redacted', 'dummy', 'changeme', 'xxxxx', '*****', '<', '${', '{{'];

/** Words a placeholder password is made of (lower case): it names what goes there instead of being it (`mypassword`, `[TOKEN]`). */
export const credentialNamingWords: readonly string[] = ['pass', 'pwd', 'secret', 'token', 'test', 'user', 'login', 'key'];

/** Passwords that mark the user name as the token (GitHub's `https://<token>:x-oauth-basic@…`, `curl -u <token>:x-oauth-basic`, and friends), lower case. */
export const tokenMarkers: ReadonlySet<string> = new Set(['x-oauth-basic', 'x-access-token', 'oauth2']);

/**
 * Words the judges read as written whatever their letters say: names of command-line programs an
 * agent's transcript starts lines with (`npm`, `gh`, `kubectl`). Their letters read as random to a
 * model of code and prose (`npm`: no vowel), so without this list a command on the line after a
 * key would be taken for the key's wrapped rest.
 */
const commandNames: ReadonlySet<string> = new Set([
  // JavaScript and TypeScript
  'npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', 'deno', 'node', 'tsc', 'tsx', 'vite', 'vitest', 'jest', 'eslint', 'turbo',
  // Python, Ruby, Go, Rust, JVM, .NET, PHP
  'pip', 'pip3', 'pipx', 'uv', 'uvx', 'poetry', 'python', 'python3', 'pytest', 'gem', 'bundle', 'rake', 'rails', 'go', 'cargo', 'rustup', 'mvn', 'gradle', 'java', 'dotnet', 'php', 'composer',
  // version control, containers, clouds, infrastructure
  'git', 'gh', 'glab', 'hg', 'svn', 'docker', 'podman', 'kubectl', 'k9s', 'helm', 'kind', 'minikube', 'terraform', 'tofu', 'pulumi', 'ansible', 'aws', 'gcloud', 'gsutil', 'az', 'doctl', 'flyctl', 'fly', 'heroku', 'vercel', 'netlify', 'wrangler', 'firebase', 'supabase',
  // shells and system tools
  'sudo', 'cd', 'ls', 'cp', 'mv', 'rm', 'mkdir', 'cat', 'echo', 'printf', 'export', 'unset', 'source', 'env', 'set', 'curl', 'wget', 'ssh', 'scp', 'rsync', 'tar', 'grep', 'rg', 'sed', 'awk', 'jq', 'yq', 'xargs', 'chmod', 'chown', 'systemctl', 'journalctl', 'apt', 'brew', 'make', 'cmake', 'psql', 'mysql', 'redis-cli', 'sqlite3', 'openssl', 'gpg', 'vim', 'nano', 'code', 'tmux',
  // tokens of shells and here-documents that begin a line (`EOF` after a key in a `cat <<EOF` block)
  'EOF', 'EOT', 'END', 'fi', 'esac', 'elif', 'done', 'endif', 'endfor', 'endwhile',
]);

/** Whether `text[start..end)` is the name of a command-line program (see {@link commandNames}). */
export function isCommandName(text: string, start: number, end: number): boolean {
  return end - start <= 12 && commandNames.has(text.slice(start, end));
}

/**
 * How a name that holds a credential ends (lower case, `-` and `.` read as `_`): `DB_PASSWORD`,
 * `client_secret`, `_authToken`, `x-api-key`, `SMTP_PASS` (`detectors/assignment-matcher.ts`, `judge/value-judge.ts`).
 */
export const credentialKeywords: readonly string[] = ['password', 'passwd', 'passphrase', 'pass', 'pwd', 'secret', 'authtok', 'authtoken', 'auth_token', 'access_token', 'refresh_token', 'api_key', 'apikey', 'access_key', 'private_key', 'token', 'key', 'credential', 'credentials', 'creds'];

/**
 * Keywords that name a credential only as the last word of a longer name, after `_`, `-` or `.`:
 * `SMTP_PASS`, `mail.pass`, sssd's `ldap_default_authtok`; not `bypass`, lodash's `allPass`, nor a
 * test log's `PASS: <test>`.
 */
export const wordKeywords: ReadonlySet<string> = new Set(['pass', 'authtok']);

/**
 * Keywords that say less (`herokuToken`, `DATADOG_KEY`): code names cache keys, sort keys and page
 * tokens that way, so their values are taken only when they look like a credential.
 */
export const weakKeywords: ReadonlySet<string> = new Set(['token', 'key', 'credential', 'credentials', 'creds', 'pwd']);

/**
 * What a weak name says before its keyword when it names no secret (lower case, `_ - .` left out):
 * `public_key`, `publicToken`, `primaryKey`, `csrf-token`, `sortKey`, `nextPageToken`, .NET's
 * `publicKeyToken` (a digest of an assembly's public key).
 */
export const harmlessQualifiers: readonly string[] = ['public', 'publickey', 'pub', 'primary', 'foreign', 'csrf', 'xsrf', 'sort', 'partition', 'cache', 'page', 'idempotency', 'registration'];

/**
 * Values that stand for no secret (lower case): literals of the languages, words people write
 * instead of one, and the languages' keywords that begin an expression (`secret = await fetchSecret()`).
 */
export const notSecretWords: ReadonlySet<string> = new Set([
  'null', 'none', 'nil', 'true', 'false', 'undefined', 'changeme', 'password', 'pass', 'secret', 'required', 'optional', 'string', 'empty',
  'await', 'yield', 'typeof', 'lambda', 'function', 'async', 'this', 'self', 'super', 'require', 'import', 'static', 'const',
  // Perl's Config and C's configure results (`d_grpasswd='define'`)
  'define', 'undef',
  // the passwords every example uses (lists of the commonest passwords, xkcd's, Google's P12 keys' published one, redis.conf's, the JDK's keystores')
  '12345', '123456', '12345678', '123456789', 'foobared', 'changeit', 'qwerty', 'letmein', 'passw0rd', 'password1', 'hunter2', 'notasecret',
]);

/** Pieces that mark a value after a credential's name as a template or a placeholder (lower case; `deadbeef`, the hex word examples write). */
export const placeholderPieces: readonly string[] = ['%(', 'your', 'replace', 'example', 'sample', 'placeholder', 'dummy', 'redacted', 'changeme', 'fake', 'insert', '_here', '***', '...', '…', 'deadbeef'];

/** Runs of x that mark a placeholder, compared as written: a person types them in one case (`xxxx`, `XXXX`); `xxX` in a random string is chance. */
export const placeholderRuns: readonly string[] = ['xxx', 'XXX'];
