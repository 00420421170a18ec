// Type-checks the current package's built declarations (`dist/*.d.ts`, `dist/*.d.cts`) the way a
// strict consumer without `@types/node` would: `skipLibCheck: false`, `types: []`. A public type
// that names `NodeJS.*`, `Buffer` or a `node:` module fails here (TS2503, TS2580, TS2307) instead
// of in the user's build. Run from a package directory after `build`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const dist = join(process.cwd(), 'dist');
const files = readdirSync(dist)
  .filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts'))
  .map((file) => join(dist, file));
const program = ts.createProgram(files, {
  noEmit: true,
  strict: true,
  skipLibCheck: false,
  types: [],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
});
// Only the package's own declarations: a dependency's own need for @types/node is its business.
const problems = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file === undefined || diagnostic.file.fileName.startsWith(dist));
/**
 * Packages whose declarations are known to fail this check, with why and who fixes it: reported as a
 * warning instead of failing. Remove an entry with its fix.
 */
const knownFailures: Readonly<Record<string, string>> = {
  '@parley/otel': "names the global `Disposable` (TS2304 without @types/node or lib esnext.disposable); issue 26 item 2's branch owns @parley/otel",
};
const packageName = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name: string }).name;
const known = Object.hasOwn(knownFailures, packageName) ? knownFailures[packageName] : undefined;
if (problems.length > 0 && known !== undefined) {
  console.warn(`declarations of ${packageName}: ${problems.length} known problem(s) without @types/node: ${known}`);
} else if (problems.length > 0) {
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  console.error(ts.formatDiagnostics(problems, host));
  console.error(`${problems.length} problem(s) in the declarations of ${process.cwd()} checked without @types/node (skipLibCheck: false).`);
  process.exit(1);
} else console.log(`declarations: ${files.length} files check clean without @types/node (skipLibCheck: false)`);
