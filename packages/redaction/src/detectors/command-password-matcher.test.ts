import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { isPlaceholderCredential } from '../judge/placeholder';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a password given to a named command through an option whose documented meaning is the
// password (or the variable it reads it from) is hidden whole, quoted or not, with `# / ? @ :` and
// quotes in it, whatever the plain arguments before it and the chunking; the same command lines
// without a password (`-p` as a port, `mysql -p` prompting) are left as they are.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const stream = (chunks: readonly string[]): string => runChunks(redactSecretsStream(), chunks).output;
const hidden = '<REDACTED:COMMAND_LINE_PASSWORD>';

describe('passwords given to common command-line clients', () => {
  test.each([
    ['mysql -u root -pS3cr3tPass', `mysql -u root -p${hidden}`],
    ['mysql --password=S3cr3tPass db', `mysql --password=${hidden} db`],
    ["sshpass -p 'S3cr3t Pass' ssh user@host", `sshpass -p '${hidden}' ssh user@host`],
    ['sshpass -pS3cr3tPass ssh host', `sshpass -p${hidden} ssh host`],
    ['redis-cli -h 10.0.0.1 -p 6379 -a S3cr3tPass ping', `redis-cli -h 10.0.0.1 -p 6379 -a ${hidden} ping`],
    ['docker login -u x -p S3cr3tPass registry.example.com', `docker login -u x -p ${hidden} registry.example.com`],
    ['podman login --password="S3cr3t#Pass" quay.io', `podman login --password="${hidden}" quay.io`],
    ['htpasswd -b file user S3cr3tPass', `htpasswd -b file user ${hidden}`],
    ['htpasswd -bc /etc/nginx/.htpasswd admin S3cr3tPass', `htpasswd -bc /etc/nginx/.htpasswd admin ${hidden}`],
    ['htpasswd -Bbn user S3cr3tPass', `htpasswd -Bbn user ${hidden}`],
    ['htpasswd -b -C 10 file user S3cr3tPass', `htpasswd -b -C 10 file user ${hidden}`],
    ['SSHPASS=hunter22 sshpass -e ssh host', `SSHPASS=${hidden} sshpass -e ssh host`],
    ["export REDISCLI_AUTH='p@ss w0rd'", `export REDISCLI_AUTH='${hidden}'`],
    ['MYSQL_PWD=hunter22 mysql -u root', `MYSQL_PWD=${hidden} mysql -u root`],
    ['sqlcmd -S localhost -U SA -P "S3cr3t!Pass"', `sqlcmd -S localhost -U SA -P "${hidden}"`],
    ['ldapsearch -x -D cn=admin,dc=example,dc=org -w S3cr3tPass -b dc=example,dc=org', `ldapsearch -x -D cn=admin,dc=example,dc=org -w ${hidden} -b dc=example,dc=org`],
    ['mongosh -u admin -p S3cr3tPass', `mongosh -u admin -p ${hidden}`],
    ['az login -u alice@example.com -p S3cr3tPass', `az login -u alice@example.com -p ${hidden}`],
    ['wget --http-password=S3cr3tPass https://example.com/f', `wget --http-password=${hidden} https://example.com/f`],
    ['mysql \\\n  -u root \\\n  -pS3cr3tPass \\\n  app', `mysql \\\n  -u root \\\n  -p${hidden} \\\n  app`],
    ['$ kubectl exec -it db -- mysql -uroot -pS3cr3tPass', `$ kubectl exec -it db -- mysql -uroot -p${hidden}`],
    ['`mysql -pS3cr3tPass`', `\`mysql -p${hidden}\``],
    ['$pw = ConvertTo-SecureString "S3cr3t#Pass" -AsPlainText -Force', `$pw = ConvertTo-SecureString "${hidden}" -AsPlainText -Force`],
    ["$pw = convertto-securestring -String 'S3cr3t Pass' -AsPlainText -Force", `$pw = convertto-securestring -String '${hidden}' -AsPlainText -Force`],
    ['CONVERTTO-SECURESTRING -AsPlainText -Force S3cr3tPass', `CONVERTTO-SECURESTRING -AsPlainText -Force ${hidden}`],
    ['openssl pkcs12 -export -out cert.pfx -passout pass:S3cr3t#Pass -in cert.pem', `openssl pkcs12 -export -out cert.pfx -passout pass:${hidden} -in cert.pem`],
    ['openssl pkcs12 -export -in c.pem -password pass:S3cr3tPass -out c.p12', `openssl pkcs12 -export -in c.pem -password pass:${hidden} -out c.p12`],
    ['ssh-keygen -t ed25519 -N "S3cr3t Pass" -f ~/.ssh/deploy', `ssh-keygen -t ed25519 -N "${hidden}" -f ~/.ssh/deploy`],
    ['ssh-keygen -p -P S3cr3tOld -N S3cr3tNew -f key', `ssh-keygen -p -P ${hidden} -N S3cr3tNew -f key`],
    ['keytool -importkeystore -srcstorepass S3cr3tPass -deststorepass "S3cr3t#Pass" -alias x', `keytool -importkeystore -srcstorepass ${hidden} -deststorepass "${hidden}" -alias x`],
    ['jarsigner -keystore ks.jks -storepass S3cr3tPass -keypass S3cr3tKey app.jar k', `jarsigner -keystore ks.jks -storepass ${hidden} -keypass ${hidden} app.jar k`],
    ['zip -r -P S3cr3tPass backup.zip data/', `zip -r -P ${hidden} backup.zip data/`],
    ['7z a -pS3cr3tPass -mhe=on backup.7z data', `7z a -p${hidden} -mhe=on backup.7z data`],
    ['gh secret set DEPLOY_TOKEN --body "S3cr3tPass" --repo acme/web', `gh secret set DEPLOY_TOKEN --body "${hidden}" --repo acme/web`],
    ['gh secret set NPM_TOKEN -b S3cr3tPass', `gh secret set NPM_TOKEN -b ${hidden}`],
    ['openssl rsa -in key.pem -passin "pass:S3cr3t Pass" -out plain.pem', `openssl rsa -in key.pem -passin "pass:${hidden}" -out plain.pem`],
    ["openssl enc -aes-256-cbc -pbkdf2 -pass pass:'S3cr3tPass' -in a.txt", `openssl enc -aes-256-cbc -pbkdf2 -pass pass:'${hidden}' -in a.txt`],
    ['openssl enc -d -aes-256-cbc -k S3cr3tPass -in a.enc', `openssl enc -d -aes-256-cbc -k ${hidden} -in a.enc`],
    ['bind 127.0.0.1\nrequirepass S3cr3t#Pass\nmaxmemory 2gb\n', `bind 127.0.0.1\nrequirepass ${hidden}\nmaxmemory 2gb\n`],
    ['redis-cli CONFIG SET requirepass "S3cr3t Pass"', `redis-cli CONFIG SET requirepass "${hidden}"`],
    ['masterauth S3cr3tPass', `masterauth ${hidden}`],
    // chpasswd reads `user:password` lines: from echo or printf through a pipe, or a here-string.
    ["rabbitmqctl add_user admin 'S3cr3t#Pass'\nrabbitmqctl set_user_tags admin administrator", `rabbitmqctl add_user admin '${hidden}'\nrabbitmqctl set_user_tags admin administrator`],
    ['sudo rabbitmqctl change_password deploy S3cr3tPass', `sudo rabbitmqctl change_password deploy ${hidden}`],
    ['echo "admin:S3cr3t#Pass" | chpasswd', `echo "admin:${hidden}" | chpasswd`],
    ["echo 'deploy:Tr0ub4dor&3x' | sudo chpasswd\n", `echo 'deploy:${hidden}' | sudo chpasswd\n`],
    ['echo root:S3cr3tPass|chpasswd', `echo root:${hidden}|chpasswd`],
    ["printf 'app:S3cr3tPass\\n' | chpasswd", `printf 'app:${hidden}\\n' | chpasswd`],
    ["chpasswd <<< 'deploy:S3cr3t Pass'", `chpasswd <<< 'deploy:${hidden}'`],
    ['sudo chpasswd <<<"ubuntu:S3cr3tPass"', `sudo chpasswd <<<"ubuntu:${hidden}"`],
    // A Redis directive's argument is a word of redis.conf's, not the shell's: `;`, `|`, `&`, `<`, `>` and `(` are the password's.
    ['requirepass p@ss;w0rd|x\nport 6379\n', `requirepass ${hidden}\nport 6379\n`],
    ['masterauth Xk9v&Q2m>Lp7(q)  \n', `masterauth ${hidden}  \n`],
    ['redis-cli CONFIG SET requirepass S3cr3t;Pass && echo ok', `redis-cli CONFIG SET requirepass ${hidden} && echo ok`],
    ['Set `requirepass S3cr3tPass` in redis.conf.', `Set \`requirepass ${hidden}\` in redis.conf.`],
    // openssl's pass: options are read wherever they stand: both passwords of a conversion, and one after an argument the command's reading stops at.
    ['openssl rsa -in enc.pem -passin pass:S3cr3tPass -out new.pem -aes256 -passout pass:N3wS3cr3t', `openssl rsa -in enc.pem -passin pass:${hidden} -out new.pem -aes256 -passout pass:${hidden}`],
    ['openssl req -new -key k.pem -subj "/CN=api.example.com" -passin pass:S3cr3tPass', `openssl req -new -key k.pem -subj "/CN=api.example.com" -passin pass:${hidden}`],
    ['openssl x509 -req -in c.csr -CA ca.pem -CAkey ca.key -passin pass:S3cr3tPass', `openssl x509 -req -in c.csr -CA ca.pem -CAkey ca.key -passin pass:${hidden}`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(stream([...text])).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events });
  });

  test("keytool's and jarsigner's options without their command hold a password only when it is shaped as one (prose, roff, openssl's sources name none)", () => {
    for (const text of ['Use the -storepass option to give it.', 'The -storepass and -keypass options.', '\\f[CB]\\-storepass\\f[R] and \\f[CB]\\-keypass\\f[R] options', '.IX Item "-keypass arg"', 'openssl cmp -keypass env:KEY_PASS -cert c.pem', 'openssl cmp -keypass file:pass.txt']) {
      expect(redactSecrets(text), text).toBe(text);
      expect(stream([...text]), text).toBe(text);
    }
    // After its command, a word is as good a password as any (the first of the line); alone, a shaped one still is.
    expect(redactSecrets('keytool -genkeypair -alias app -storepass androidx -keypass S3cr3tKey')).toBe(`keytool -genkeypair -alias app -storepass ${hidden} -keypass ${hidden}`);
    expect(redactSecrets('then pass -deststorepass S3cr3tPass too')).toBe(`then pass -deststorepass ${hidden} too`);
  });

  test('by decision, fewer than 4 characters is a placeholder here as for URLs and -u (`htpasswd -b file user pw`, `PGPASSWORD=pw`)', () => {
    for (const text of ['htpasswd -b file user pw', 'PGPASSWORD=pw psql', 'sshpass -p pw ssh h']) expect(redactSecrets(text)).toBe(text);
  });

  // Known limit (README): the arguments the rule passes over are scanned by no other rule, so it
  // stops at one that may hold a secret (a URL here) and the password after it is missed.
  test.fails('known limit: a password after a URL argument is left in clear', () => {
    const text = 'mongosh "mongodb://db.example.com" -u admin -p S3cr3tPass';
    expect(survivingPiece(redactSecrets(text), 'S3cr3tPass')).toBeUndefined();
  });

  test('PGPASSWORD is the keyword rule\'s (its value is taken after `=`)', () => {
    expect(redactSecrets('PGPASSWORD=S3cr3tPass psql -h db')).toBe('PGPASSWORD=<REDACTED:ASSIGNED_CREDENTIAL> psql -h db');
  });

  test.each([
    'ssh -p 22 host',
    'redis-cli -p 6379 ping',
    'docker run -p 8080:80 nginx',
    'mysql -p dbname',
    'mysql -u root -p',
    'mysql --password app',
    'docker login -u user registry.example.com',
    'htpasswd -c /etc/nginx/.htpasswd admin',
    'psql -p 5432 -U postgres',
    'mysql -p$MYSQL_ROOT_PASSWORD',
    'sshpass -p "$SSHPASS" ssh host',
    'docker login -p <password> registry',
    'the mysql client and redis-cli are installed',
    'mysqldump -u root -pabc db',
    'MySQL -pS3cr3tPass db',
    '$s = ConvertTo-SecureString $encrypted',
    '$s = ConvertTo-SecureString -String $env:DB_PASS -AsPlainText -Force',
    'Get-Content secret.txt | ConvertTo-SecureString',
    'ConvertTo-SecureStringX "S3cr3tPass"',
    'openssl pkcs12 -export -out cert.pfx -passout env:PFX_PASS',
    'openssl rsa -in key.pem -passin file:/run/secrets/pass',
    'openssl req -new -key key.pem -passin stdin',
    'open the openssl docs',
    '# requirepass foobared',
    'The requirepass directive sets a password.',
    'requirepass',
    'ssh-keygen -t ed25519 -N "" -f key',
    'gh variable set REGION --body "eu-west-1b"',
    'gh pr create --body "Fixes the S3cr3tPass test"',
    'keytool -list -keystore cacerts -storepass changeit',
    'jarsigner -keystore ks.jks -storepass:env KS_PASS app.jar k',
    'zip -P $ZIP_PASSWORD out.zip a',
    'echo "admin:$PASS" | chpasswd',
    'rabbitmqctl add_user admin',
    'rabbitmqctl delete_user admin S3cr3tPass',
    'echo "admin:S3cr3tPass" | base64',
    'echo "admin:S3cr3tPass" || chpasswd',
    'echo user:pass | chpasswd',
    'chpasswd < users.txt',
    "chpasswd <<< 'S3cr3tPass'",
    'echo "Use chpasswd to set admin:S3cr3tPass"',
  ])('no password: %j is unchanged', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(stream([...text])).toBe(text);
  });

  test('an argument another rule may read stops the command: it is left to that rule (here a spaced-out key, then the password)', () => {
    const text = 'mysql -h AKIA Q3EG RXN7 T5W2 HJ4K -pS3cr3tPass';
    expect(redactSecrets(text)).toBe('mysql -h <REDACTED:AWS_ACCESS_KEY_ID> -pS3cr3tPass');
    // A quoted header naming a scheme, a clause-ending word (prose) or more than 16 arguments stop it too.
    for (const stopped of ['mysql -H "Bearer abcdefgh12345678" -pS3cr3tPass', 'the mysql client, then -pS3cr3tPass', `mysql ${'-v '.repeat(17)}-pS3cr3tPass`]) expect(findSecrets(stopped).filter((finding) => finding.type === 'COMMAND_LINE_PASSWORD')).toEqual([]);
    // Another command of the table reads on from its own name.
    expect(redactSecrets('mysql mysql -pS3cr3tPass')).toBe(`mysql mysql -p${hidden}`);
    // Likewise a URL (it may hold a password of its own): a documented limit.
    expect(redactSecrets('mongosh "mongodb://db.example.com" -u admin -p S3cr3tPass')).toBe('mongosh "mongodb://db.example.com" -u admin -p S3cr3tPass');
  });
});

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const character = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...`${letters}0123456789`) },
  { weight: 3, arbitrary: fc.constantFrom('#', '/', '?', '@', ':', '!', '%', '^', '*', '-', '_', '.', '+', '=', ',', '~') },
  { weight: 1, arbitrary: fc.constantFrom(' ', '"', "'", ';', '|', '&', '(', ')', '`', '$') },
);
/** How a password is written: bare (no blank, quote or shell operator), in single quotes or in double quotes. */
type Quoting = '' | "'" | '"';
const quoting = fc.constantFrom<Quoting>('', "'", '"');
/** A password fit for `quote`: random characters, blanks and the other quote only when quoted. */
const passwordFor = (quote: Quoting): fc.Arbitrary<string> =>
  fc
    .array(character, { minLength: 8, maxLength: 32 })
    .map((characters) => characters.join(''))
    .filter((value) => {
      const forbidden = quote === '' ? /[\s"'`;|&()$\\]/ : quote === "'" ? /['\n]/ : /["\n`$\\]/;
      return !forbidden.test(value) && !isPlaceholderCredential(value) && !value.startsWith('$') && !value.startsWith('%') && !value.startsWith('{{') && !value.startsWith('<') && !value.startsWith('#');
    });

/** Plain arguments a command line holds before its password (hosts, users, ports, a query, a continued line). */
const plainArgument = fc.constantFrom('-u root', '-uadmin', '-h db.example.com', '-h 10.0.0.7', '--port 3306', '--port=5432', '-h localhost:3306', '-e "SELECT 1"', '--host db-1.internal', '-D app_db', '\\\n  ', '-S localhost', '-U SA', '--verbose');
const plainArguments = fc.array(plainArgument, { maxLength: 4 }).map((argumentList) => argumentList.map((argument) => `${argument} `).join(''));

/** Command lines with a `{}` where the password goes, after `pre`: glued or separate as the option takes it. */
const shapes: ReadonlyArray<(pre: string) => string> = [
  (pre) => `mysql ${pre}-p{}`,
  (pre) => `mariadb-dump ${pre}--password={} app`,
  (pre) => `sshpass -p {} ssh ${pre}user@host`,
  (pre) => `sshpass ${pre}-p{} ssh host`,
  (pre) => `redis-cli ${pre}-p 6379 -a {} ping`,
  (pre) => `docker login ${pre}-p {} registry.example.com`,
  (pre) => `docker login ${pre}--password={}`,
  (pre) => `podman login ${pre}--password {} quay.io`,
  (pre) => `mongosh ${pre}-p {}`,
  (pre) => `ldapwhoami ${pre}-w {}`,
  (pre) => `sqlcmd ${pre}-P {}`,
  (pre) => `wget ${pre}--ftp-password={} ftp://example.com/f`,
  (pre) => `htpasswd -b ${pre.length > 0 ? '-B ' : ''}/etc/nginx/.htpasswd admin {}`,
  (pre) => `htpasswd -nb user {}`,
  (pre) => `SSHPASS={} sshpass -e ssh ${pre}host`,
  (pre) => `MYSQL_PWD={} mysql ${pre}`,
  (pre) => `ssh-keygen -t ed25519 ${pre}-N {} -f ~/.ssh/deploy`,
  (pre) => `keytool -importkeystore ${pre}-srcstorepass {} -alias app`,
  (pre) => `zip -r ${pre}-P {} backup.zip data/`,
  (pre) => `gh secret set DEPLOY_TOKEN ${pre}--body {}`,
  () => 'echo admin:{} | chpasswd',
  (pre) => `rabbitmqctl add_user ${pre.length > 0 ? 'deploy' : 'admin'} {}`,
  () => 'chpasswd <<< deploy:{}',
];
const around = fc.constantFrom(['', ''], ['$ ', '\n'], ['run: ', ' && echo done\n'], ['`', '` works.'], ['sudo ', '; ls']);
const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(120), { maxLength: 8 }) }, fc.constant(undefined));
const chunksOf = (text: string, offsets: number[] | undefined): string[] => (offsets === undefined ? [...text] : splitAt(text, offsets));

const commandLine = fc
  .tuple(fc.nat(shapes.length - 1), plainArguments, quoting, around)
  .chain(([shape, pre, quote, [before, after]]) => passwordFor(quote).map((secret) => ({ template: (shapes[shape] as (pre: string) => string)(pre), quote, secret, before, after })));

test('a password on a command line is hidden whole, the rest unchanged, any chunking and one character per write (property, 800 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(commandLine, chunking, ({ template, quote, secret, before, after }, offsets) => {
      const [head = '', tail = ''] = template.split('{}');
      const text = `${before}${head}${quote}${secret}${quote}${tail}${after}`;
      const output = stream(chunksOf(text, offsets));
      expect(output, text).toBe(`${before}${head}${quote}${hidden}${quote}${tail}${after}`);
      expect(survivingPiece(output, secret)).toBeUndefined();
    }),
    { numRuns: 800 },
  );
});

test('a password on a command line is lossless: only the reported edit, random chunkings (property, 80 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(commandLine, ({ template, quote, secret, before, after }) => {
      const [head = '', tail = ''] = template.split('{}');
      expectLossless(redactSecretsStream(), [`${before}${head}${quote}${secret}${quote}${tail}${after}`], { events, randomChunkings: 3, everySplit: false });
    }),
    { numRuns: 80 },
  );
});

/** Command lines with no password: `-p` as a port, `mysql -p` prompting, logins without `-p`. */
const noPassword: ReadonlyArray<(pre: string, port: string) => string> = [
  (pre, port) => `ssh -p ${port} ${pre}user@host`,
  (pre, port) => `redis-cli ${pre}-p ${port} ping`,
  (pre, port) => `docker run ${pre}-p ${port}:80 nginx`,
  (pre) => `mysql ${pre}-p app_db`,
  (pre) => `mysql ${pre}-p`,
  (pre) => `docker login ${pre}registry.example.com`,
  (pre) => `htpasswd -c ${pre}/etc/nginx/.htpasswd admin`,
  (pre, port) => `psql ${pre}-p ${port} -U postgres`,
  (pre, port) => `scp -P ${port} ${pre}file host:/tmp`,
  (pre, port) => `mongosh ${pre}--port ${port}`,
];
test('command lines without a password are unchanged, any chunking (property, 400 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(fc.nat(noPassword.length - 1), plainArguments, fc.integer({ min: 1, max: 65_535 }), around, chunking, (shape, pre, port, [before, after], offsets) => {
      const text = `${before}${(noPassword[shape] as (pre: string, port: string) => string)(pre, String(port))}${after}`;
      expect(stream(chunksOf(text, offsets))).toBe(text);
    }),
    { numRuns: 400 },
  );
});

// Invariant: the rule never hides another secret. The arguments it passes over are scanned by no
// other rule, so a key there — written whole, spaced out in groups or one character at a time —
// must stop it and be found as it is alone: no 8-character piece of it survives.
const spaceableKeys = samples.filter((sample) => sample.spaceable).map((sample) => sample.text);
/** A key written whole, or cut into groups of 1 to 8 characters joined by blanks, a dash, a dot or a continued line. */
const placedKey = fc.tuple(fc.constantFrom(...spaceableKeys), fc.integer({ min: 0, max: 8 }), fc.constantFrom(' ', '-', ' - ', '  ', '.', ' \\\n ')).map(([key, group, gap]) => {
  if (group === 0) return key;
  const groups: string[] = [];
  for (let index = 0; index < key.length; index += group) groups.push(key.slice(index, index + group));
  return groups.join(gap);
});
test('a key among the arguments before the password is found as alone, whole or spaced out, any chunking (property, 400 cases)', { timeout: 180_000 }, () => {
  fc.assert(
    fc.property(placedKey, fc.constantFrom('mysql -h {} -u root -pS3cr3tPass', 'mysql {} -pS3cr3tPass', 'sshpass {} -p S3cr3tPass ssh h', 'docker login -u {} -p S3cr3tPass', 'htpasswd -b {} admin S3cr3tPass', 'htpasswd -nb {} S3cr3tPass', 'redis-cli -h {} -a S3cr3tPass', 'SSHPASS=S3cr3tPass sshpass -e ssh {}'), chunking, (key, template, offsets) => {
      fc.pre(survivingPiece(redactSecrets(`see ${key} end`), key) === undefined);
      const text = template.replace('{}', key);
      const output = stream(chunksOf(text, offsets));
      expect(survivingPiece(output, key), `${text} -> ${output}`).toBeUndefined();
    }),
    { numRuns: 400 },
  );
});

test('a Redis directive\'s password holds the shell\'s operators: hidden whole, the rest unchanged, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
  const password = fc.array(character, { minLength: 8, maxLength: 32 }).map((characters) => characters.join('')).filter((value) => !/[\s"'`]/u.test(value) && !isPlaceholderCredential(value) && !/^[$%#<]|^\{\{/u.test(value));
  fc.assert(
    fc.property(fc.constantFrom('requirepass ', 'masterauth ', 'CONFIG SET requirepass '), password, fc.constantFrom(['', ''], ['port 6379\n', '\nmaxmemory 2gb\n'], ['redis-cli ', ' && echo ok'], ['', '  \n']), chunking, (directive, secret, [before, after], offsets) => {
      const text = `${before}${directive}${secret}${after}`;
      expect(stream(chunksOf(text, offsets)), text).toBe(`${before}${directive}${hidden}${after}`);
    }),
    { numRuns: 300 },
  );
});
