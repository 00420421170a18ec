/**
 * One made-up secret of every built-in type, in the shape its provider issues. Bodies come from a
 * seeded generator: realistic randomness, never a real credential.
 */

function generator(seed: number): (alphabet: string, length: number) => string {
  let state = seed >>> 0;
  return (alphabet, length) => {
    let text = '';
    for (let index = 0; index < length; index += 1) {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      text += alphabet[state % alphabet.length];
    }
    return text;
  };
}

const random = generator(20261129);
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alnum = upper + lower + digits;
const base64Url = `${alnum}-_`;
/** Random text that certainly mixes classes: generators can draw a run of letters. */
const mixed = (alphabet: string, length: number): string => `${random(alphabet, length - 3)}7Kq`;

/** A secret as it appears in text (`text`), and the part that must never reach the output (`secret`). */
export interface SecretSample {
  readonly type: string;
  readonly text: string;
  readonly secret: string;
  /** Whether the text is a single token that can be spaced out (the pattern-based types). */
  readonly spaceable: boolean;
}

const sample = (type: string, text: string, secret = text, spaceable = true): SecretSample => ({ type, text, secret, spaceable });

const webhookPath = `T${random(upper + digits, 8)}/B${random(upper + digits, 10)}/${mixed(alnum, 24)}`;
const awsSecret = `${random(`${alnum}/+`, 37)}k9Q`;
const bearer = mixed(base64Url, 40);
const urlPassword = 'S3cr3t%40P@ss!w0rd';
const privateKey = [
  '-----BEGIN RSA PRIVATE KEY-----',
  ...Array.from({ length: 6 }, () => mixed(`${alnum}+/`, 64)),
  '-----END RSA PRIVATE KEY-----',
].join('\n');

export const samples: readonly SecretSample[] = [
  sample('AWS_ACCESS_KEY_ID', `AKIA${random(`${upper}234567`, 13)}Q7Z`),
  sample('AWS_ACCESS_KEY_ID', `ASIA${random(`${upper}234567`, 13)}4TX`),
  sample('AWS_SECRET_ACCESS_KEY', `aws_secret_access_key = ${awsSecret}`, awsSecret, false),
  sample('SLACK_TOKEN', `xoxb-${random(digits, 12)}-${random(digits, 13)}-${mixed(alnum, 24)}`),
  sample('SLACK_TOKEN', `xoxp-${random(digits, 12)}-${random(digits, 12)}-${random(digits, 13)}-${random('0123456789abcdef', 32)}`),
  sample('SLACK_WEBHOOK_URL', `https://hooks.slack.com/services/${webhookPath}`, webhookPath, false),
  sample('ANTHROPIC_API_KEY', `sk-ant-api03-${mixed(base64Url, 93)}AA`),
  sample('OPENAI_API_KEY', `sk-proj-${mixed(base64Url, 74)}T3BlbkFJ${mixed(base64Url, 74)}`),
  sample('OPENAI_API_KEY', `sk-svcacct-${mixed(base64Url, 58)}`),
  sample('OPENAI_API_KEY', `sk-admin-${mixed(base64Url, 58)}`),
  sample('OPENAI_API_KEY', `sk-${mixed(alnum, 20)}T3BlbkFJ${mixed(alnum, 20)}`),
  sample('STRIPE_SECRET_KEY', `sk_live_${mixed(alnum, 24)}`),
  sample('STRIPE_SECRET_KEY', `rk_test_${mixed(alnum, 99)}`),
  sample('GITHUB_TOKEN', `ghp_${mixed(alnum, 36)}`),
  sample('GITHUB_TOKEN', `ghs_${mixed(alnum, 36)}`),
  sample('GITHUB_TOKEN', `github_pat_11${mixed(upper + digits, 20)}_${mixed(alnum, 59)}`),
  sample('GITLAB_TOKEN', `glpat-${mixed(base64Url, 20)}`),
  sample('GITLAB_TOKEN', `glrt-${mixed(base64Url, 20)}`),
  sample('NPM_TOKEN', `npm_${mixed(alnum, 36)}`),
  sample('FIGMA_TOKEN', `figd_${mixed(base64Url, 40)}`),
  sample('TWILIO_API_KEY', `SK${random('0123456789abcdef', 29)}3a9`),
  sample('SENDGRID_API_KEY', `SG.${mixed(base64Url, 22)}.${mixed(base64Url, 43)}`),
  sample('GOOGLE_API_KEY', `AIza${mixed(base64Url, 35)}`),
  sample('JWT', `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIke${mixed(alnum, 40)}.${mixed(base64Url, 43)}`),
  sample('URL_PASSWORD', `postgres://admin:${urlPassword}@db.internal:5432/app`, urlPassword, false),
  sample('AUTHORIZATION_CREDENTIAL', `Bearer ${bearer}`, bearer, false),
  sample('PRIVATE_KEY', privateKey, privateKey, false),
  sample('HIGH_ENTROPY', mixed(`${alnum}+/`, 32), undefined, false),
];

/** Where a secret can appear: each wraps the sample's text. */
export const contexts: ReadonlyArray<readonly [name: string, wrap: (text: string) => string]> = [
  ['plain', (text) => text],
  ['quoted', (text) => `"${text}"`],
  ['JSON', (text) => JSON.stringify({ credentials: { value: text }, note: 'rotate soon' })],
  ['YAML', (text) => `service:\n  upstream: ${text}\n  region: eu-west-1\n`],
  ['env', (text) => `SERVICE_UPSTREAM=${text}\nLOG_LEVEL=debug\n`],
  ['header', (text) => `X-Service-Upstream: ${text}\r\nAccept: application/json\r\n`],
  ['URL', (text) => `https://api.example.com/v1/export?upstream=${text}&format=csv`],
  ['code', (text) => `const upstream = '${text}';\nclient.connect({ upstream });\n`],
  ['log line', (text) => `2026-11-29T10:04:11.093Z INFO worker-3 using credential ${text} for tenant 42\n`],
  ['prose', (text) => `Here is the credential you asked for: ${text} — please rotate it after the demo.`],
];

/** Text that must come out byte-identical. */
export const negatives: readonly string[] = [
  'Version 2.14.3-beta.2 of the SDK fixes the retry loop; see CHANGELOG.md.',
  'request id 3f2b8c1e-9d4a-4b7e-a1c2-7e5f9b0d3a61 took 212 ms',
  'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixed it (parent 4d1e2f3a)',
  'src/components/UserProfileCard/useProfileSettings.test.tsx',
  'getUserAccountSettingsFromDatabase(accountIdentifier, includeArchivedEntries)',
  'https://docs.example.com/guides/getting-started/installation?tab=pnpm#requirements',
  'Use <YOUR_API_KEY> or ${OPENAI_API_KEY} or {{ secrets.GITHUB_TOKEN }} in your config.',
  'Set SLACK_BOT_TOKEN=xoxb-your-token and AWS key AKIAIOSFODNN7EXAMPLE from the docs.',
  'The skilled skeptic asked: is sky-blue the best ghost color for the npm install page?',
  'Bearer authentication is described in RFC 6750; basic auth in RFC 7617.',
  'postgres://localhost:5432/app and redis://cache.internal:6379/0 need no password.',
  'CONSTANT_NAMES_LIKE_THIS_ONE and snake_case_identifiers_that_are_very_long are fine.',
  '秘密のキーは共有しないでください。这是一个普通的句子，没有任何秘密。',
  'The council agreed: ship the Q3 plan, hire two engineers, revisit churn in October.',
  'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 is the empty digest',
];
