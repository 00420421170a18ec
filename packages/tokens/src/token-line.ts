import { readBareBroadcast, readBroadcast, readInvoke } from './call-token';
import { openResponse } from './response-block';
import { checkRole } from './role-token';
import type { ScanContext } from './scan-context';
import { firstPipe, lastCloseBracket, type TokenHead } from './token-head';
import { describeTokenViolation } from './token-violation-rules';

/**
 * Reads one token from its head to the end of its segment of the line: the form every token
 * shares (R1: TOKEN_CASE, TOKEN_FORM, UNCLOSED_TOKEN, TEXT_AFTER_TOKEN; R3: STRAY_CLOSE,
 * TOKEN_INSIDE_RESPONSE), then the token's own reader — INVOKE and BROADCAST in `call-token.ts`,
 * RESPONSE in `response-block.ts`, BLOCKED, ASSUMPTION, CONFLICT and CHAIN here.
 *
 * @internal
 */
export function readTokenLine(context: ScanContext, trimmed: string, column: number, head: TokenHead): void {
  const at = context.lineNumber;
  const kind = head.keyword;
  if (kind === '/RESPONSE' || kind === 'END') {
    context.violate(at, { ...describeTokenViolation('STRAY_CLOSE'), column });
    return;
  }
  if (kind === 'RESPONSE' && context.response !== undefined) {
    context.violate(at, { ...describeTokenViolation('TOKEN_INSIDE_RESPONSE'), column });
    return;
  }
  if (head.bare === true) {
    readBareBroadcast(context, trimmed.slice(head.bodyStart), column);
    return;
  }
  // A head over several lines is reported once, as SPLIT_TOKEN, with a fix on one line.
  if (!head.exact && !context.split) {
    context.violate(at, { ...(head.caseOnly ? describeTokenViolation('TOKEN_CASE', kind) : describeTokenViolation('TOKEN_FORM', { opening: kind })), column, fix: `[${kind}:${trimmed.slice(head.bodyStart)}` });
  }
  let close = lastCloseBracket(trimmed, head.bodyStart, trimmed.length);
  // A call's pipe after its last `]` (`[INVOKE:[cfo]|burn?`): that `]` is the role's, and the call is unclosed.
  if (close >= 0 && (kind === 'INVOKE' || kind === 'BROADCAST') && firstPipe(trimmed, head.bodyStart, close) < 0 && firstPipe(trimmed, close + 1, trimmed.length) >= 0) close = -1;
  const body = trimmed.slice(head.bodyStart, close < 0 ? trimmed.length : close);
  if (close < 0) context.violate(at, { ...describeTokenViolation('UNCLOSED_TOKEN'), column, fix: `${trimmed}]` });
  else if (close !== trimmed.length - 1) context.violate(at, { ...describeTokenViolation('TEXT_AFTER_TOKEN'), column, fix: trimmed.slice(0, close + 1) });
  else if (trimmed[close] !== ']') context.violate(at, { ...describeTokenViolation('TOKEN_FORM', 'close'), column, fix: `${trimmed.slice(0, close)}]` });
  switch (kind) {
    case 'INVOKE':
      readInvoke(context, body, column);
      return;
    case 'RESPONSE':
      openResponse(context, body, column);
      return;
    case 'BLOCKED':
      readBlocked(context, body, trimmed, column);
      return;
    case 'ASSUMPTION':
      readAssumption(context, body, column);
      return;
    case 'CONFLICT':
      readConflict(context, body, column);
      return;
    case 'BROADCAST':
      readBroadcast(context, body, column);
      return;
    case 'CHAIN':
      readChainToken(context, body, column);
  }
}

/** R4: `[BLOCKED: cannot invoke <role> — <reason>]` (MALFORMED_BLOCKED); the next non-empty line owes its ASSUMPTION. */
function readBlocked(context: ScanContext, body: string, trimmed: string, column: number): void {
  const match = /^ ?cannot invoke (\S+) — (.+)$/.exec(body);
  if (match === null) {
    context.violate(context.lineNumber, { ...describeTokenViolation('MALFORMED_BLOCKED'), column });
    return;
  }
  const role = checkRole(context, match[1] ?? '', column, (fixed) => trimmed.replace(`invoke ${match[1]}`, `invoke ${fixed}`), true);
  context.blocked(role ?? match[1] ?? '');
  if (role !== undefined) context.token({ kind: 'blocked', role, reason: match[2] ?? '' }, context.lineNumber);
}

/** R5: `[ASSUMPTION: <figure or fact> — not verified with <role>]` (MALFORMED_ASSUMPTION). */
function readAssumption(context: ScanContext, body: string, column: number): void {
  const at = body.lastIndexOf(' — not verified with ');
  if (!body.startsWith(' ') || at < 0) {
    context.violate(context.lineNumber, { ...describeTokenViolation('MALFORMED_ASSUMPTION'), column });
    return;
  }
  const fact = body.slice(1, at);
  const written = body.slice(at + ' — not verified with '.length);
  const role = checkRole(context, written, column, (fixed) => `[ASSUMPTION: ${fact} — not verified with ${fixed}]`, true);
  if (role !== undefined && fact.trim() !== '') context.token({ kind: 'assumption', fact, role }, context.lineNumber);
}

/** R5: `[CONFLICT: <role> says X; <role> says Y]` (MALFORMED_CONFLICT). */
function readConflict(context: ScanContext, body: string, column: number): void {
  const match = /^ (\S+) says (.+?); (\S+) says (.+)$/.exec(body);
  if (match === null) {
    context.violate(context.lineNumber, { ...describeTokenViolation('MALFORMED_CONFLICT'), column });
    return;
  }
  const [, firstRole = '', firstClaim = '', secondRole = '', secondClaim = ''] = match;
  const first = checkRole(context, firstRole, column, (fixed) => `[CONFLICT: ${fixed} says ${firstClaim}; ${secondRole} says ${secondClaim}]`);
  const second = checkRole(context, secondRole, column, (fixed) => `[CONFLICT: ${firstRole} says ${firstClaim}; ${fixed} says ${secondClaim}]`);
  if (first !== undefined && second !== undefined) context.token({ kind: 'conflict', first: { role: first, claim: firstClaim }, second: { role: second, claim: secondClaim } }, context.lineNumber);
}

/** R4: `[CHAIN: a → b → c]` with role tokens and → separators (MALFORMED_CHAIN, fixed when every name resolves). */
function readChainToken(context: ScanContext, body: string, column: number): void {
  const { registry } = context.options;
  const parts = body.trim().split(' → ');
  const resolved = parts.map((part) => (registry.isRole(part) ? part : undefined));
  if (!body.startsWith(' ') || resolved.some((role) => role === undefined)) {
    const names = body.split(/[→,>]|->/).map((part) => part.trim()).filter((part) => part.length > 0);
    const roles = names.map((name) => (registry.isRole(name) ? name : registry.resolve(name)));
    context.violate(context.lineNumber, {
      ...describeTokenViolation('MALFORMED_CHAIN'),
      column,
      ...(roles.every((role) => role !== undefined) && roles.length > 0 ? { fix: `[CHAIN: ${roles.join(' → ')}]` } : {}),
    });
    return;
  }
  context.token({ kind: 'chain', roles: resolved as string[] }, context.lineNumber);
}
