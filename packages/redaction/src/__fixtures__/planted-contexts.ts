/**
 * Realistic agent outputs with one planted secret: the contexts models write credentials in
 * (shell, .env, YAML, JSON, CSV, Markdown tables, Go/Java/Rust/Python source and debug dumps,
 * Dockerfiles, SQL, XML/.NET config, URLs and connection strings, curl commands, logs), each with
 * one catalogue key or one generic password planted, and what the redactor must make of it: the
 * context with exactly the secret replaced by one marker (`<REDACTED:TYPE>`, any type).
 */
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { exampleOf, labelAndSecret, seededRandom } from './catalogue-examples';

/** One generated case: `before + secret + after`. */
export interface PlantedCase {
  /** Which context template made it (for the measurement's table). */
  readonly context: string;
  /** `catalogue` (a provider's key) or `generic` (a password or token no provider owns). */
  readonly kind: 'catalogue' | 'generic';
  readonly before: string;
  readonly secret: string;
  readonly after: string;
  readonly text: string;
}

/** What the redactor made of a case. */
export type Verdict = 'exact' | 'lost' | 'survives';

const MARKER = /^(?:<REDACTED:[A-Z0-9_]+>)+$/;

/**
 * Judges `output` for `planted`: `exact` when it is the context with the secret replaced by
 * markers alone, `lost` when non-secret text around it is gone or changed, `survives` when the
 * context is kept but some of the secret is left in clear.
 */
export function verdictOf(planted: PlantedCase, output: string): Verdict {
  const { before, after } = planted;
  if (!output.startsWith(before) || !output.endsWith(after) || output.length < before.length + after.length) return 'lost';
  const middle = output.slice(before.length, output.length - after.length);
  if (MARKER.test(middle)) return 'exact';
  return middle.includes('<REDACTED:') || middle.length > 0 ? 'survives' : 'survives';
}

type Pick = <T>(items: readonly T[]) => T;

/** Names a key's type is written under: `GITHUB_TOKEN`, `githubToken`, `github-token`, `github_token`. */
function nameForms(type: string): { upper: string; camel: string; kebab: string; snake: string } {
  const words = type.toLowerCase().split('_');
  return {
    upper: type,
    camel: words.map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join(''),
    kebab: words.join('-'),
    snake: words.join('_'),
  };
}

/** A template: the text before and after a secret, given names for it. */
type Template = (names: ReturnType<typeof nameForms>, pick: Pick) => readonly [string, string];

const commands = ['gh repo list acme', 'npm publish --access public', 'terraform plan', 'kubectl get pods -n prod', 'pnpm deploy', 'python manage.py migrate'];
const dates = ['2024-03-01', '2025-01-17', '2023-11-30'];

/** Contexts any secret may stand in: the label names it (a provider's key or a password). */
const anyContexts: Readonly<Record<string, Template>> = {
  'shell-export': (n, pick) => [`Set it in your shell:\n\n\`\`\`bash\nexport ${n.upper}=`, `\n${pick(commands)}\n\`\`\`\n`],
  'shell-export-quoted': (n, pick) => [`export ${n.upper}="`, `"\n${pick(commands)}\n`],
  dotenv: (n) => [`# .env\nNODE_ENV=production\n${n.upper}=`, `\nPORT=3000\nLOG_LEVEL=info\n`],
  'yaml-plain': (n) => [`env:\n  REGION: us-east-1\n  ${n.upper}: `, `\n  REPLICAS: 3\n`],
  'yaml-quoted': (n) => [`credentials:\n  ${n.snake}: "`, `"\n  timeout: 30\n`],
  'json-inline': (n) => [`{"${n.camel}": "`, `", "timeout": 30, "retries": 3}`],
  'json-pretty': (n) => [`{\n  "service": "billing",\n  "${n.snake}": "`, `",\n  "region": "eu-west-1"\n}\n`],
  'go-const': (n) => [`package config\n\nconst ${n.camel} = "`, `"\n\nfunc init() {}\n`],
  'go-dump': () => [`config: &{Endpoint:https://api.acme.io Credential:`, ` Timeout:30s Debug:false}\n`],
  'java-field': (n) => [`    private static final String ${n.upper} = "`, `";\n    private static final int TIMEOUT = 30;\n`],
  'rust-let': (n) => [`    let ${n.snake} = "`, `";\n    let client = Client::new(${n.snake});\n`],
  'rust-dump': (n) => [`Config { endpoint: "https://api.acme.io", ${n.snake}: "`, `", retries: 3 }\n`],
  'python-kwarg': (n) => [`client = Client(${n.snake}="`, `", timeout=30)\nclient.list()\n`],
  'python-dict': (n) => [`{'region': 'eu', '${n.snake}': '`, `', 'debug': False}\n`],
  dockerfile: (n) => [`FROM node:20-alpine\nWORKDIR /app\nENV ${n.upper}=`, `\nRUN npm ci --omit=dev\nCMD ["node", "server.js"]\n`],
  'sql-insert': (n) => [`INSERT INTO settings (name, value) VALUES ('${n.snake}', '`, `');\nSELECT * FROM settings;\n`],
  'xml-add': (n) => [`<appSettings>\n  <add key="${n.camel}" value="`, `" />\n  <add key="Timeout" value="30" />\n</appSettings>\n`],
  'xml-element': (n) => [`<config>\n  <${n.camel}>`, `</${n.camel}>\n  <region>eu</region>\n</config>\n`],
  'url-query': (n) => [`GET https://api.acme.io/v1/items?${n.snake}=`, `&page=2 HTTP/1.1\n`],
  'curl-bearer': () => [`curl -sS -H "Authorization: Bearer `, `" https://api.acme.io/v1/me | jq .\n`],
  'log-line': (n) => [`2024-05-01T10:00:00Z INFO loaded ${n.snake}=`, ` for user=42 region=eu\n`],
  'prose-colon': () => [`Here is the key: `, `\n\nRotate it after the demo.\n`],
  'kebab-label': (n) => [`${n.kebab}: `, `\n`],
  'terraform-aligned': (n) => [`resource "acme_service" "web" {\n  name                     = "web"\n  ${n.snake}                = "`, `"\n}\n`],
};

/** Contexts only a catalogue key stands in (a bare value with no credential's name, or a key's own place). */
const keyContexts: Readonly<Record<string, Template>> = {
  csv: (n) => [`id,service,${n.snake},owner\n3,billing,`, `,ops@acme.io\n4,search,,dev@acme.io\n`],
  'markdown-table': (n, pick) => [`| Name | Env | Value | Rotated |\n|------|-----|-------|---------|\n| ${n.snake} | prod | `, ` | ${pick(dates)} |\n| other | dev | n/a | - |\n`],
  'markdown-table-named': (n) => [`| ${n.snake} | prod | `, ` |\n`],
  'kebab-secret-key': (n) => [`${n.kebab.split('-')[0] ?? 'stripe'}-secret-key: `, `\n`],
  'bare-sentence': () => [`Use `, ` for the staging account.\n`],
  'go-dump-credential': () => [`Credential:`, ` Timeout:30s Debug:false\n`],
};

/** Contexts a generic password stands in: the credential words models put before one. */
const passwordContexts: Readonly<Record<string, Template>> = {
  'dotenv-password': () => [`DB_HOST=db.acme.io\nDB_PASSWORD=`, `\nDB_PORT=5432\n`],
  'pgpassword-export': () => [`export PGPASSWORD='`, `'\npsql -h db.acme.io -U app shop\n`],
  'postgres-url': () => [`DATABASE_URL=postgres://app:`, `@db.acme.io:5432/shop?sslmode=require\n`],
  'mongodb-srv': () => [`const uri = "mongodb+srv://admin:`, `@cluster0.j9grj.mongodb.net/shop?retryWrites=true";\n`],
  'csv-redis-url': () => [`id,name,url,owner\n2,cache,redis://:`, `@cache.acme.io:6379/0,ops@acme.io\n`],
  'yaml-aligned': () => [`database:\n  DB_USER:                app\n  DB_PASSWORD:                `, `\n  DB_NAME:                shop\n`],
  'terraform-password': () => [`resource "aws_db_instance" "db" {\n  username                 = "app"\n  password                 = "`, `"\n  skip_final_snapshot      = true\n}\n`],
  'xml-add-password': () => [`<appSettings>\n  <add key="DbPassword" value="`, `" />\n  <add key="DbUser" value="app" />\n</appSettings>\n`],
  'sql-alter-user': () => [`ALTER USER 'app'@'%' IDENTIFIED BY '`, `';\nFLUSH PRIVILEGES;\n`],
  'sql-create-user': () => [`CREATE USER app WITH PASSWORD '`, `';\nGRANT ALL ON DATABASE shop TO app;\n`],
  'dotnet-connection': () => [`"ConnectionStrings": {\n  "Default": "Server=db.acme.io;Database=shop;User Id=sa;Password=`, `;Encrypt=true"\n}\n`],
  'curl-user': () => [`curl -u admin:`, ` https://api.acme.io/v1/health\n`],
  'mysql-p': () => [`mysql -h db.acme.io -u root -p`, ` shop < dump.sql\n`],
  'go-struct-dump': () => [`cfg: {User:app Password:`, ` Host:db.acme.io Port:5432}\n`],
  'python-connect': () => [`conn = psycopg2.connect(host="db.acme.io", user="app", password="`, `", dbname="shop")\n`],
  'json-password': () => [`{"user": "app", "password": "`, `", "host": "db.acme.io"}\n`],
  netrc: () => [`machine api.heroku.com\n  login me@acme.io\n  password `, `\n`],
  'k8s-name-value': () => [`env:\n  - name: DB_PASSWORD\n    value: "`, `"\n  - name: DB_USER\n    value: app\n`],
  'authorization-bearer': () => [`authorization: Bearer `, `\ncontent-type: application/json\n`],
  'redis-cli': () => [`redis-cli -h cache.acme.io -a `, ` ping\n`],
};

/** Letters and digits: every password has both and starts and ends with one. */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Punctuation generated passwords hold inside (not quotes, white space, `;`, `,`, `@`, `/`, `:`, `&` nor `#`). */
const PUNCTUATION = '!%^*-_+.~';

/** A generic password: 12 to 24 characters, letters and digits both, some punctuation inside. */
export function randomPassword(random: () => number, punctuation: string = PUNCTUATION): string {
  const length = 12 + Math.floor(random() * 13);
  let password = '';
  for (let index = 0; index < length; index += 1) {
    const inside = index > 0 && index < length - 1 && punctuation.length > 0 && random() < 0.12;
    const pool = inside ? punctuation : ALNUM;
    password += pool[Math.floor(random() * pool.length)];
  }
  // A digit and a letter of each case somewhere: a password, not a word.
  return `${password.slice(0, 2)}${ALNUM[26 + Math.floor(random() * 26)]}${Math.floor(random() * 10)}${ALNUM[Math.floor(random() * 26)]}${password.slice(2)}`;
}

/** The catalogue rows whose keys are planted: those with a plain prefix (not a URL's). */
const plantable: readonly CatalogueRule[] = catalogue.filter((rule) => !rule.prefixes[0]?.includes('/'));

/** The context names, by kind. */
export const contextNames: { readonly catalogue: readonly string[]; readonly generic: readonly string[] } = {
  catalogue: [...Object.keys(anyContexts), ...Object.keys(keyContexts)],
  generic: [...Object.keys(anyContexts), ...Object.keys(passwordContexts)],
};

/**
 * `count` cases from `seed`: catalogue keys (a random row and prefix, body drawn uniformly from its
 * alphabet) and generic passwords, each in a random context of its kind.
 */
export function plantedCases(seed: number, count: number, kinds: readonly ('catalogue' | 'generic')[] = ['catalogue', 'generic']): PlantedCase[] {
  const random = seededRandom(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
  const cases: PlantedCase[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = kinds[index % kinds.length] as 'catalogue' | 'generic';
    let secret: string;
    /** A labelled row's label (`AccountKey=`), written before the secret: the text's. */
    let label = '';
    let names: ReturnType<typeof nameForms>;
    let templates: Readonly<Record<string, Template>>;
    if (kind === 'catalogue') {
      const rule = pick(plantable);
      [label, secret] = labelAndSecret(rule, exampleOf(rule, random, 'positive', Math.floor(random() * rule.prefixes.length), 'any', random()));
      names = nameForms(rule.type);
      templates = { ...anyContexts, ...keyContexts };
    } else {
      secret = randomPassword(random);
      names = nameForms(pick(['DB_PASSWORD', 'API_SECRET', 'ADMIN_PASSWORD', 'CLIENT_SECRET', 'SMTP_PASSWORD']));
      templates = { ...anyContexts, ...passwordContexts };
    }
    const name = pick(Object.keys(templates));
    const [head, after] = (templates[name] as Template)(names, pick);
    const before = head + label;
    cases.push({ context: name, kind, before, secret, after, text: before + secret + after });
  }
  return cases;
}

/** Each context once with a given secret: the property's deterministic part. */
export function everyContext(secret: string, kind: 'catalogue' | 'generic', type: string): PlantedCase[] {
  const names = nameForms(type);
  const templates = kind === 'catalogue' ? { ...anyContexts, ...keyContexts } : { ...anyContexts, ...passwordContexts };
  return Object.entries(templates).map(([context, template]) => {
    const [before, after] = template(names, (items) => items[0] as (typeof items)[number]);
    return { context, kind, before, secret, after, text: before + secret + after };
  });
}
