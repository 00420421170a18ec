/** The spec section a violation breaks (csuite-agent-protocol.md). */
export type TokenRule = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6';

/** How a TOKEN_FORM violation names the shape that is wrong. */
export type TokenFormShape = 'close' | 'invoke' | 'broadcast' | { readonly opening: string } | { readonly response: string };

/** What a loop-guard violation (R4) names: an INVOKE and why it is barred, or a BROADCAST's speaker and the role upstream it would reach. */
export type LoopShape = { readonly target: string; readonly reason: string } | { readonly broadcastFrom: string; readonly upstream: string };

const labelNames = 'Key finding:, Supporting data:, Confidence:, Caveat:';

const loopMessage = (shape: LoopShape): string =>
  'target' in shape
    ? `Cannot invoke ${shape.target}: ${shape.reason}. Emit the BLOCKED line, then [ASSUMPTION: <figure or fact> — not verified with ${shape.target}].`
    : `A broadcast from ${shape.broadcastFrom} would reach ${shape.upstream}, already upstream in this chain.`;

/**
 * Every violation the token validator reports, in one table: its code, the rule of the spec it
 * breaks (R1 token form, R2 role tokens, R3 the RESPONSE block, R4 loop prevention, R5 the other
 * tokens, R6 isolation phases), whether `guardTokensStream` in `repair` mode applies its fix
 * (`repairable`: only fixes of form), whether it bars a call from going out (`barsCall`: what
 * `enforce` blocks), whether its fix rewrites the whole line rather than one token on it
 * (`fixesLine`), and the words of its message.
 */
export const tokenViolationRules = {
  // R1 — a token is written exactly, alone on one line.
  SPLIT_TOKEN: { rule: 'R1', repairable: true, message: (): string => 'A token is written on one line; this one runs over a line break.' },
  TOKEN_TOO_LONG: { rule: 'R1', repairable: false, message: (maxLine: number): string => `A token line is longer than ${maxLine} characters; it is not read.` },
  TEXT_BEFORE_TOKEN: { rule: 'R1', repairable: false, fixesLine: true, message: (): string => 'A token stands alone on its line; put the text before it on a line of its own.' },
  TOKEN_CASE: { rule: 'R1', repairable: true, message: (keyword: string): string => `Write ${keyword} in upper case.` },
  TOKEN_FORM: {
    rule: 'R1',
    repairable: true,
    message: (shape: TokenFormShape): string => {
      if (shape === 'close') return 'Close a token with ], not a look-alike.';
      if (shape === 'invoke') return 'Write [INVOKE:role|question] — no spaces or look-alike characters around the role or the |.';
      if (shape === 'broadcast') return 'Write [BROADCAST:all|question] — no spaces or look-alike characters inside the brackets.';
      if ('opening' in shape) return `Write the token's opening as [${shape.opening}: — no spaces or look-alike characters inside the brackets.`;
      return `Write [RESPONSE:${shape.response}] — no spaces or look-alike characters inside the brackets.`;
    },
  },
  UNCLOSED_TOKEN: { rule: 'R1', repairable: false, message: (): string => 'A token must end with ] on the same line.' },
  TEXT_AFTER_TOKEN: { rule: 'R1', repairable: false, message: (): string => 'Nothing may follow a token on its line.' },
  MISSING_PIPE: { rule: 'R1', repairable: true, message: (): string => 'Separate the role and the question with | (the first | after the role).' },
  EMPTY_QUESTION: { rule: 'R1', repairable: false, message: (): string => 'An INVOKE needs a question after the |.' },
  INVOKE_FORM: { rule: 'R1', repairable: true, message: (): string => 'Write [INVOKE:role|question], not INVOKE role: question.' },
  PROSE_INVOCATION: { rule: 'R1', repairable: false, message: (role: string): string => `Ask another agent with [INVOKE:${role}|question], not prose.` },
  // R2 — role tokens are the registry's lowercase names.
  UPPERCASE_ROLE: { rule: 'R2', repairable: true, message: (role: string, written: string): string => `Role tokens are lowercase: ${role}, not ${written}.` },
  UNKNOWN_ROLE: {
    rule: 'R2',
    repairable: true,
    message: (written: string, roles: readonly string[], resolved: string | undefined): string =>
      `"${written}" is not a role token; use one of ${roles.join(', ')}${resolved === undefined ? '' : ` (here ${resolved})`}.`,
  },
  // R3 — an answer is one RESPONSE block with four labels, in the speaker's own role.
  UNCLOSED_RESPONSE: { rule: 'R3', repairable: false, message: (): string => 'The RESPONSE block is never closed; end it with [/RESPONSE].' },
  STRAY_CLOSE: { rule: 'R3', repairable: false, message: (): string => '[/RESPONSE] without an open [RESPONSE:role].' },
  TOKEN_INSIDE_RESPONSE: { rule: 'R3', repairable: false, message: (): string => 'A RESPONSE answers; it cannot invoke, broadcast or open another response. Close it first.' },
  RESPONSE_ROLE: {
    rule: 'R3',
    repairable: false,
    message: (speaker: string, written: string): string => `The speaker is ${speaker}: a RESPONSE carries the answering agent's own role, not ${written}.`,
  },
  WRONG_CLOSE: { rule: 'R3', repairable: true, message: (): string => 'Close a response with [/RESPONSE].' },
  RESPONSE_TOO_LONG: { rule: 'R3', repairable: false, message: (maxResponse: number): string => `A RESPONSE block is longer than ${maxResponse} characters; it is not read.` },
  RESPONSE_LABELS: {
    rule: 'R3',
    repairable: false,
    message: (missing: readonly string[]): string =>
      `A response has the labels ${labelNames}, spelled exactly, in this order${missing.length === 0 ? ' (they are out of order)' : `; missing: ${missing.join(', ')}`}.`,
  },
  NO_SUPPORTING_DATA: { rule: 'R3', repairable: false, message: (): string => 'Supporting data: needs at least one "- " bullet.' },
  CONFIDENCE_VOCABULARY: {
    rule: 'R3',
    repairable: true,
    message: (written: string, caseOnly: boolean): string => `Confidence is exactly high, medium or low — not "${written}"${caseOnly ? '' : '; when unsure, write low'}.`,
  },
  EMPTY_LABEL: { rule: 'R3', repairable: false, message: (): string => 'Key finding and Caveat need text.' },
  TEXT_AFTER_CAVEAT: { rule: 'R3', repairable: false, message: (): string => 'Nothing may follow Caveat: inside the response.' },
  MISSING_RESPONSE: { rule: 'R3', repairable: false, message: (role: string): string => `${role} did not answer with a [RESPONSE:${role}] block.` },
  // R4 — no self-invocation, no circular calls, at most two hops; a BLOCKED call owes an ASSUMPTION.
  SELF_INVOCATION: { rule: 'R4', repairable: false, barsCall: true, fixesLine: true, message: (shape: LoopShape): string => loopMessage(shape) },
  CIRCULAR_CALL: { rule: 'R4', repairable: false, barsCall: true, fixesLine: true, message: (shape: LoopShape): string => loopMessage(shape) },
  DEPTH_LIMIT: { rule: 'R4', repairable: false, barsCall: true, fixesLine: true, message: (shape: LoopShape): string => loopMessage(shape) },
  BLOCKED_WITHOUT_ASSUMPTION: {
    rule: 'R4',
    repairable: false,
    message: (role: string): string => `A BLOCKED call must be followed by its fallback: [ASSUMPTION: <figure or fact> — not verified with ${role}].`,
  },
  MALFORMED_BLOCKED: { rule: 'R4', repairable: false, message: (): string => 'Write [BLOCKED: cannot invoke <role> — <reason>].' },
  MALFORMED_CHAIN: { rule: 'R4', repairable: true, message: (): string => 'Write [CHAIN: a → b → c] with lowercase role tokens and → separators.' },
  PROSE_CHAIN: { rule: 'R4', repairable: false, message: (): string => 'Annotate the path with [CHAIN: a → b → c].' },
  // R5 — ASSUMPTION, CONFLICT and BROADCAST in their exact forms; only the ceo broadcasts.
  MALFORMED_ASSUMPTION: { rule: 'R5', repairable: false, message: (): string => 'Write [ASSUMPTION: <figure or fact> — not verified with <role>].' },
  MALFORMED_CONFLICT: { rule: 'R5', repairable: false, message: (): string => 'Write [CONFLICT: <role> says X; <role> says Y].' },
  MALFORMED_BROADCAST: {
    rule: 'R5',
    repairable: false,
    message: (bare: boolean): string =>
      bare ? 'A bare [BROADCAST] tag reads as a broadcast of the text after it; write [BROADCAST:all|question].' : 'Write [BROADCAST:all|question].',
  },
  BROADCAST_NOT_CEO: { rule: 'R5', repairable: false, barsCall: true, message: (speaker: string): string => `Only the ceo fans out to every role; ${speaker} should invoke the roles it needs.` },
  PROSE_BROADCAST: { rule: 'R5', repairable: false, message: (): string => 'Fan out with [BROADCAST:all|question], not prose.' },
  PROSE_ASSUMPTION: { rule: 'R5', repairable: false, message: (): string => 'Record an unverified figure as [ASSUMPTION: <figure or fact> — not verified with <role>].' },
  // R6 — no calls in the independent-analysis phase, no invocations in the critique phase.
  INVOKE_IN_INDEPENDENT_PHASE: {
    rule: 'R6',
    repairable: false,
    barsCall: true,
    message: (target: string): string => `No invocations in the independent-analysis phase: record [ASSUMPTION: <figure or fact> — not verified with ${target}] instead.`,
  },
  INVOKE_IN_CRITIQUE_PHASE: { rule: 'R6', repairable: false, barsCall: true, message: (target: string): string => `In the critique phase, reference ${target}'s output in prose; do not invoke it.` },
  BROADCAST_IN_PHASE: { rule: 'R6', repairable: false, barsCall: true, message: (phase: string): string => `No broadcasts in the ${phase} phase.` },
} as const;

/** The stable, machine-matchable code of a token violation, such as `PROSE_INVOCATION`. */
export type TokenViolationCode = keyof typeof tokenViolationRules;

/** The codes that bar a call from going out: what `enforce` blocks. */
export type BarringCode = { [Code in TokenViolationCode]: (typeof tokenViolationRules)[Code] extends { readonly barsCall: true } ? Code : never }[TokenViolationCode];

/** What the message of `code` is worded from. */
export type TokenViolationDetails<Code extends TokenViolationCode> = Parameters<(typeof tokenViolationRules)[Code]['message']>;

/** The codes whose rule entry has `flag` set. */
const codesWith = (flag: 'repairable' | 'fixesLine'): ReadonlySet<TokenViolationCode> =>
  new Set(
    (Object.keys(tokenViolationRules) as TokenViolationCode[]).filter((code) => (tokenViolationRules[code] as { readonly [Flag in typeof flag]?: boolean })[flag] === true),
  );

/** Codes whose fix is only a matter of form, which `repair` applies without asking. */
export const repairableCodes: ReadonlySet<TokenViolationCode> = codesWith('repairable');
/** Codes whose fix rewrites the whole line, not one token on it. */
export const lineFixCodes: ReadonlySet<TokenViolationCode> = codesWith('fixesLine');

/**
 * The rule, code and message of a violation of `code`, its message worded from `details`.
 *
 * @example
 * ```ts
 * import { describeTokenViolation } from '@parley/tokens';
 *
 * console.log(JSON.stringify(describeTokenViolation('TOKEN_CASE', 'INVOKE'))); // {"rule":"R1","code":"TOKEN_CASE","message":"Write INVOKE in upper case."}
 * ```
 */
export function describeTokenViolation<Code extends TokenViolationCode>(
  code: Code,
  ...details: TokenViolationDetails<Code>
): { readonly rule: TokenRule; readonly code: Code; readonly message: string } {
  if (details.length === 0) {
    // A message without details is the same every time: worded once.
    const known = fixedDescriptions.get(code);
    if (known !== undefined) return known as { readonly rule: TokenRule; readonly code: Code; readonly message: string };
  }
  const entry = tokenViolationRules[code];
  const description = { rule: entry.rule, code, message: (entry.message as (...words: readonly unknown[]) => string)(...details) };
  if (details.length === 0) fixedDescriptions.set(code, Object.freeze(description));
  return description;
}

const fixedDescriptions = new Map<TokenViolationCode, { readonly rule: TokenRule; readonly code: TokenViolationCode; readonly message: string }>();
