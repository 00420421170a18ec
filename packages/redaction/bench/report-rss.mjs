// Preloaded into a benchmarked process: prints its peak resident set size (KiB) to fd 3 at exit.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(3, `${process.resourceUsage().maxRSS}\n`);
});
