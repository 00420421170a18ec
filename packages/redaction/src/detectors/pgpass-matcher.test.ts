import { expectChunkInvariant, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCredentialValue } from '../judge/value-judge';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: the password of a `.pgpass` line (`host:port:database:user:password`, the port digits or
// `*`) is hidden exactly, the four fields before it and what follows the line kept, however the text
// is split; five fields whose second is no port, a sixth field, an IPv6 address and prose after
// the record, a port of fewer than 3 digits and fields that name nothing (numbers) are left as written.

const hidden = '<REDACTED:ASSIGNED_CREDENTIAL>';

describe('.pgpass lines', () => {
  test.each([
    ['# ~/.pgpass\ndb.acme.io:5432:app:app_user:Xk9vQ2mLp7RtZ4wA\n', `# ~/.pgpass\ndb.acme.io:5432:app:app_user:${hidden}\n`],
    ['cat > ~/.pgpass <<EOF\nlocalhost:5432:*:postgres:S3cr3t#Pass!\nEOF\n', `cat > ~/.pgpass <<EOF\nlocalhost:5432:*:postgres:${hidden}\nEOF\n`],
    ['*:*:*:replicator:Xk9vQ2mLp7RtZ4wA', `*:*:*:replicator:${hidden}`],
    ['echo "10.0.0.5:5432:shop:shop:Tr0ub4dor&3x" >> ~/.pgpass', `echo "10.0.0.5:5432:shop:shop:${hidden}" >> ~/.pgpass`],
    ['echo 127.0.0.1:6432:app:app:Xk9vQ2mLp7 > ~/.pgpass && chmod 600 ~/.pgpass', `echo 127.0.0.1:6432:app:app:${hidden} > ~/.pgpass && chmod 600 ~/.pgpass`],
    ['Add `db:5432:app:me@corp:pa\\:ss9Wq2` to the file.', `Add \`db:5432:app:me@corp:${hidden}\` to the file.`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });

  test.each([
    'hostname:port:database:username:password',
    'localhost:5432:mydb:myuser:$PGPASS',
    'db:5432:app:user:<password>',
    'fe80:0:0:0:1:6820:80da:af6b:8b2c',
    '@example [1080:0:0:0:8:800:200C:417A]\n',
    "'2001:db8:0000:0000:0000:0000:0000:0000/128'",
    'a:5432:b:c:d:e:f',
    'root:x:0:0:root:/root:/bin/bash',
    'at 12:30:45:67:89 the job ran',
    'ratios 1:100:200:300:Xk9vQ2mLp7RtZ4wA',
    'x:22:app:app:Xk9vQ2mLp7RtZ4wA',
    'db:5432:app:user:Xk9vQ2mLp7RtZ4wA is the line to add',
  ])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

test('a .pgpass line\'s password of any characters a line may hold is hidden exactly, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
  const host = fc.constantFrom('localhost', '*', 'db.acme.io', '10.0.0.5', '/var/run/postgresql');
  const name = fc.constantFrom('*', 'app', 'app_user', 'postgres', 'me@corp', 'shop-2');
  const secret = fc
    .array(fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%&*+-=?@^_~;|()<>$/.,'), { minLength: 6, maxLength: 32 })
    .map((characters) => characters.join(''))
    .filter((value) => isCredentialValue(value, { quoted: true, weak: false, name: 'password' }) && !/^[\da-f]{1,4}(?![\da-z])/iu.test(value));
  fc.assert(
    fc.property(host, fc.constantFrom('5432', '*', '6432'), name, name, secret, fc.constantFrom(['', ''], ['# ~/.pgpass\n', '\n'], ['echo "', '" >> ~/.pgpass\n'], ['', '\r\nother:5432:*:*:line9Xq\n']), fc.array(fc.nat(80), { maxLength: 6 }), (host, port, database, user, password, [before, after], cuts) => {
      const head = `${before}${host}:${port}:${database}:${user}:`;
      const text = `${head}${password}${after}`;
      const output = runChunks(redactSecretsStream(), splitAt(text, cuts)).output;
      expect(output.startsWith(`${head}${hidden}`), JSON.stringify(text)).toBe(true);
      expect(output.endsWith(after.replace('line9Xq', hidden)), JSON.stringify(text)).toBe(true);
    }),
    { numRuns: 300 },
  );
});
