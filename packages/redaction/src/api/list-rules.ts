import { HIGH_ENTROPY } from '../rules/built-in-rules';
import { catalogue } from '../rules/catalogue';

/** One built-in rule, as `parley redact --list-rules` prints it. */
export interface SecretRuleInfo {
  /** Stable kebab-case id, such as `github-classic-token`. */
  readonly id: string;
  /** The placeholder type, such as `GITHUB_TOKEN` (what `disable` takes). */
  readonly type: string;
  readonly provider: string;
  readonly description: string;
  /** Where the format is documented; empty for the generic rules. */
  readonly docs: string;
}

/** The built-in rules that are not provider formats of the catalogue. */
const generic: readonly SecretRuleInfo[] = [
  { id: 'private-key', type: 'PRIVATE_KEY', provider: 'generic', description: 'PEM private key and PGP private key blocks, BEGIN to END', docs: 'https://www.rfc-editor.org/rfc/rfc7468' },
  { id: 'url-password', type: 'URL_PASSWORD', provider: 'generic', description: 'password (or token user name) in scheme://user:password@host', docs: 'https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1' },
  { id: 'authorization-credential', type: 'AUTHORIZATION_CREDENTIAL', provider: 'generic', description: 'value after Bearer, Basic or Token', docs: 'https://www.rfc-editor.org/rfc/rfc9110#section-11.6.2' },
  { id: 'aws-secret-access-key', type: 'AWS_SECRET_ACCESS_KEY', provider: 'AWS', description: '40-character secret assigned to a name that says so', docs: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html' },
  { id: 'assigned-credential', type: 'ASSIGNED_CREDENTIAL', provider: 'generic', description: 'value assigned to a name ending in password, secret, api_key, auth_token and the like (also in a table row, quoted in prose, or beside its user in a basic-auth or login call)', docs: '' },
  { id: 'user-option-password', type: 'USER_OPTION_PASSWORD', provider: 'generic', description: 'password in -u/--user user:password (curl and friends)', docs: '' },
  { id: 'command-line-password', type: 'COMMAND_LINE_PASSWORD', provider: 'generic', description: 'password option of a named command (mysql -p…, sshpass -p, redis-cli -a, docker login -p, htpasswd -b, openssl -passin pass:…, ConvertTo-SecureString, SSHPASS=…)', docs: '' },
  { id: 'abbreviated-key', type: 'ABBREVIATED_KEY', provider: 'generic', description: "a provider key a model shortened with an ellipsis (AKIA…), reported with the key's own type", docs: '' },
  { id: 'high-entropy', type: HIGH_ENTROPY, provider: 'generic', description: 'random-looking token-like run (20+ characters, 4.0+ bits per character)', docs: '' },
];

/**
 * Every built-in rule: the catalogue's provider formats, then the generic rules. A copy, in the
 * order they are tried.
 *
 * @example
 * ```ts
 * import { listRules } from '@parley/redaction';
 *
 * const github = listRules().find((rule) => rule.type === 'GITHUB_TOKEN');
 * console.log(github?.provider); // GitHub
 * ```
 */
export function listRules(): SecretRuleInfo[] {
  return [...catalogue.map(({ id, type, provider, description, docs }) => ({ id, type, provider, description, docs })), ...generic];
}
