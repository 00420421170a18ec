// Generic credentials in 41 more contexts and 5 password styles than the planted contexts of
// `exact-spans.ts` use (PHP, Ruby, .properties, TOML, INI, JDBC, Docker, Kubernetes, Helm, git URLs,
// Python, JavaScript defaults, HTTP headers, SQL, XML, ODBC, prose, CLI options, AMQP, Bearer in
// JSON; password-manager symbols, hex, base64, URL-safe, letters and digits): per case `exact` (the
// context with exactly the secret replaced), `lost` (text around it changed) or `survives`.
// Written at stop 35 as a held-out set; that stop's fixes were made against it, so it is a
// development set now. A case where `&` ends a shell argument or a query value is the redactor
// reading the text as the shell or the URL does, not a miss of its own.
//
//   pnpm --filter @parley/redaction generic-contexts
//   (node --conditions=@parley/source --import ./bench/source-imports.mjs bench/generic-contexts.ts)
//   N=20 per context and style; SEED; SHOW=n prints n failing cases.
import { redactSecrets } from '../src/api/redact-secrets.ts';

let state = Number(process.env['SEED'] ?? 7);
const random = (): number => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const styles: Record<string, () => string> = {
  // what password managers make: letters, digits, symbols (no quotes, blanks)
  symbols: () => {
    const pool = `${ALNUM}!#$%&*+-=?@^_~`;
    let s = '';
    const n = 14 + Math.floor(random() * 12);
    for (let i = 0; i < n; i++) s += pool[Math.floor(random() * pool.length)];
    return `${s.slice(0, 3)}${Math.floor(random() * 10)}${s.slice(3)}`;
  },
  // hex tokens (32/40/64)
  hex: () => {
    let s = '';
    const n = pick([32, 40, 64]);
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(random() * 16)];
    return s;
  },
  // base64 of random bytes (24/32/48 bytes)
  base64: () => Buffer.from(Array.from({ length: pick([24, 32, 48]) }, () => Math.floor(random() * 256))).toString('base64'),
  // url-safe random tokens 20-43 chars
  urlsafe: () => {
    const pool = `${ALNUM}-_`;
    let s = '';
    const n = 20 + Math.floor(random() * 24);
    for (let i = 0; i < n; i++) s += pool[Math.floor(random() * pool.length)];
    return s;
  },
  // alnum only, 16-32
  alnum: () => {
    let s = '';
    const n = 16 + Math.floor(random() * 17);
    for (let i = 0; i < n; i++) s += ALNUM[Math.floor(random() * ALNUM.length)];
    return s;
  },
};

type Context = (p: string) => [string, string];
const contexts: Record<string, Context> = {
  'php-define': () => [`<?php\ndefine('DB_PASSWORD', '`, `');\ndefine('DB_HOST', 'localhost');\n`],
  'php-var': () => [`$db_password = '`, `';\n$db = new PDO($dsn, $user, $db_password);\n`],
  'ruby-config': () => [`Rails.application.configure do\n  config.api_secret = "`, `"\nend\n`],
  'properties': () => [`spring.datasource.url=jdbc:mysql://db:3306/app\nspring.datasource.password=`, `\nspring.jpa.show-sql=true\n`],
  'toml': () => [`[database]\nuser = "app"\npassword = "`, `"\nport = 5432\n`],
  'ini': () => [`[smtp]\nhost = mail.acme.io\npassword = `, `\nport = 587\n`],
  'jdbc-query': () => [`jdbc:postgresql://db.acme.io:5432/shop?user=app&password=`, `&ssl=true\n`],
  'docker-login': () => [`docker login -u deploy -p `, ` registry.acme.io\n`],
  'docker-env': () => [`docker run -e POSTGRES_PASSWORD=`, ` -d postgres:15\n`],
  'k8s-literal': () => [`kubectl create secret generic db --from-literal=password=`, ` -n prod\n`],
  'helm-set': () => [`helm upgrade app ./chart --set db.password=`, ` --namespace prod\n`],
  'git-clone': () => [`git clone https://deploy:`, `@git.acme.io/team/app.git\n`],
  'python-environ': () => [`os.environ["API_SECRET"] = "`, `"\nclient = Client()\n`],
  'python-auth-tuple': () => [`resp = requests.get(url, auth=("admin", "`, `"))\n`],
  'js-object': () => [`const config = {\n  user: 'app',\n  password: '`, `',\n  host: 'db.acme.io',\n};\n`],
  'ts-env-default': () => [`const secret = process.env.JWT_SECRET ?? '`, `';\n`],
  'yaml-nested': () => [`spring:\n  datasource:\n    username: app\n    password: `, `\n    url: jdbc:mysql://db/app\n`],
  'compose-env': () => [`services:\n  db:\n    environment:\n      - MYSQL_ROOT_PASSWORD=`, `\n      - MYSQL_DATABASE=app\n`],
  'http-x-api-key': () => [`GET /v1/items HTTP/1.1\nHost: api.acme.io\nX-API-Key: `, `\nAccept: */*\n`],
  'curl-header-token': () => [`curl -H "Authorization: token `, `" https://api.acme.io/user\n`],
  'curl-data-password': () => [`curl -X POST https://api.acme.io/login -d "username=admin&password=`, `"\n`],
  'sql-set-password': () => [`SET PASSWORD FOR 'app'@'localhost' = '`, `';\n`],
  'sql-mssql-login': () => [`CREATE LOGIN app WITH PASSWORD = '`, `';\nGO\n`],
  'xml-password-el': () => [`<datasource>\n  <user>app</user>\n  <password>`, `</password>\n</datasource>\n`],
  'xml-attr': () => [`<connection host="db.acme.io" user="app" password="`, `" port="5432"/>\n`],
  'odbc': () => [`Driver={ODBC Driver 18};Server=db.acme.io;Uid=app;Pwd=`, `;Encrypt=yes;\n`],
  'markdown-prose': () => [`The admin password is \``, `\` — change it after first login.\n`],
  'chat-prose': () => [`Sure! I've set the database password to `, ` and restarted the service.\n`],
  'log-json': () => [`{"level":"debug","msg":"connecting","password":"`, `","host":"db.acme.io"}\n`],
  'go-struct-lit': () => [`cfg := Config{\n\tUser:     "app",\n\tPassword: "`, `",\n\tHost:     "db.acme.io",\n}\n`],
  'csharp-prop': () => [`var options = new Options { ApiKey = "`, `", Timeout = 30 };\n`],
  'env-colon-space': () => [`SECRET_KEY: `, `\nDEBUG: false\n`],
  'htpasswd-like': () => [`echo "admin:`, `" | chpasswd\n`],
  'sshpass': () => [`sshpass -p '`, `' ssh deploy@10.0.0.5\n`],
  'openssl-pass': () => [`openssl pkcs12 -export -out cert.pfx -passout pass:`, ` -in cert.pem\n`],
  'psql-url-env': () => [`export DATABASE_URL="postgresql://app:`, `@localhost/app"\n`],
  'amqp-url': () => [`BROKER_URL=amqp://guest:`, `@rabbit.acme.io:5672//\n`],
  'bearer-json': () => [`{"headers": {"Authorization": "Bearer `, `"}}\n`],
  'api-key-query': () => [`https://maps.acme.io/api/geocode?address=Paris&api_key=`, `\n`],
  'token-flag': () => [`acme-cli deploy --token `, ` --env prod\n`],
  'token-flag-eq': () => [`acme-cli deploy --api-key=`, ` --env prod\n`],
};

const N = Number(process.env['N'] ?? 20);
const show = Number(process.env['SHOW'] ?? 0);
const byContext = new Map<string, { n: number; lost: number; survives: number }>();
const byStyle = new Map<string, { n: number; lost: number; survives: number }>();
const totals = { exact: 0, lost: 0, survives: 0 };
let shown = 0;
const MARK = /^(?:<REDACTED:[A-Z0-9_]+>)+$/;
for (const [name, make] of Object.entries(contexts)) {
  for (const [styleName, style] of Object.entries(styles)) {
    for (let i = 0; i < N; i++) {
      const secret = style();
      const [before, after] = make(secret);
      const text = before + secret + after;
      const out = redactSecrets(text);
      let verdict: 'exact' | 'lost' | 'survives';
      if (!out.startsWith(before) || !out.endsWith(after) || out.length < before.length + after.length) verdict = 'lost';
      else verdict = MARK.test(out.slice(before.length, out.length - after.length)) ? 'exact' : 'survives';
      totals[verdict]++;
      for (const [map, key] of [[byContext, name], [byStyle, styleName]] as const) {
        const row = map.get(key) ?? { n: 0, lost: 0, survives: 0 };
        row.n++;
        if (verdict !== 'exact') row[verdict]++;
        map.set(key, row);
      }
      if (verdict !== 'exact' && shown < show) {
        shown++;
        console.log(`--- ${name}/${styleName} ${verdict}\n${JSON.stringify(text)}\n${JSON.stringify(out)}`);
      }
    }
  }
}
const all = totals.exact + totals.lost + totals.survives;
console.log(`generic contexts: ${all} cases; exact ${((100 * totals.exact) / all).toFixed(1)}%, lost ${totals.lost}, survives ${totals.survives}`);
for (const [label, map] of [['context', byContext], ['style', byStyle]] as const) {
  const bad = [...map].filter(([, r]) => r.lost + r.survives > 0).sort((a, b) => b[1].lost + b[1].survives - (a[1].lost + a[1].survives));
  console.log(`${label}: ${bad.map(([k, r]) => `${k} ${r.lost}L/${r.survives}S of ${r.n}`).join('; ')}`);
}
