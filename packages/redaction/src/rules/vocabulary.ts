/**
 * Words the judges read as written whatever their letters say: names of command-line programs an
 * agent's transcript starts lines with (`npm`, `gh`, `kubectl`). Their letters read as random to a
 * model of code and prose (`npm`: no vowel), so without this list a command on the line after a
 * key would be taken for the key's wrapped rest. Data: extend the list, not the engine.
 * Internal: not exported from the package.
 */
const commandNames: ReadonlySet<string> = new Set([
  // JavaScript and TypeScript
  'npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', 'deno', 'node', 'tsc', 'tsx', 'vite', 'vitest', 'jest', 'eslint', 'turbo',
  // Python, Ruby, Go, Rust, JVM, .NET, PHP
  'pip', 'pip3', 'pipx', 'uv', 'uvx', 'poetry', 'python', 'python3', 'pytest', 'gem', 'bundle', 'rake', 'rails', 'go', 'cargo', 'rustup', 'mvn', 'gradle', 'java', 'dotnet', 'php', 'composer',
  // version control, containers, clouds, infrastructure
  'git', 'gh', 'glab', 'hg', 'svn', 'docker', 'podman', 'kubectl', 'k9s', 'helm', 'kind', 'minikube', 'terraform', 'tofu', 'pulumi', 'ansible', 'aws', 'gcloud', 'gsutil', 'az', 'doctl', 'flyctl', 'fly', 'heroku', 'vercel', 'netlify', 'wrangler', 'firebase', 'supabase',
  // shells and system tools
  'sudo', 'cd', 'ls', 'cp', 'mv', 'rm', 'mkdir', 'cat', 'echo', 'printf', 'export', 'unset', 'source', 'env', 'set', 'curl', 'wget', 'ssh', 'scp', 'rsync', 'tar', 'grep', 'rg', 'sed', 'awk', 'jq', 'yq', 'xargs', 'chmod', 'chown', 'systemctl', 'journalctl', 'apt', 'brew', 'make', 'cmake', 'psql', 'mysql', 'redis-cli', 'sqlite3', 'openssl', 'gpg', 'vim', 'nano', 'code', 'tmux',
]);

/** Whether `text[start..end)` is the name of a command-line program (see {@link commandNames}). */
export function isCommandName(text: string, start: number, end: number): boolean {
  return end - start <= 12 && commandNames.has(text.slice(start, end));
}
