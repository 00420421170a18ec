import { transformText } from '@parley/core';
import type { DispatchViolation, ReplyContext } from '@parley/dispatch/guards';
import { createCappedList } from './capped-list';
import { choiceOption } from './choice-option';
import type { Command } from './command';
import { countOption } from './count-option';
import { ExitCode } from './exit-code';
import { formatViolations, violationJson } from './format-violations';
import { listOption } from './list-option';
import { readInput } from './read-input';
import { singleInput } from './single-input';
import { UsageError } from './usage-error';
import { writeText } from './write-text';

/** How many violations a report lists by default; the rest are counted. */
const defaultMaxListed = 1000;

/** `parley check reply`: checks a manager's reply against what was really dispatched. */
export const checkReplyCommand: Command = {
  path: ['check', 'reply'],
  summary: "Check a manager's reply for hallucinated dispatch, verbal-only promises and unverified completion.",
  arguments: '<input>',
  description: [
    'Prints JSON {"ok", "violations": [{"rule","code","message","taskId"?,"path"?,"line"?}],',
    '"dropped": {"violations"}} (or a readable list with --format pretty) and exits 0 when ok, 1 when',
    'there are violations; the first --max-listed violations are listed, "dropped" counts the rest.',
    'The truth about what was dispatched comes from --dispatched (the ids this turn\'s dispatch calls',
    'returned) and, with --store and --session, from an embedded task store: the session\'s other',
    'tasks may be cited, its done tasks are completion signals, their outputs are delivered files.',
    'The store is opened read-only: a path that is not an existing Parley store of this version is',
    'refused (exit 2), and nothing is ever created, migrated or written, beside it either: a store no',
    'process has open is read from a private copy (no -wal/-shm files appear); a locked one is refused.',
    'A [FILE: …] path must be delivered or exist on disk (--no-disk: delivered only).',
    'The reply streams through the guard: the verdict is the same however it arrives.',
  ].join('\n'),
  options: {
    dispatched: { type: 'string', valueName: '<id,id,…>', description: 'Task ids created by dispatch calls in this turn (full ids or 6+ character prefixes).' },
    known: { type: 'string', valueName: '<id,id,…>', description: 'Other task ids of the session, which the reply may cite.' },
    completed: { type: 'string', valueName: '<id,id,…>', description: 'Task ids with a completion signal.' },
    delivered: { type: 'string', valueName: '<path,path,…>', description: 'Paths recorded as delivered.' },
    store: { type: 'string', valueName: '<file>', description: 'An embedded (node:sqlite) task store to read the session from.' },
    session: { type: 'string', valueName: '<id>', description: 'The session to read from --store.' },
    'plan-confirmed': { type: 'boolean', description: 'The user already confirmed the plan: asking again is a violation.' },
    iteration: { type: 'boolean', description: 'The request was an iteration (Principle 1A).' },
    'no-disk': { type: 'boolean', description: 'Do not look on disk for [FILE: …] paths.' },
    format: { type: 'string', valueName: '<json|pretty>', description: 'Output format.', default: 'json' },
    'max-listed': { type: 'string', valueName: '<n>', description: 'Most violations the report lists.', default: String(defaultMaxListed) },
  },
  examples: [
    'parley check reply --dispatched 3f9a1c2e,b71d0e44 reply.txt',
    'manager | parley check reply --store tasks.db --session chat-42 --dispatched 3f9a1c2e - --format pretty',
  ],
  async run({ positionals, values, io, style }) {
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const [{ guardReplyStream, replyContextFromStore }, { openStoreForReading, storeReadError }] = await Promise.all([import('@parley/dispatch/guards'), import('./open-store-for-reading')]);
    const path = singleInput(positionals, 'check reply');
    const format = choiceOption(values, 'format', ['json', 'pretty'] as const, 'json');
    const dispatched = listOption(values, 'dispatched') ?? [];
    const maxListed = countOption(values, 'max-listed', defaultMaxListed, 0);
    const flags = {
      ...(values['plan-confirmed'] === true ? { planConfirmed: true } : {}),
      ...(values['iteration'] === true ? { iteration: true } : {}),
      ...(values['no-disk'] === true ? { fileExists: () => false } : {}),
    };
    let context: ReplyContext;
    if (typeof values['store'] === 'string') {
      if (typeof values['session'] !== 'string') throw new UsageError({ message: '--store needs --session <id>' });
      const path = values['store'];
      const opened = openStoreForReading(path);
      try {
        context = { ...(await replyContextFromStore(opened.store, { sessionId: values['session'], dispatched })), ...flags };
      } catch (error) {
        throw storeReadError(path, error);
      } finally {
        await opened.close();
      }
    } else {
      context = { dispatched, known: listOption(values, 'known') ?? [], completed: listOption(values, 'completed') ?? [], delivered: listOption(values, 'delivered') ?? [], ...flags };
    }
    const violations = createCappedList<DispatchViolation>(maxListed);
    const guard = guardReplyStream(context);
    guard.on('violation', ({ stream: _stream, ...violation }) => violations.push(violation));
    for await (const _text of transformText(await readInput(path, io), guard)) {
      // The guard reports; the text itself is not printed.
    }
    const ok = violations.total === 0;
    await writeText(
      io.stdout,
      format === 'json'
        ? `${JSON.stringify({ ok, violations: violations.items.map(violationJson), dropped: { violations: violations.dropped } }, null, 2)}\n`
        : formatViolations(violations.items, style, { clean: 'the reply keeps to what was dispatched', dropped: violations.dropped }),
    );
    return ok ? ExitCode.Clean : ExitCode.Violations;
  },
};
