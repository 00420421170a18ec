// The repository's import-cycle check (scripts/find-import-cycles.ts): tested here on generated
// module graphs, and run on this package's own src. Other packages run the last test on theirs;
// `node scripts/check-import-cycles.ts` runs it on every package.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { findImportCycles } from '../../../scripts/find-import-cycles.ts';

const scratch = mkdtempSync(join(tmpdir(), 'parley-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const writeTree = (files: Record<string, string>): string => {
  folders += 1;
  const root = join(scratch, String(folders));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

describe('findImportCycles', () => {
  test('finds a type-only cycle (the negotiate ↔ negotiation-prompt shape)', () => {
    const root = writeTree({
      'negotiate.ts': "import { negotiationPrompt } from './negotiation-prompt';\nexport interface NegotiationRequest { readonly query: string }\n",
      'negotiation-prompt.ts': "import type { NegotiationRequest } from './negotiate';\nexport const negotiationPrompt = (request: NegotiationRequest): string => request.query;\n",
      'index.ts': "export { negotiate } from './negotiate';\n",
    });
    expect(findImportCycles(root)).toEqual([['negotiate.ts', 'negotiation-prompt.ts']]);
  });

  test('follows re-exports, type imports, dynamic imports, index files and .ts/.js specifiers', () => {
    const root = writeTree({
      'a.ts': "export * from './b.ts';\n",
      'b.ts': "export type { C } from './folder';\n",
      'folder/index.ts': "export type C = import('../d.js').D;\n",
      'd.ts': "export type D = string;\nexport const load = () => import('./a');\n",
    });
    expect(findImportCycles(root)).toEqual([['a.ts', 'b.ts', 'folder/index.ts', 'd.ts']]);
  });

  test('ignores imports in strings and comments, packages, and files outside the folder', () => {
    const root = writeTree({
      'a.ts': "// import { b } from './b';\nconst text = \"import './b'\";\nimport { z } from 'zod';\nimport '../outside';\nexport const a = [text, z];\n",
      'b.ts': "import { a } from './a';\nexport const b = a;\n",
    });
    expect(findImportCycles(root)).toEqual([]);
  });

  test('a file that imports itself is a cycle of one; a diamond is none', () => {
    expect(findImportCycles(writeTree({ 'self.ts': "import './self';\n" }))).toEqual([['self.ts']]);
    const diamond = writeTree({ 'top.ts': "import './left';\nimport './right';\n", 'left.ts': "import './bottom';\n", 'right.ts': "import './bottom';\n", 'bottom.ts': 'export {};\n' });
    expect(findImportCycles(diamond)).toEqual([]);
  });

  test('property: reports one real cycle per strongly connected group, and none exactly when the graph is acyclic (150 generated graphs)', { timeout: 180_000 }, () => {
    const styles = [
      (target: string) => `import { value } from './${target}';`,
      (target: string) => `import type { Shape } from './${target}.ts';`,
      (target: string) => `export * from './${target}';`,
      (target: string) => `const later = () => import('./${target}.js');`,
    ];
    const graph = fc.integer({ min: 1, max: 7 }).chain((size) =>
      fc.tuple(fc.constant(size), fc.uniqueArray(fc.tuple(fc.nat(size - 1), fc.nat(size - 1), fc.nat(styles.length - 1)), { maxLength: size * 2, selector: ([from, to]) => `${from}>${to}` })),
    );
    fc.assert(
      fc.property(graph, ([size, edges]) => {
        const name = (node: number): string => `m${node}`;
        const files: Record<string, string> = {};
        for (let node = 0; node < size; node += 1) {
          const lines = edges.filter(([from]) => from === node).map(([, to, style]) => (styles[style] as (target: string) => string)(name(to)));
          files[`${name(node)}.ts`] = `${lines.join('\n')}\nexport const value = 1;\nexport type Shape = number;\n`;
        }
        const cycles = findImportCycles(writeTree(files));
        const has = (from: number, to: number): boolean => edges.some(([source, target]) => source === from && target === to);
        // Reachability closure: two nodes share a strongly connected group when each reaches the other.
        const reach = Array.from({ length: size }, (_, from) => Array.from({ length: size }, (_, to) => has(from, to)));
        for (let via = 0; via < size; via += 1) for (let from = 0; from < size; from += 1) for (let to = 0; to < size; to += 1) if (reach[from]?.[via] === true && reach[via]?.[to] === true) (reach[from] as boolean[])[to] = true;
        const groups = new Set<string>();
        for (let node = 0; node < size; node += 1) {
          if (reach[node]?.[node] !== true) continue;
          groups.add(Array.from({ length: size }, (_, other) => other).filter((other) => reach[node]?.[other] === true && reach[other]?.[node] === true).join(','));
        }
        expect(cycles.length).toBe(groups.size);
        for (const cycle of cycles) {
          const nodes = cycle.map((file) => Number(file.slice(1, -3)));
          expect(new Set(nodes).size).toBe(nodes.length);
          nodes.forEach((node, position) => expect(has(node, nodes[(position + 1) % nodes.length] as number)).toBe(true));
        }
      }),
      { numRuns: 150 },
    );
  });
});

test('@parley/core has no import cycle', () => {
  expect(findImportCycles(import.meta.dirname)).toEqual([]);
});
