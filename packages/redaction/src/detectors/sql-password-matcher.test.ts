import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: a password an SQL statement sets (`IDENTIFIED BY`, MySQL's `SET PASSWORD [FOR user] =`)
// is hidden exactly, quoted or not, however the statement is split; what is not a password there
// (a function call, a placeholder, prose about users) is left as written.

const hidden = '<REDACTED:ASSIGNED_CREDENTIAL>';

describe('SQL statements that set a password', () => {
  test.each([
    ["ALTER USER 'app'@'%' IDENTIFIED BY 'k8#Qv2!mZr9xLp';", `ALTER USER 'app'@'%' IDENTIFIED BY '${hidden}';`],
    ["SET PASSWORD FOR 'app'@'localhost' = '$dD4+EpLy*SpgQQn0TXGk';", `SET PASSWORD FOR 'app'@'localhost' = '${hidden}';`],
    ["set password for app@localhost = 'W5s3e7XYp@idafktdm';\nFLUSH PRIVILEGES;", `set password for app@localhost = '${hidden}';\nFLUSH PRIVILEGES;`],
    ["SET PASSWORD = 'eq+4Fv*2wV+u0NXV';", `SET PASSWORD = '${hidden}';`],
    ["ALTER USER app IDENTIFIED BY N'k8#Qv2!mZr9xLp';", `ALTER USER app IDENTIFIED BY N'${hidden}';`],
    ["create user 'app'@'%' identified by \"k8#Qv2!mZr9xLp\";", `create user 'app'@'%' identified by "${hidden}";`],
    ['alter user scott identified by tiger2Xk9Qv;', `alter user scott identified by ${hidden};`],
    ["CREATE USER 'app'@'%' IDENTIFIED WITH mysql_native_password BY 'k8#Qv2!mZr9xLp';", `CREATE USER 'app'@'%' IDENTIFIED WITH mysql_native_password BY '${hidden}';`],
    ["SET PASSWORD FOR 'app'@'%' = PASSWORD('k8#Qv2!mZr9xLp');", `SET PASSWORD FOR 'app'@'%' = PASSWORD('${hidden}');`],
    // A sentence's `.` after the statement: a word and a digit in quotes is still a password.
    ["I ran ALTER USER app IDENTIFIED BY 'Purple51'.", `I ran ALTER USER app IDENTIFIED BY '${hidden}'.`],
    ["Then CREATE USER bob IDENTIFIED BY 'ruowtw351'.", `Then CREATE USER bob IDENTIFIED BY '${hidden}'.`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  test.each([
    "SET PASSWORD FOR 'app'@'localhost' = PASSWORD('<new password>');",
    "SET PASSWORD FOR 'app'@'localhost' = '<your password>';",
    'Then set password for the account in the dialog.',
    'users are identified by username',
    ' *\t\ttarget process identified by *pid* and *fd*.',
    '** ^However omitting the same value for all columns identified by "aOrderBy".',
    "Load and return a dynamic library identified by 'name'.",
  ])('%j is left as written', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test('the same output in any chunking', () => {
    const text = "mysql> SET PASSWORD FOR 'app'@'%' = 'ol=6GL5akV&Lq06~AuOuWl';\nQuery OK, 0 rows affected\n";
    expect(redactSecrets(text)).toBe(`mysql> SET PASSWORD FOR 'app'@'%' = '${hidden}';\nQuery OK, 0 rows affected\n`);
    expectChunkInvariant(redactSecretsStream(), text);
  });
});
