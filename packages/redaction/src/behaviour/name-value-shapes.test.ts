import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: a credential is hidden in the shapes that give a variable's name and its value apart
// (adversary item 10): a `Name` field naming a credential and the `Value` field after it in the
// same object, element or list item (ECS, CloudFormation, SSM, Kubernetes, an HTML input), a
// Terraform variable's `default`; a
// `.netrc` entry's `password` token; JSON escaped twice or more inside strings. A name that names
// no credential, a template or placeholder value, another list item's value, stays. Any chunking.

const placeholder = '<REDACTED:ASSIGNED_CREDENTIAL>';
const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

describe('shapes that name a credential apart from its value (adversary item 10)', () => {
  test.each([
    ['ECS', '{"Name": "DB_PASSWORD", "Value": "hunter2xyz"}', `{"Name": "DB_PASSWORD", "Value": "${placeholder}"}`],
    ['SSM, other fields between', '{"Parameter": {"Name": "/prod/db/password", "Type": "SecureString", "Value": "hunter2xyz"}}', `{"Parameter": {"Name": "/prod/db/password", "Type": "SecureString", "Value": "${placeholder}"}}`],
    ['Kubernetes', 'env:\n  - name: DB_PASSWORD\n    value: hunter2xyz', `env:\n  - name: DB_PASSWORD\n    value: ${placeholder}`],
    ['an HTML input', '<input type="password" name="password" value="hunter2xyz">', `<input type="password" name="password" value="${placeholder}">`],
    ['netrc on several lines', 'machine api.heroku.com\n  login me@x.io\n  password q8Lk2Vx9Tn4wRm7Pb3', `machine api.heroku.com\n  login me@x.io\n  password ${placeholder}`],
    ['netrc on one line', 'machine github.com login me password hunter2xyz', `machine github.com login me password ${placeholder}`],
    ['netrc default', 'default login anonymous password hunter2xyz', `default login anonymous password ${placeholder}`],
    ['a Terraform variable\'s default', 'variable "db_password" {\n  description = "The database password"\n  type        = string\n  sensitive   = true\n  default     = "hunter2xyz"\n}\n', `variable "db_password" {\n  description = "The database password"\n  type        = string\n  sensitive   = true\n  default     = "${placeholder}"\n}\n`],
    ['a Terraform variable\'s default after nested blocks', 'variable "admin_password" {\n  type = object({ name = string })\n  validation {\n    condition     = length(var.admin_password) >= 12\n    error_message = "The admin password needs at least twelve characters, letters and digits both."\n  }\n  default = "hunter2xyz"\n}\n', `variable "admin_password" {\n  type = object({ name = string })\n  validation {\n    condition     = length(var.admin_password) >= 12\n    error_message = "The admin password needs at least twelve characters, letters and digits both."\n  }\n  default = "${placeholder}"\n}\n`],
    ['JSON escaped twice', '"{\\\\\\"password\\\\\\":\\\\\\"hunter2xyz\\\\\\"}"', `"{\\\\\\"password\\\\\\":\\\\\\"${placeholder}\\\\\\"}"`],
    ['JSON escaped three times', '{\\\\\\\\\\\\\\"api_key\\\\\\\\\\\\\\": \\\\\\\\\\\\\\"q8Lk2Vx9Tn4wRm7\\\\\\\\\\\\\\"}', `{\\\\\\\\\\\\\\"api_key\\\\\\\\\\\\\\": \\\\\\\\\\\\\\"${placeholder}\\\\\\\\\\\\\\"}`],
  ])('%s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events, everySplit: true });
  });

  test.each([
    '{"Name": "LOG_LEVEL", "Value": "debug-verbose"}',
    '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: password}',
    '- name: DB_PASSWORD\n- name: OTHER\n  value: hunter2xyz',
    '<input name="api_key" value="{{ key }}">',
    '{"name": "public_key", "value": "ssh-rsa-AAAAB3Nza"}',
    '{"name": "cache_key", "value": "users"}',
    'the machine learning password reset',
    'machine x password hunter2xyz',
    'machine example.com password ${NETRC_PASSWORD}',
    'by default login fails with a password prompt',
    'variable "region" {\n  default = "eu-west-1-hunter2xyz"\n}',
    'variable "db_password" {\n  type = string\n}\nvariable "x" {\n  default = "hunter2xyz"\n}',
    'variable "db_password" {\n  default = var.generated_password\n}',
    'variable "db_password" {\n  validation {\n    condition = var.db_password != ""\n  }\n}\nlocals {\n  default = "hunter2xyz"\n}',
  ])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

/** A seeded random literal credential: letters with a digit at every fourth place. */
function literal(seed: number, length: number): string {
  const random = seededRandom(seed);
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = '';
  for (let index = 0; index < length; index += 1) value += index % 4 === 3 ? String(Math.floor(random() * 10)) : letters[Math.floor(random() * letters.length)];
  return value;
}

describe('property: every shape, any credential name, any chunking', () => {
  const credentialName = fc.constantFrom('DB_PASSWORD', 'password', 'client_secret', 'API_KEY', 'githubToken', '/prod/db/password', 'SMTP_PASS_WORD_password');
  const shapes: ReadonlyArray<(name: string, value: string) => string> = [
    (name, value) => `{"Name": "${name}", "Value": "${value}"}`,
    (name, value) => `[{"name":"${name}","type":"String","value":"${value}"}]`,
    (name, value) => `Environment:\n  - Name: ${name}\n    Value: ${value}\n`,
    (name, value) => `env:\n  - name: ${name}\n    value: "${value}"\n  - name: OTHER\n    value: x\n`,
    (name, value) => `<input type="text" name="${name}" value="${value}" />`,
    (_name, value) => `machine db.example.com\n  login admin\n  password ${value}\n`,
    (name, value) => `"{\\\\\\"${name}\\\\\\":\\\\\\"${value}\\\\\\"}"`,
    (name, value) => `variable "${name}" {\n  type    = string\n  default = "${value}"\n}\n`,
    (name, value) => `variable "${name}" {\n  type = list(object({ name = string }))\n  validation {\n    condition     = length(var.x) > 8\n    error_message = "Too short."\n  }\n  default = "${value}"\n}\n`,
  ];
  const chunking = fc.oneof(fc.array(fc.nat(120), { maxLength: 8 }).map((offsets) => ({ offsets, oneByOne: false })), fc.constant({ offsets: [] as number[], oneByOne: true }));
  test('no 8-character piece of the value shows; the stream writes what the whole text gives (property, 400 cases)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(credentialName, fc.nat(shapes.length - 1), fc.integer(), fc.integer({ min: 10, max: 40 }), chunking, (name, shape, seed, length, how) => {
        const value = literal(seed, length);
        const text = (shapes[shape] as (name: string, value: string) => string)(name, value);
        const whole = redactSecrets(text);
        expect(survivingPiece(whole, value), text).toBeUndefined();
        expect(runChunks(redactSecretsStream(), how.oneByOne ? [...text] : splitAt(text, how.offsets)).output).toBe(whole);
      }),
      { numRuns: 400 },
    );
  });
});
