// The bench's limit line: one pass of the prefilter's regular expression over a whole file, as a
// whole process (read, one native scan, write), so the figures say how close `parley redact` is
// to what V8's regex engine alone costs. Run with `--import ./source-imports.mjs`.
import { readFileSync, writeSync } from 'node:fs';
import { createRedactionPlan } from '../src/redaction-plan.ts';

const file = process.argv[2] ?? '';
const text = readFileSync(file, 'utf8');
const scan = createRedactionPlan().prefilter?.scan;
if (scan === undefined) throw new Error('the default plan has no prefilter');
let stops = 0;
scan.lastIndex = 0;
while (scan.test(text)) stops += 1;
const output = Buffer.from(text, 'utf8');
for (let offset = 0; offset < output.length; offset += 1 << 20) writeSync(1, output.subarray(offset, offset + (1 << 20)));
writeSync(2, `${stops}\n`);
