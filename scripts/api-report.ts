// Writes or checks each published entry point's API report: `packages/<name>/api/<entry>.api.md`
// holds every export of the built `.d.ts` (and the unexported declarations those exports
// reference), comments left out, one section per name, sorted. Reports are checked in, so a
// change to the public API shows in review as a diff of these files.
//
//   node scripts/api-report.ts           check: one line per added, removed or changed name
//   node scripts/api-report.ts --update  rewrite the reports from `dist/` (build first)
//   node scripts/api-report.ts --count   print `<entry point>\t<export count>` per entry point
//
// Why not api-extractor: it bundles its own TypeScript (behind ours) and needs a config per entry
// point; the packages' `.d.ts` files are already rolled up by tsup, so the compiler API over them
// gives the same review signal in one fast pass.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const mode = process.argv.includes('--update') ? 'update' : process.argv.includes('--count') ? 'count' : 'check';

/** One published entry point: `@parley/core/testing` → packages/core/dist/testing.d.ts. */
interface EntryPoint {
  specifier: string;
  packageDirectory: string;
  typesFile: string;
  reportFile: string;
}

function entryPoints(): EntryPoint[] {
  const found: EntryPoint[] = [];
  const packagesDirectory = join(root, 'packages');
  for (const name of readdirSync(packagesDirectory).sort()) {
    const packageDirectory = join(packagesDirectory, name);
    const manifestFile = join(packageDirectory, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      name: string;
      private?: boolean;
      exports?: Record<string, string | { import?: { types?: string } }>;
    };
    if (manifest.private === true || manifest.exports === undefined) continue;
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string' || target.import?.types === undefined) continue;
      const typesFile = join(packageDirectory, target.import.types);
      const entry = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
      found.push({
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        packageDirectory,
        typesFile,
        reportFile: join(packageDirectory, 'api', `${entry}.api.md`),
      });
    }
  }
  return found;
}

const points = entryPoints();
const missing = points.filter((point) => !existsSync(point.typesFile));
if (missing.length > 0) {
  for (const point of missing) console.error(`${relative(root, point.typesFile)}: not built; run \`pnpm build\` first`);
  process.exit(1);
}

const program = ts.createProgram(
  points.map((point) => point.typesFile),
  { noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [] },
);
const checker = program.getTypeChecker();
const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function resolveAlias(symbol: ts.Symbol): ts.Symbol {
  return (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The statement to print for a declaration (a variable's whole `declare const …;`). */
function statementOf(node: ts.Declaration): ts.Node {
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) return node.parent.parent;
  return node;
}

function printSymbol(symbol: ts.Symbol): string {
  const printed = new Set<string>();
  for (const declaration of symbol.declarations ?? []) {
    const statement = statementOf(declaration);
    printed.add(printer.printNode(ts.EmitHint.Unspecified, statement, statement.getSourceFile()).trim());
  }
  return [...printed].join('\n');
}

/** Unexported declarations of the same package that an exported declaration names. */
function referencedSymbols(symbol: ts.Symbol, packageDirectory: string): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (ts.isTypeReferenceNode(node.parent) || ts.isExpressionWithTypeArguments(node.parent) || ts.isTypeQueryNode(node.parent))) {
      const target = checker.getSymbolAtLocation(node);
      if (target !== undefined) {
        const resolved = resolveAlias(target);
        const inPackage = (resolved.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.startsWith(join(packageDirectory, 'dist')));
        if (inPackage) found.push(resolved);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const declaration of symbol.declarations ?? []) visit(declaration);
  return found;
}

/** The report's sections, name → printed declarations, for one entry point. */
function sectionsOf(point: EntryPoint): Map<string, string> {
  const sourceFile = program.getSourceFile(point.typesFile);
  const moduleSymbol = sourceFile === undefined ? undefined : checker.getSymbolAtLocation(sourceFile);
  const sections = new Map<string, string>();
  if (moduleSymbol === undefined) return sections;
  const exported = checker.getExportsOfModule(moduleSymbol);
  const exportedTargets = new Set(exported.map(resolveAlias));
  const queue: ts.Symbol[] = [];
  for (const symbol of exported) {
    const target = resolveAlias(symbol);
    sections.set(symbol.name, printSymbol(target));
    queue.push(target);
  }
  const seen = new Set<ts.Symbol>(queue);
  while (queue.length > 0) {
    const next = queue.shift() as ts.Symbol;
    for (const referenced of referencedSymbols(next, point.packageDirectory)) {
      if (seen.has(referenced) || exportedTargets.has(referenced)) continue;
      seen.add(referenced);
      queue.push(referenced);
      sections.set(`${referenced.name} (referenced)`, printSymbol(referenced));
    }
  }
  return new Map([...sections].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function render(point: EntryPoint, sections: Map<string, string>): string {
  const exportCount = [...sections.keys()].filter((name) => !name.endsWith(' (referenced)')).length;
  const lines = [
    `# API report: \`${point.specifier}\``,
    '',
    `<!-- Written by \`pnpm api:update\` from ${relative(point.packageDirectory, point.typesFile)}; do not edit by hand. -->`,
    '',
    `${exportCount} exports.`,
  ];
  for (const [name, text] of sections) lines.push('', `## ${name}`, '', '```ts', text, '```');
  return `${lines.join('\n')}\n`;
}

/** Reads a checked-in report back into name → text, for naming what changed. */
function parseReport(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = text.split(/^## /mu).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline), part.slice(newline));
  }
  return sections;
}

let problems = 0;
for (const point of points) {
  const sections = sectionsOf(point);
  const report = render(point, sections);
  const reportName = relative(root, point.reportFile);
  if (mode === 'count') {
    console.log(`${point.specifier}\t${[...sections.keys()].filter((name) => !name.endsWith(' (referenced)')).length}`);
  } else if (mode === 'update') {
    mkdirSync(dirname(point.reportFile), { recursive: true });
    const before = existsSync(point.reportFile) ? readFileSync(point.reportFile, 'utf8') : '';
    if (before !== report) {
      writeFileSync(point.reportFile, report);
      console.log(`${reportName}: written`);
    }
  } else if (!existsSync(point.reportFile)) {
    problems += 1;
    console.error(`${reportName}: missing; run \`pnpm api:update\` and commit it`);
  } else {
    const checkedIn = readFileSync(point.reportFile, 'utf8');
    if (checkedIn === report) continue;
    const old = parseReport(checkedIn);
    const now = parseReport(report);
    const names = new Set([...old.keys(), ...now.keys()]);
    let named = 0;
    for (const name of names) {
      const change = !old.has(name) ? 'added' : !now.has(name) ? 'removed' : old.get(name) === now.get(name) ? undefined : 'changed';
      if (change === undefined) continue;
      named += 1;
      problems += 1;
      console.error(`${reportName}: \`${name}\` ${change} in ${point.specifier}; run \`pnpm api:update\` and commit the report`);
    }
    if (named === 0) {
      problems += 1;
      console.error(`${reportName}: out of date; run \`pnpm api:update\` and commit the report`);
    }
  }
}
if (problems > 0) process.exit(1);
