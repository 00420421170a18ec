// Loaded with `node --import` into a measured `parley` process: on exit, writes the process's
// peak resident set size (in kilobytes) to the file named by PARLEY_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env['PARLEY_BENCH_RSS_FILE'];
if (file !== undefined) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
