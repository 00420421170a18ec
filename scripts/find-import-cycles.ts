// Finds import cycles among the modules of one source folder (a package's src): a walk of the
// graph of relative imports, type-only imports and re-exports included, since a type cycle ties
// two files together for a reader as much as a value cycle does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const sourceFile = (name: string): boolean => /\.(?:c|m)?tsx?$/.test(name) && !name.endsWith('.d.ts');

function listSources(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...listSources(path));
    else if (entry.isFile() && sourceFile(entry.name)) files.push(path);
  }
  return files;
}

/** The file a relative specifier names, as TypeScript with bundler resolution would find it. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.(c|m)?js$/, '.$1ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The relative imports of every source file under `directory`, resolved to files under it. */
export function importGraph(directory: string): Map<string, string[]> {
  const root = resolve(directory);
  const files = listSources(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * Every import cycle under `directory`, one per strongly connected group of files: the files of
 * one cycle through the group, in import order, as paths relative to `directory` (a file that
 * imports itself is a cycle of one). Empty when the imports form a tree or a DAG.
 */
export function findImportCycles(directory: string): string[][] {
  const root = resolve(directory);
  const graph = importGraph(root);
  // Tarjan's strongly connected components, iterative so deep chains cannot overflow the stack.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next] as string;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) lowLink.set(parent.node, Math.min(lowLink.get(parent.node) as number, lowLink.get(frame.node) as number));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => cycleThrough(group, graph).map((file) => relative(root, file))).sort((left, right) => (left[0] ?? '').localeCompare(right[0] ?? ''));
}

/** One concrete cycle through a strongly connected group: the shortest from its first file back to it. */
function cycleThrough(group: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head] as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}
