// Runs size-limit (budgets in .size-limit.js) and prints one line per entry point over its budget.
//   node scripts/check-size.ts          check (build first)
//   node scripts/check-size.ts --table  also print a Markdown table of every check's size
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

interface SizeCheck {
  name: string;
  size: number;
  sizeLimit?: number;
  passed?: boolean;
}

const root = resolve(import.meta.dirname, '..');
let output: string;
try {
  output = execFileSync('size-limit', ['--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
} catch (error) {
  // size-limit exits 1 when a budget is exceeded and still prints its JSON.
  output = String((error as { stdout?: unknown }).stdout ?? '');
}
const parsed = JSON.parse(output || '{}') as SizeCheck[] | { error?: string };
if (!Array.isArray(parsed)) {
  console.error(`size-limit failed: ${(parsed.error ?? 'no output').split('\n')[0]}`);
  process.exit(1);
}
const kilobytes = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;
if (process.argv.includes('--table')) {
  console.log('| entry point | gzip | budget |\n| --- | ---: | ---: |');
  for (const check of parsed) console.log(`| \`${check.name}\` | ${kilobytes(check.size)} | ${check.sizeLimit === undefined ? '' : kilobytes(check.sizeLimit)} |`);
}
const over = parsed.filter((check) => check.passed === false);
for (const check of over) {
  console.error(`${check.name}: ${kilobytes(check.size)} gzipped, over its ${kilobytes(check.sizeLimit ?? 0)} budget in .size-limit.js`);
}
if (over.length > 0) process.exit(1);
console.log(`size: ${parsed.length} checks within budget`);
