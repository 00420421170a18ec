// Issue 25's acceptance against what is published. Packs every package (packed-project.ts),
// installs the tarballs into a fresh npm project in a temporary directory with the real `ai`,
// `@ai-sdk/openai-compatible`, `langchain`, `@langchain/core`, `@langchain/openai`,
// `@modelcontextprotocol/sdk` and `zod` (the versions @parley/mcp develops against; from npm's cache
// when it can: `--prefer-offline`), generates 1,000 conversations with planted catalogue keys
// (redaction's planted-conversations fixture, seeded) and runs @parley/mcp's acceptance function
// there (its source file, copied: it imports packages by name only). A loopback OpenAI-compatible
// server records every request body. It fails on any piece of a secret written whole in any
// request body, captured event, output or log line (stderr included), a request under `block`,
// an inexact restore of a whole key, or a piece of a secret in a tool not allowlisted; it prints
// the known gap with spaced-out keys (input-guards.test.ts) as counts.
//
//   node scripts/check-input-guards.ts     (root: `pnpm check:input-guards`; build first)
//   PARLEY_ACCEPTANCE_CONVERSATIONS=4000 PARLEY_ACCEPTANCE_SEED=7 node scripts/check-input-guards.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packPublicPackages } from './packed-project.ts';

const root = resolve(import.meta.dirname, '..');
const count = Number(process.env['PARLEY_ACCEPTANCE_CONVERSATIONS'] ?? 1000);
const seed = Number(process.env['PARLEY_ACCEPTANCE_SEED'] ?? 20261205);
const started = performance.now();
const project = mkdtempSync(join(tmpdir(), 'parley-input-guards-'));
const failures: string[] = [];
const seconds = (to: number, from: number): string => ((to - from) / 1000).toFixed(1);

try {
  const versions = (JSON.parse(readFileSync(join(root, 'packages', 'mcp', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  const peers = ['ai', '@ai-sdk/provider', '@ai-sdk/openai-compatible', 'langchain', '@langchain/core', '@langchain/openai', '@modelcontextprotocol/sdk', 'zod'];
  const { tarballs } = packPublicPackages(root, project, 'input-guards-check', Object.fromEntries(peers.map((name) => [name, versions[name] as string])));
  const packed = performance.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const installed = performance.now();

  // The generator reads the catalogue from redaction's sources (extensionless relative imports).
  await import('../packages/redaction/bench/source-imports.mjs');
  const { plantedConversations } = (await import('../packages/redaction/src/__fixtures__/planted-conversations.ts')) as typeof import('../packages/redaction/src/__fixtures__/planted-conversations.ts');
  const conversations = plantedConversations(seed, count);
  writeFileSync(join(project, 'conversations.json'), JSON.stringify(conversations));
  copyFileSync(join(root, 'packages', 'mcp', 'src', '__fixtures__', 'input-guard-acceptance.ts'), join(project, 'acceptance.ts'));
  writeFileSync(
    join(project, 'main.mjs'),
    `import { readFileSync } from 'node:fs';\nimport { runInputGuardAcceptance } from './acceptance.ts';\nconst report = await runInputGuardAcceptance(JSON.parse(readFileSync('conversations.json', 'utf8')));\nprocess.stdout.write('@@report ' + JSON.stringify(report) + '\\n');\n`,
  );
  const generated = performance.now();
  const run = spawnSync(process.execPath, ['--no-warnings', 'main.mjs'], { cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ran = performance.now();
  const line = run.stdout.split('\n').find((text) => text.startsWith('@@report '));
  if (run.status !== 0 || line === undefined) throw new Error(`the acceptance program failed (exit ${run.status}): ${run.stderr.slice(0, 2000)}`);
  const report = JSON.parse(line.slice('@@report '.length)) as import('../packages/mcp/src/__fixtures__/input-guard-acceptance.ts').AcceptanceReport;

  // What the program printed besides its report, and its stderr, must hold no piece of a secret either.
  const bare = (text: string): string => text.replaceAll(/[^A-Za-z0-9]/gu, '');
  const printed = bare(run.stdout.replace(line, '') + run.stderr);
  const printedLeaks = conversations.flatMap((conversation) => conversation.secrets).filter((secret) => {
    const body = bare(secret.written.slice(secret.prefix.length));
    for (let index = 0; index + 8 <= body.length; index += 1) if (printed.includes(body.slice(index, index + 8))) return true;
    return false;
  });
  if (printedLeaks.length > 0) failures.push(`the program's output holds pieces of ${printedLeaks.length} planted secrets`);
  for (const failure of report.failures.filter((entry) => !entry.spacedOnly)) failures.push(`conversation ${failure.conversation} (${failure.adapter}, ${failure.strategy}): ${failure.what}`);
  if (report.requestsUnderBlock !== 0) failures.push(`${report.requestsUnderBlock} requests reached the server under block`);
  if (report.blockedConversations === 0 || report.restoreCalls === 0 || report.otherToolCalls === 0) failures.push('a path did not run: no blocked conversation, no restore or no other tool call');
  if (report.requests !== 3 * (report.conversations - report.blockedConversations)) failures.push(`${report.requests} requests, not 3 per conversation not blocked`);
  const known = report.failures.filter((entry) => entry.spacedOnly);

  console.log(
    `check-input-guards: ${tarballs.length} tarballs; ${report.conversations} conversations (${Object.entries(report.byAdapter).map(([name, number]) => `${name} ${number}`).join(', ')}; ${Object.entries(report.byStrategy).map(([name, number]) => `${name} ${number}`).join(', ')}), ${report.secrets} planted secrets`,
  );
  console.log(
    `  ${report.requests} requests recorded, ${report.leakingRequests} holding a piece of a secret; ${report.captures} events, outputs and log lines captured, ${report.leakingCaptures} holding one; under block ${report.blockedConversations} conversations, ${report.requestsUnderBlock} requests; restore: ${report.exactRestores} of ${report.restoreCalls} allowlisted calls exact, ${report.otherToolLeaks} of ${report.otherToolCalls} other tool calls holding a piece`,
  );
  console.log(`  known gap, spaced-out keys (input-guards.test.ts): ${known.length} findings in ${new Set(known.map((entry) => entry.conversation)).size} conversations; preliminary results of the streaming tool showing a cut key (app side, never sent): ${report.preliminaryResultLeaks}`);
  console.log(`  pack ${seconds(packed, started)} s, install ${seconds(installed, packed)} s, generate ${seconds(generated, installed)} s, run ${seconds(ran, generated)} s, total ${seconds(ran, started)} s`);
} finally {
  rmSync(project, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(failures.map((failure) => `✗ ${failure}`).join('\n'));
  process.exit(1);
}
console.log('check-input-guards: no piece of a key written whole reached the provider, an event, an output or a log line; block sent nothing; restore reached the allowlisted tools only');
