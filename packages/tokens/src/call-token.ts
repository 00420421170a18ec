import { barCall, type CallBar, type LoopCode } from './barred-call';
import { resolveCallRole, splitWithoutPipe, unknownRoleName } from './call-role';
import { checkRole } from './role-token';
import type { ScanContext } from './scan-context';
import { serializeToken } from './token';
import { firstPipe, foldRole } from './token-head';
import { describeTokenViolation } from './token-violation-rules';

/** The token is written over a line break: reported once, with the fix on one line. */
const splitToken = describeTokenViolation('SPLIT_TOKEN');

/**
 * `[INVOKE:role|question]`: its form (R1: MISSING_PIPE, TOKEN_FORM, SPLIT_TOKEN, EMPTY_QUESTION),
 * its role (R2), and whether the chain and phase let it go out (R4, R6). The call is reported as
 * a lenient reader would route it, in any spelling.
 *
 * @internal
 */
export function readInvoke(context: ScanContext, body: string, column: number): void {
  const { registry, phase } = context.options;
  const at = context.lineNumber;
  let pipe = firstPipe(body, 0, body.length);
  let written: string;
  let question: string;
  if (pipe < 0) {
    // A space, comma, colon, semicolon, slash or `>` where the pipe belongs (`[INVOKE:cfo:burn?]`).
    ({ written, question } = splitWithoutPipe(body));
    pipe = -1;
  } else {
    written = body.slice(0, pipe);
    question = body.slice(pipe + 1);
  }
  const folded = foldRole(written);
  const fixedRole = registry.isRole(folded) ? folded : registry.resolve(folded);
  if (context.split) {
    context.violate(at, { ...splitToken, column, ...(fixedRole === undefined || pipe < 0 ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }) });
  } else if (pipe < 0) {
    context.violate(at, { ...describeTokenViolation('MISSING_PIPE'), column, ...(fixedRole === undefined || question === '' ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }) });
  } else if (body[pipe] !== '|' || (written !== folded && fixedRole !== undefined)) {
    context.violate(at, { ...describeTokenViolation('TOKEN_FORM', 'invoke'), column, ...(fixedRole === undefined ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }) });
  }
  const role = pipe < 0 ? undefined : checkRole(context, folded, column, (fixed) => `[INVOKE:${fixed}|${question}]`);
  if (question.trim() === '') context.violate(at, { ...describeTokenViolation('EMPTY_QUESTION'), column });
  // The target as every reader of a call reads it (the guard, the council, a lenient router).
  const routed = role ?? resolveCallRole(written, registry, context.options.chain);
  // In an isolation phase every invocation is barred, to a role the registry knows or not.
  const target = routed ?? (phase === 'independent' || phase === 'critique' ? unknownRoleName(written) : undefined);
  if (target !== undefined) {
    const bar = guardInvoke(context, target, column);
    context.call({ kind: 'invoke', role: target, question, bar, routable: !context.insideResponse });
  }
  // The token listed is the call as it is routed: a role the registry knows, and a question.
  if (routed !== undefined && question.trim() !== '') context.token({ kind: 'invoke', role: routed, question }, at);
}

/** R6 then R4 for an INVOKE of `target`: reports what bars it and returns the first bar. */
function guardInvoke(context: ScanContext, target: string, column: number): CallBar | undefined {
  const { chain, phase } = context.options;
  const at = context.lineNumber;
  if (phase === 'independent') context.violate(at, { ...describeTokenViolation('INVOKE_IN_INDEPENDENT_PHASE', target), column });
  else if (phase === 'critique') context.violate(at, { ...describeTokenViolation('INVOKE_IN_CRITIQUE_PHASE', target), column });
  const bar = barCall('invoke', target, chain ?? [], phase ?? 'open');
  if (chain === undefined || chain.length === 0) return bar;
  // In the open phase only the loop guard can bar an INVOKE.
  const loop = barCall('invoke', target, chain, 'open');
  if (loop === undefined) return bar;
  context.violate(at, { ...describeTokenViolation(loop.code as LoopCode, { target, reason: loop.reason }), column, fix: serializeToken({ kind: 'blocked', role: target, reason: loop.reason }) });
  return bar;
}

/**
 * `[BROADCAST:all|question]`: its form (R1 TOKEN_FORM or SPLIT_TOKEN, R5 MALFORMED_BROADCAST),
 * only from the ceo at the head of its chain (R5 BROADCAST_NOT_CEO, R4 CIRCULAR_CALL), and none in
 * an isolation phase (R6 BROADCAST_IN_PHASE).
 *
 * @internal
 */
export function readBroadcast(context: ScanContext, body: string, column: number): void {
  const at = context.lineNumber;
  const pipe = firstPipe(body, 0, body.length);
  const target = pipe < 0 ? '' : body.slice(0, pipe);
  const question = pipe < 0 ? body.replace(/^\s*all[\s,]*/i, '') : body.slice(pipe + 1);
  const { chain = [], phase = 'open' } = context.options;
  const bar = barCall('broadcast', 'all', chain, phase);
  context.call({ kind: 'broadcast', role: 'all', question, bar, routable: !context.insideResponse });
  if (pipe < 0 || target !== 'all' || body[pipe] !== '|' || context.split) {
    const fix = question.trim() === '' ? {} : { fix: `[BROADCAST:all|${question}]` };
    const all = pipe >= 0 && foldRole(target).toLowerCase() === 'all';
    if (context.split) context.violate(at, { ...splitToken, column, ...(all ? fix : {}) });
    if (all && !context.split) context.violate(at, { ...describeTokenViolation('TOKEN_FORM', 'broadcast'), column, ...fix });
    else if (!all) context.violate(at, { ...describeTokenViolation('MALFORMED_BROADCAST', false), column, ...fix });
    // A broadcast in any form is one in an isolation phase (R6).
    if (phase === 'independent' || phase === 'critique') context.violate(at, { ...describeTokenViolation('BROADCAST_IN_PHASE', phase), column });
    return;
  }
  const speaker = chain.at(-1);
  if (speaker !== undefined && speaker !== 'ceo') {
    context.violate(at, { ...describeTokenViolation('BROADCAST_NOT_CEO', speaker), column });
  } else if (chain.length > 1) {
    context.violate(at, { ...describeTokenViolation('CIRCULAR_CALL', { broadcastFrom: speaker as string, upstream: chain[0] as string }), column });
  }
  if (phase === 'independent' || phase === 'critique') context.violate(at, { ...describeTokenViolation('BROADCAST_IN_PHASE', phase), column });
  if (question.trim() !== '') context.token({ kind: 'broadcast', question }, at);
}

/** A bare `[BROADCAST]` tag with prose after it: a broadcast of that prose, to a reader (R5 MALFORMED_BROADCAST). */
export function readBareBroadcast(context: ScanContext, after: string, column: number): void {
  const question = after.trim();
  const { chain = [], phase = 'open' } = context.options;
  context.call({ kind: 'broadcast', role: 'all', question, bar: barCall('broadcast', 'all', chain, phase), routable: !context.insideResponse });
  context.violate(context.lineNumber, { ...describeTokenViolation('MALFORMED_BROADCAST', true), column, ...(question === '' ? {} : { fix: `[BROADCAST:all|${question}]` }) });
  if (phase === 'independent' || phase === 'critique') context.violate(context.lineNumber, { ...describeTokenViolation('BROADCAST_IN_PHASE', phase), column });
}
