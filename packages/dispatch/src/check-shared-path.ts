import { excerpt, expectString } from '@parley/core';
import type { DispatchViolation } from './dispatch-violation';

/** Options of {@link checkSharedPath}. */
export interface CheckSharedPathOptions {
  /** The shared root that holds one directory per agent. Default `/app/data/shared`. */
  readonly root?: string;
  /** The agent directory prefix. Default `costaff-agent-`. */
  readonly agentPrefix?: string;
  /** The agents' directory names as registered (`costaff-agent-business-analysis`); when given, any other is a violation. */
  readonly agentDirectories?: readonly string[];
  /** The plan's project name, used to write the fix for a flat-root path. */
  readonly project?: string;
}

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Turns a project name into kebab case (`Wine EDA` → `wine-eda`); empty when nothing is left. */
export function toKebabCase(name: string): string {
  expectString(name, 'name');
  const words = name
    .normalize('NFKD')
    .replaceAll(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  return words.join('-');
}

/**
 * Checks a path in a plan or a request against the shared-slot layout (the spec's Principle 1B):
 * `<root>/costaff-agent-<hyphen-name>/<project>/…` with a kebab-case project directory. A file
 * directly in the agent's directory is a `FLAT_ROOT_PATH`; a project segment that is not kebab
 * case is `PROJECT_NOT_KEBAB_CASE`; an agent directory with underscores (a tool name written as a
 * directory) is `AGENT_DIRECTORY_UNDERSCORE`. Directory and tool names are never derived from one
 * another, so that violation carries no fix unless `agentDirectories` says the right name. Paths
 * outside the root are not checked.
 *
 * @example
 * ```ts
 * import { checkSharedPath } from '@parley/dispatch/guards';
 *
 * const [violation] = checkSharedPath('/app/data/shared/costaff-agent-coding/wine_stats.csv', { project: 'wine-eda' });
 * console.log(violation?.code, violation?.fix); // FLAT_ROOT_PATH /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv
 * ```
 */
export function checkSharedPath(path: string, options: CheckSharedPathOptions = {}): DispatchViolation[] {
  expectString(path, 'path');
  let root = options.root ?? '/app/data/shared';
  while (root.endsWith('/')) root = root.slice(0, -1);
  const prefix = options.agentPrefix ?? 'costaff-agent-';
  if (!path.startsWith(`${root}/`)) return [];
  const segments = path.slice(root.length + 1).split('/');
  const [agentDirectory = '', ...rest] = segments;
  const violations: DispatchViolation[] = [];
  const base = { rule: 'P1B' as const, path };
  if (!agentDirectory.startsWith(prefix)) {
    violations.push({ ...base, code: 'NOT_AN_AGENT_DIRECTORY', message: `"${excerpt(agentDirectory)}" under ${excerpt(root)} is not an agent directory (${prefix}<name>)` });
    return violations;
  }
  if (agentDirectory.includes('_')) {
    violations.push({
      ...base,
      code: 'AGENT_DIRECTORY_UNDERSCORE',
      message: `agent directory "${excerpt(agentDirectory)}" has underscores: directories use hyphens, tool names use underscores, and neither is derived from the other`,
    });
  } else if (options.agentDirectories !== undefined && !options.agentDirectories.includes(agentDirectory)) {
    violations.push({ ...base, code: 'UNKNOWN_AGENT_DIRECTORY', message: `"${excerpt(agentDirectory)}" is not a registered agent directory (${excerpt(options.agentDirectories.join(', '))})` });
  }
  if (rest.length <= 1) {
    const file = rest[0] ?? '';
    const project = options.project === undefined ? undefined : toKebabCase(options.project);
    violations.push({
      ...base,
      code: 'FLAT_ROOT_PATH',
      message: `${excerpt(path)} has no project directory: write ${excerpt(`${root}/${agentDirectory}/<project>/${file}`)}`,
      ...(project === undefined || project === '' ? {} : { fix: `${root}/${agentDirectory}/${project}/${file}` }),
    });
    return violations;
  }
  const project = rest[0] ?? '';
  if (!kebabCase.test(project)) {
    const fixed = toKebabCase(project);
    violations.push({
      ...base,
      code: 'PROJECT_NOT_KEBAB_CASE',
      message: `project directory "${excerpt(project)}" is not kebab case`,
      ...(fixed === '' ? {} : { fix: [root, agentDirectory, fixed, ...rest.slice(1)].join('/') }),
    });
  }
  return violations;
}
