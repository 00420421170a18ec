// `pnpm inspect:demo`: a demo store with a plan, workers going through it slowly (one step fails
// once and is retried, one step fails for good and skips what depends on it), the inspector on it,
// and a middleware reporting its events. Ctrl-C stops everything; the store file is removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformText } from '@parley/core';
import { type ClaimedTask, createDispatcher, createSqliteTaskStore, createWorker, type TaskOutput } from '@parley/dispatch';
import { redactSecretsStream } from '@parley/redaction';
import { startInspectorServer } from '@parley/inspector';
import { inspect } from '@parley/inspector/reporter';

const directory = mkdtempSync(join(tmpdir(), 'parley-inspect-demo-'));
const store = createSqliteTaskStore({ path: join(directory, 'tasks.db') });
const dispatcher = createDispatcher({ store });
const server = await startInspectorServer({ store, port: Number(process.env['PORT'] ?? 4141) });
const reporter = inspect(redactSecretsStream(), { url: server.url });

const sleep = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));
const tries = new Map<string, number>();

/** A slow agent: writes a reply (through the reporting redactor), fails where the demo says so. */
const agent = async (task: ClaimedTask): Promise<TaskOutput> => {
  await sleep(1500 + Math.random() * 2500);
  const attempt = (tries.get(task.id) ?? 0) + 1;
  tries.set(task.id, attempt);
  if (task.ref === 'benchmarks' && attempt === 1) throw new Error('the benchmark machine was busy');
  if (task.ref === 'translations') throw new Error('no translator for Klingon');
  async function* reply() {
    yield `Done: ${task.title}. Deployed with token ghp_${'yjCtvpmeFTtMaCzImG7vVBO8ilhja51O4yF'}Zp `;
    yield 'and the rest is prose.';
  }
  let text = '';
  for await (const piece of transformText(reply(), reporter, { streamId: `${task.ref}-reply` })) text += piece;
  return { paths: task.expectedOutputs, summary: text };
};

const plan = {
  id: `release-${new Date().toISOString().slice(0, 16)}`,
  sequential: false,
  steps: [
    { ref: 'spec', title: 'Write the release spec', agent: 'pm', request: 'Write the spec for release 2.4.', expectedOutputs: ['docs/spec-2.4.md'] },
    { ref: 'api', title: 'Update the API reference', agent: 'coder', request: 'Document the new endpoints.', dependsOn: ['spec'], expectedOutputs: ['docs/api.md'] },
    { ref: 'cli', title: 'Add the CLI flags', agent: 'coder', request: 'Add --since and --until.', dependsOn: ['spec'], expectedOutputs: ['src/cli.ts'] },
    { ref: 'benchmarks', title: 'Run the benchmarks', agent: 'analyst', request: 'Run the bench suite and compare.', dependsOn: ['cli'], expectedOutputs: ['bench/2.4.json'] },
    { ref: 'tests', title: 'Extend the test suite', agent: 'coder', request: 'Cover the new flags.', dependsOn: ['api', 'cli'], expectedOutputs: ['test/flags.test.ts'] },
    { ref: 'translations', title: 'Translate the notes', agent: 'writer', request: 'Translate into Klingon.', dependsOn: ['spec'], expectedOutputs: ['docs/notes.tlh.md'] },
    { ref: 'localized-post', title: 'Publish the localized post', agent: 'writer', request: 'Publish it.', dependsOn: ['translations'], expectedOutputs: [] },
    { ref: 'notes', title: 'Draft the release notes', agent: 'writer', request: 'Draft the notes.', dependsOn: ['tests', 'benchmarks'], expectedOutputs: ['CHANGELOG.md'] },
    { ref: 'post', title: 'Publish the blog post', agent: 'writer', request: 'Publish the post.', dependsOn: ['notes'], expectedOutputs: [] },
  ],
};
await dispatcher.dispatchPlan(plan, { sessionId: 'demo-session' });

const worker = createWorker({ dispatcher, agents: { pm: agent, coder: agent, analyst: agent, writer: agent }, concurrency: 2, maxAttempts: 2, backoff: () => 2000 });
worker.start();
process.stdout.write(`Parley Inspector: ${server.url}\nA plan is being worked through slowly; Ctrl-C stops the demo.\n`);

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await reporter.reporter.close();
  await server.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
