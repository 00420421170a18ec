// `pnpm bench` for @parley/envelope: the parent parse contract's steps on a 2 KB and a 200 KB
// envelope, and caveman()'s token savings on realistic findings, counted with a real tokenizer.
import { printTable, timeGrowth, writeResults } from '@parley/bench';
import { caveman, checkCompression, checkForbiddenContent, detectEnvelope, detectEnvelopeStream, EnvelopeSchema, lintCaveman, parseRef, parseSubagentResponse, parseYamlSafely } from '@parley/envelope';
import { getEncoding } from 'js-tiktoken';

const notes = [
  'I think the session module basically imports the auth module, which in turn imports the session module, so there is a circular dependency here.',
  'The retry loop in the task store probably leads to duplicate writes when the connection drops, because the insert is not idempotent.',
  'It seems that the cache is not invalidated when a user changes their email address, so the old address is shown for up to an hour.',
  'Please note that the migration adds a column without a default value, which will lock the orders table on large databases.',
  'The function is really quite long and handles parsing, validation and persistence at the same time; it might be worth splitting it up.',
  'Thanks for asking! The test suite currently takes about 12 minutes, and most of that time is spent in the end-to-end tests.',
  'As far as I can tell, the feature flag is never read by the new checkout flow, so turning it off has no effect at all.',
  'The error handler swallows the original exception and logs a generic message, which makes the production incidents very hard to debug.',
];

const finding = (index: number): string =>
  [
    `  - category: ${index % 3 === 0 ? 'structure' : 'performance'}`,
    '    severity: low',
    `    note: "${caveman(notes[index % notes.length] ?? '')}"`,
    `    path: src/module-${index}/handler.ts`,
    `    line: ${10 + index}`,
    `    fix: "export function handler${index}(input: Input): Output { return run(input); }"`,
  ].join('\n');

const envelopeOf = (findings: number): string =>
  [
    '```yaml',
    'schema_version: "1"',
    'status: partial',
    'summary: "review done. 3 modules need split. cache invalidation missing."',
    'findings:',
    ...Array.from({ length: findings }, (_, index) => finding(index)),
    'next_actions: ["split session module", "add cache invalidation"]',
    'open_questions: ["keep v1 api?"]',
    'reported_by: ["staff-engineer"]',
    '```',
  ].join('\n');

const sizes = [
  { name: '2 KB', text: envelopeOf(5) },
  { name: '200 KB', text: envelopeOf(560) },
];

const measure = (run: () => unknown, minimumMilliseconds = 300): number => {
  run();
  let iterations = 0;
  const started = performance.now();
  while (performance.now() - started < minimumMilliseconds) {
    run();
    iterations += 1;
  }
  return ((performance.now() - started) * 1000) / iterations;
};

const contract = [];
for (const { name, text } of sizes) {
  const yaml = detectEnvelope(text).yaml ?? '';
  const parsed = parseYamlSafely(yaml);
  if (!parsed.ok) throw new Error(`the ${name} envelope does not parse`);
  const envelope = EnvelopeSchema.parse(parsed.value);
  const steps = {
    detect: measure(() => detectEnvelope(text)),
    'parse YAML': measure(() => parseYamlSafely(yaml)),
    validate: measure(() => EnvelopeSchema.safeParse(parsed.value)),
    'forbidden + secrets': measure(() => checkForbiddenContent(parsed.value)),
    compression: measure(() => checkCompression(envelope)),
  };
  const total = Object.values(steps).reduce((sum, value) => sum + value, 0);
  const whole = measure(() => parseSubagentResponse(text));
  contract.push({
    envelope: `${name} (${text.length.toLocaleString('en-US')} chars)`,
    ...Object.fromEntries(Object.entries(steps).map(([step, micros]) => [step, `${micros.toFixed(0)} µs (${((micros / total) * 100).toFixed(0)}%)`])),
    'whole contract': `${whole.toFixed(0)} µs`,
  });
}
printTable('parseSubagentResponse, step by step (µs per call, share of the steps)', contract);

const encoder = getEncoding('cl100k_base');
const before = notes.reduce((sum, note) => sum + encoder.encode(note).length, 0);
const after = notes.reduce((sum, note) => sum + encoder.encode(caveman(note)).length, 0);
const tokens = { notes: notes.length, 'tokens before': before, 'tokens after': after, saving: `${((1 - after / before) * 100).toFixed(1)}%` };
printTable('caveman() on realistic findings (cl100k_base tokens, js-tiktoken)', [tokens]);

// Hostile input at 10 KB, 100 KB and 1 MB (issue 14): linear growth means about 10× per 10× size.
// The YAML and whole-contract rows lift the 256 K length caps so that the parser itself is timed.
const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const manyKeys = (size: number): string => Array.from({ length: Math.ceil(size / 16) }, (_, index) => `key_${index}: value`).join('\n');
const unlimited = 4 * 1024 * 1024;
let grown = 0;
const hostile = [
  ...timeGrowth({ 'YAML mapping of many keys': manyKeys, 'flow [[[[': (size) => repeatTo('[', size) }, (text) => (grown += Number(parseYamlSafely(text, { maxLength: unlimited, maxDepth: unlimited }).ok))),
  ...timeGrowth({ 'envelope of many keys (parseSubagentResponse, parse steps)': (size) => `\`\`\`yaml\nschema_version: "1"\nstatus: ok\n${manyKeys(size)}\n\`\`\`` }, (text) => {
    const detected = detectEnvelope(text, { maxEnvelopeLength: unlimited });
    grown += parseYamlSafely(detected.yaml ?? '', { maxLength: unlimited }).ok ? 1 : 0;
  }),
  ...timeGrowth({ '```yaml openers': (size) => repeatTo('```yaml\n', size), 'backticks': (size) => repeatTo('`', size) }, (text) => (grown += detectEnvelope(text).violations.length)),
  ...timeGrowth({ '```yaml openers, streamed in 4 K chunks': (size) => repeatTo('```yaml\n', size) }, (text) => {
    const session = detectEnvelopeStream().open({ streamId: 'bench' });
    for (let offset = 0; offset < text.length; offset += 4096) grown += session.write(text.slice(offset, offset + 4096)).length;
    session.end();
  }),
  ...timeGrowth({ 'sk- runs in a summary': (size) => repeatTo('sk-', size), 'paths of UUIDs and SHAs': (size) => repeatTo('runs/3f1e2a4b-9c8d-4e7f-a1b2-c3d4e5f60718/da39a3ee5e6b4b0d3255bfef95601890afd80709.json ', size) }, (text) => (grown += checkForbiddenContent({ summary: text }).length)),
  ...timeGrowth({ 'prose (caveman, lintCaveman)': (size) => repeatTo(notes[0] ?? '', size) }, (text) => (grown += caveman(text).length + lintCaveman(text).score)),
  ...timeGrowth({ '<REF: with a long path': (size) => `<REF:${repeatTo('a/', size)}` }, (text) => (grown += parseRef(text) === undefined ? 1 : 0)),
];
printTable('hostile input (best of 3; linear growth means ~10× per 10× size)', hostile);
if (grown === 0) throw new Error('the hostile cases did no work');

writeResults('envelope', { contract, caveman: tokens, hostile });
