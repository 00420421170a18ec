import type { RoleRegistry } from './role-registry';
import type { ScanViolation } from './scan-context';
import { describeTokenViolation } from './token-violation-rules';

const broadcastPrefixes = ['everyone', 'all roles', 'all', 'team'] as const;
const greetings = ['hey ', 'hi ', 'hello ', 'dear ', 'ok ', 'okay '] as const;
const chainPrefixes = ['chain so far:', 'chain:'] as const;

/**
 * The common mistakes of a line with no token on it: a call, broadcast, chain or assumption
 * written in prose where the protocol wants its token — `INVOKE cfo: …` (R1 INVOKE_FORM),
 * `Hey CFO, …` (R1 PROSE_INVOCATION), `Everyone: …` (R5 PROSE_BROADCAST), `Chain so far: …` (R4
 * PROSE_CHAIN), `Assuming …` (R5 PROSE_ASSUMPTION). The first that applies, with its token as the
 * fix where it can be derived; `undefined` for plain prose.
 *
 * @internal
 */
export function proseMistake(trimmed: string, registry: RoleRegistry): ScanViolation | undefined {
  const lower = trimmed.toLowerCase();
  const resolveName = (name: string): string | undefined => (registry.isRole(name.trim()) ? name.trim() : registry.resolve(name));

  // "INVOKE cfo: question" (the wrong form of R1).
  if (lower.startsWith('invoke ')) {
    const rest = trimmed.slice('invoke '.length).trimStart();
    const separator = firstOf(rest, ':,');
    if (separator > 0) {
      const role = resolveName(rest.slice(0, separator));
      const question = rest.slice(separator + 1).trim();
      return { ...describeTokenViolation('INVOKE_FORM'), ...(role === undefined || question === '' ? {} : { fix: `[INVOKE:${role}|${question}]` }) };
    }
  }

  // "Everyone: …" → BROADCAST.
  for (const prefix of broadcastPrefixes) {
    if (!lower.startsWith(prefix)) continue;
    const rest = trimmed.slice(prefix.length).trimStart();
    if (rest.startsWith(':') || rest.startsWith(',')) {
      const question = rest.slice(1).trim();
      return { ...describeTokenViolation('PROSE_BROADCAST'), ...(question === '' ? {} : { fix: `[BROADCAST:all|${capitalize(question)}]` }) };
    }
  }

  // "Hey CFO, …", "@HR …", "CFO, can we …?" → INVOKE.
  let rest = trimmed;
  let greeted = false;
  for (const greeting of greetings) {
    if (lower.startsWith(greeting)) {
      rest = trimmed.slice(greeting.length).trimStart();
      greeted = true;
      break;
    }
  }
  if (rest.startsWith('@')) {
    rest = rest.slice(1);
    greeted = true;
  }
  const separator = firstOf(rest.slice(0, 40), ',:');
  const space = rest.indexOf(' ');
  const named = separator > 0 ? rest.slice(0, separator) : greeted && space > 0 ? rest.slice(0, space) : '';
  const role = named === '' ? undefined : registry.resolve(named);
  if (role !== undefined && (greeted || (separator > 0 && trimmed.endsWith('?')))) {
    const question = rest.slice(named.length).replace(/^[,:]/, '').trim();
    return { ...describeTokenViolation('PROSE_INVOCATION', role), ...(question === '' ? {} : { fix: `[INVOKE:${role}|${capitalize(question)}]` }) };
  }

  // "Chain so far: Revenue Agent, then Finance, then Ops" → CHAIN.
  for (const prefix of chainPrefixes) {
    if (!lower.startsWith(prefix)) continue;
    const list = trimmed.slice(prefix.length);
    const names = list
      .split('→').join(',').split('->').join(',').split(' then ').join(',')
      .split(',')
      .map((part) => trimEnd(part.trim(), '.').trim())
      .map((part) => (part.toLowerCase().startsWith('then ') ? part.slice(5).trim() : part))
      .filter((part) => part.length > 0);
    const roles = names.map((name) => registry.resolve(name));
    return { ...describeTokenViolation('PROSE_CHAIN'), ...(roles.length > 0 && roles.every((candidate) => candidate !== undefined) ? { fix: `[CHAIN: ${roles.join(' → ')}]` } : {}) };
  }

  // "Assuming runway is about 12 months…" → ASSUMPTION.
  if (lower.startsWith('assuming ')) return describeTokenViolation('PROSE_ASSUMPTION');
  return undefined;
}

/** The first index in `text` of any of `characters`, or -1. */
function firstOf(text: string, characters: string): number {
  for (let index = 0; index < text.length; index += 1) if (characters.includes(text[index] as string)) return index;
  return -1;
}

function trimEnd(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

const capitalize = (text: string): string => (text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1));
