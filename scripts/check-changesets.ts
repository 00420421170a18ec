// Fails when a package changed since the last release without a changeset saying so.
// The base is, in order: `--since=<ref>` or CHANGESET_BASE; the newest release tag
// (`@parley/<name>@<version>`, as `changeset publish` tags); else the repository's first commit,
// so before the first release every package needs a pending changeset. This works in a clone that
// has only `main` (CI), where `changeset status`'s default base branch would compare main with
// itself. The clone needs its history and tags (`fetch-depth: 0`).
import { execFileSync } from 'node:child_process';

const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const tryGit = (...args: string[]): string => {
  try {
    return git(...args);
  } catch {
    return '';
  }
};

const argument = process.argv.find((value) => value.startsWith('--since='))?.slice('--since='.length);
const tag = tryGit('describe', '--tags', '--abbrev=0', '--match', '@parley/*@*', 'HEAD');
const firstCommit = tryGit('rev-list', '--max-parents=0', 'HEAD').split('\n').at(-1) ?? '';
const base = argument ?? process.env.CHANGESET_BASE ?? (tag || firstCommit);
if (base === '') {
  console.error('changesets: no base to compare with (not a git clone, or a shallow one: fetch with depth 0)');
  process.exit(1);
}

try {
  execFileSync('changeset', ['status', `--since=${base}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  console.log(`changesets: every package changed since ${tag || base.slice(0, 12)} has one`);
} catch (error) {
  const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
  const lines = `${stdout}\n${stderr}`.split('\n').map((line) => line.replace(/^🦋\s+(?:error\s+)?/u, '').trim()).filter((line) => line !== '' && !line.startsWith('changeset v') && !line.startsWith('at '));
  for (const line of lines) console.error(`changesets (since ${base.slice(0, 12)}): ${line}`);
  process.exit(1);
}
