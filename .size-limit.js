// Size budgets (minified + gzipped, dependencies bundled, Node built-ins and peer dependencies
// left out) per published
// entry point, plus the imports the READMEs lead with. `pnpm size` checks them after a build; a
// new entry point without a budget here fails the check. Raise a budget only in the change that
// needs it, so the growth shows in review.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

/** Budgets by check name; names are entry points, or `<entry point> { names }` for one import. */
const budgets = {
  // + the secret guard's prompt walk and guardTools (issue 25): 4.45 -> 4.91 kB; + the output
  // guard on streamed text (the guard's stream chained before the middleware): 4.92 -> 5.06 kB.
  // (PromptGuard moved to core as types only: a function in core's main module would pull its
  // eventemitter3 import in, 4.92 -> 5.82 kB, measured.) + parleyTransform's telemetry
  // integration, which hands the transform each model call's trace context (issue 26, item 2).
  // + the guard on tool definitions and the response format, with @parley/core/guard's schema walk
  // (issue 25): 5.88 kB measured.
  '@parley/ai-sdk': '6 kB',
  // cli and envelope bundle @parley/redaction: its catalogue grew from 86 to 159 formats with
  // checksums and users' own rules (+12 kB); cli also gained inspect and --config; then the
  // keyword rule's weak names and shapes, placeholder passwords and bare Authorization (+1.7 kB).
  // Issue 16's last round (measured 42.0 -> 50.4 kB for redaction, 248 -> 258.3 kB for cli,
  // 103.2 -> 111.8 kB for envelope, at dd401ac): command-line passwords, Name/Value fields and
  // .netrc, terminal escapes, typed option checks and the regex budget, the stream-vs-whole
  // fixes, the run memo; about 3 kB of room for the false-positive shapes landing beside them.
  // Issue 24's redesign (+3 kB in each bundle holding redaction): the randomness judge's model of
  // written text (1.8 kB of costs, 2.4 kB as base64, near-random bytes that do not compress), the
  // value reader, public ids and file magic numbers as data, the catalogue's exact-span rule, the
  // spaced-out keys' row-alphabet judge.
  // + the word list the spaced-out key's tail is judged by (issue 24, "No key out": 1,326 words of
  // 2-4 letters, src/rules/word-list.ts, and its judge): +4.0 kB in each bundle holding redaction
  // (58.38 -> 62.38 kB for redaction, 352.0 -> 355.9 for cli, 119.4 -> 123.3 for envelope, 132.5 -> 136.5 for mcp).
  // + one decision for whether a key goes on past a gap (issue 24, engine/pattern/key-continuation.ts):
  // +0.5 kB in each bundle holding redaction (62.51 -> 63.01 kB for redaction, 123.59 -> 124.10 for
  // envelope, 136.74 -> 137.27 for mcp).
  // + `parley mcp` (issue 25): the MCP SDK's server and stdio transport with the zod and JSON-schema
  // code they load (measured 266.5 -> 351.0 kB at the commit that added it); loaded only by that
  // command (a dynamic import), so `parley redact` and the other commands load none of it.
  // + the MCP listing guard (tools/list descriptions and schemas, instructions): 357.66 -> 358.47 kB.
  '@parley/cli': '368.8 kB',
  // + escapeControlCharacters, moved here from the CLI for the inspector page (4.09 kB), and the
  // renamed exports' stubs with RenamedExportError (measured 4.33 kB with both).
  '@parley/core': '4.5 kB',
  '@parley/core/testing': '2.5 kB',
  // guardJsonSchema and the PromptGuard types (issue 25: tool definitions), an entry of its own so the
  // adapters importing it do not load the main module's eventemitter3 (measured 2.00 kB through it).
  // + guardedMiddleware and isPromptGuard, moved here from copies in ai-sdk and langchain: 1.25 kB.
  '@parley/core/guard': '1.3 kB',
  // Issue 26: the guards moved to @parley/dispatch/guards and plan presentation (with markdown-it)
  // to @parley/telegram/plans; the engine keeps the moved names' stubs (37.3 kB and 10.8 kB measured).
  '@parley/dispatch': '39 kB',
  '@parley/dispatch/guards': '11.5 kB',
  // + the round function's PL/pgSQL and the dependency table's migration (SQL text: +1.4 kB).
  '@parley/dispatch/postgres': '10.7 kB',
  // Stop 34 (issue 24): the judges of what base64 encodes, the value-shape table, the key-continuation
  // decision, new public shapes and the adversarial review's fixes: about +1.3 kB in each bundle
  // holding redaction (redaction 64.84, guard 66.25, envelope 125.85, mcp 139.02 kB measured).
  // Stop 35 (issue 24): public PEM blocks read by their DER and OpenPGP structure (CRC-24), the
  // long-option and SQL forms, the catalogue judge's skew test, skewed base64 judged by its
  // decoding, two public shapes: about +2.7 kB in each bundle holding redaction (redaction 67.49,
  // guard 68.87, envelope 128.54, mcp 141.75, cli 361.51 kB measured).
  // Stop 36 (issue 24): public DER values and PEM bodies indented or escaped, values naming their
  // place, the spaced-key rhythm checks, where a whole key ends (blank and number readings), the
  // rows' verdict memo and the lazy default plan: about +1.3 kB in each bundle holding redaction
  // (redaction 68.76, guard 70.22, stream 65.30, envelope 129.87, mcp 143.00 and 72.26, cli 362.77 kB measured).
  // Then lockfile digests named by their field, source-map mappings, replacement fields and Vim
  // variables as value shapes, labelled digests held in streams: guardMcpTransport 72.72 kB measured.
  // Issue 24, no key out (h-leaks3): the wrap's last line, the commit-id reading's odds and aligned
  // field names in the key-continuation model: about +0.25 kB in each bundle holding redaction
  // (redaction 69.17 -> 69.41, envelope 130.29 -> 130.54, mcp 143.41 -> 143.64 kB measured).
  '@parley/envelope': '135.8 kB',
  '@parley/inspector': '6.5 kB',
  '@parley/inspector/reporter': '2.5 kB',
  // + the output guard on streamed text: 5.87 -> 6.02 kB (a local chain; core's compose: 6.58 kB).
  // + the guard on tool definitions (bindTools, call options' tools, response_format), with
  // @parley/core/guard's schema walk (issue 25): 7.20 kB measured.
  '@parley/langchain': '7.3 kB',
  // + the secret guard's message walk, wrapToolCall and the output guard (issue 25): 6.12 kB.
  // + the tool-definition guard, as above: 7.42 kB.
  '@parley/langchain/agent': '7.5 kB',
  // The whole entry counts the checks the server tools load on first call (tokens, envelope,
  // dispatch, negotiation, redaction: 129.2 kB); the client wrappers alone are the guard core
  // (@parley/redaction/guard) and 1.2 kB of their own. The MCP SDK and zod are peers.
  // + the listing guard (tools/list descriptions and schemas, prompts/resources lists, the
  // handshake's instructions): 133.23 -> 134.04 kB and 62.38 -> 63.17 kB (the whole entry was
  // already over its 132.5 kB budget at cb8a1b9).
  // + issue 24's speed work in redaction (per-matcher gates in the scan, the entropy rule's
  // distinct-character bound, small writes gathered): +0.28 kB in each bundle holding redaction.
  // + issue 24's false alarms on documentation (the value judge's roff reading, metavariables and
  // paths of words, SSH public keys' wire form, deb822-armoured OpenPGP keys, the ni:/// digest):
  // +0.48 kB in each bundle holding redaction (redaction 69.17 -> 69.65 kB measured; cli 363.69,
  // envelope 130.78, mcp 143.87, mcp's guard 73.17 kB): each budget raised by that need, rounded up.
  '@parley/mcp': '149 kB',
  '@parley/mcp { guardMcpTransport }': '78.2 kB',
  '@parley/negotiation': '74 kB',
  '@parley/otel': '6 kB',
  // + issue 24's generic credentials where models write them (stop 37: a table row's next cell,
  // a value quoted in prose, user and password pairs of login and basic-auth calls, ODBC braces,
  // openssl's pass:, ConvertTo-SecureString, Redis's requirepass, a field's name ending a key) and
  // the adversaries' narrowed exemptions: about +0.95 kB beyond the two notes above (redaction 71.10,
  // guard 72.47, stream 67.55, envelope 132.14, mcp 145.37 and 74.55, cli 365.20 kB measured).
  // + issue 24, stop 38: unseen false alarms (base64 text files judged by what they decode to,
  // placeholder private-key bodies, roff armour, published example credentials, etags, sorted
  // letters), wrapped keys' one line reading, more generic readings (.pgpass, chpasswd, rabbitmqctl,
  // passphrases, Markdown labels, Terraform defaults, credential constructors and command rows):
  // about +3.35 kB in each bundle holding redaction (redaction 74.49, guard 75.82, stream 70.90,
  // envelope 135.52, mcp 148.70 and 77.91, cli 368.55 kB measured; redaction 74.51 after the last fixes), each with 0.2 kB to spare.
  '@parley/redaction': '74.7 kB',
  // The secret guard (issue 25): the detector (57.3 kB of the main import) plus strategies, cache
  // and SHA-256: 58.4 kB measured.
  '@parley/redaction/guard': '76.1 kB',
  '@parley/telegram': '54 kB',
  // renderPlan and assembleFinalReply on the renderer; @parley/dispatch (a peer) left out: 48.8 kB.
  '@parley/telegram/plans': '50 kB',
  '@parley/tokens': '45 kB',
  '@parley/redaction { redactSecretsStream }': '71.2 kB',
  '@parley/telegram { markdownToTelegramHtml }': '50 kB',
};

/** Single imports worth a budget of their own. */
const imports = [
  ['@parley/redaction', '{ redactSecretsStream }'],
  ['@parley/telegram', '{ markdownToTelegramHtml }'],
  ['@parley/mcp', '{ guardMcpTransport }'],
];

const builtins = builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`]));

const entryFiles = new Map();
/** What a user already has: Node built-ins and the package's peer dependencies. */
const ignores = new Map();
for (const directory of readdirSync('packages').sort()) {
  const manifest = JSON.parse(readFileSync(`packages/${directory}/package.json`, 'utf8'));
  if (manifest.private === true) continue;
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string' || target.import?.default === undefined) continue;
    const name = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    entryFiles.set(name, `packages/${directory}/${target.import.default.replace(/^\.\//u, '')}`);
    ignores.set(name, [...builtins, ...Object.keys(manifest.peerDependencies ?? {})]);
  }
}

const budgetOf = (name) => {
  const limit = budgets[name];
  if (limit === undefined) throw new Error(`.size-limit.js: ${name} has no size budget; add one`);
  return limit;
};

export default [
  ...[...entryFiles].map(([name, path]) => ({ name, path, limit: budgetOf(name), gzip: true, ignore: ignores.get(name) })),
  ...imports.map(([entry, names]) => {
    const name = `${entry} ${names}`;
    return { name, path: entryFiles.get(entry), import: names, limit: budgetOf(name), gzip: true, ignore: ignores.get(entry) };
  }),
];
