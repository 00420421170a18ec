// The bench's limit line: the prefilter alone over a whole file, as a whole process (read, one
// pass of the stop finder with no rule asked and no run judged, write), so the figures say how
// close `parley redact` is to what the pass it skips ahead with costs. Run with
// `--import ./source-imports.mjs`.
import { readFileSync, writeSync } from 'node:fs';
import { type FoundStop } from '../src/engine/prefilter.ts';
import { createRedactionPlan } from '../src/api/create-redaction-plan.ts';

const file = process.argv[2] ?? '';
const text = readFileSync(file, 'utf8');
const plan = createRedactionPlan();
const prefilter = plan.prefilter;
if (prefilter === undefined) throw new Error('the default plan has no prefilter');
const found: FoundStop = { runStart: -1, stop: false };
let stops = 0;
let runStart = -1;
for (let position = 0; position < text.length; position += 1) {
  position = prefilter.find(text, position, runStart, plan.maxTokenLength, found);
  // Past each stop as the walk would go on: in the run it was in, or out of it at a run's end.
  runStart = found.stop && found.runStart >= 0 ? found.runStart : -1;
  if (position < text.length) stops += 1;
}
const output = Buffer.from(text, 'utf8');
for (let offset = 0; offset < output.length; offset += 1 << 20) writeSync(1, output.subarray(offset, offset + (1 << 20)));
writeSync(2, `${stops}\n`);
