import { checkInvocation, MAX_DEPTH } from './loop-guard';
import { readPhaseOption } from './read-context';
import { requireText, requireTextList } from './require-text';
import { createRoleRegistry, type RoleRegistry } from './role-registry';
import { serializeToken } from './token';
import type { IsolationPhase } from './token-violation';

/** Options of {@link protocolPrompt}. */
export interface ProtocolPromptOptions {
  /** The agent's own role token. */
  readonly role: string;
  /** The path from the first caller to this agent, this agent last. Default `[role]`. */
  readonly chain?: readonly string[];
  readonly phase?: IsolationPhase;
  readonly registry?: RoleRegistry;
}

/**
 * The instructions that teach a model the protocol, generated from the registry, the serializers
 * and the loop guard (never hand-copied): the token forms, which roles this agent may invoke from
 * where it stands in the chain, the phase rules, and the response format.
 */
export function protocolPrompt(options: ProtocolPromptOptions): string {
  requireText(options?.role, 'options.role', 'protocolPrompt');
  if (options.chain !== undefined) requireTextList(options.chain, 'options.chain', 'protocolPrompt');
  const registry = options.registry ?? createRoleRegistry();
  const chain = options.chain ?? [options.role];
  const phase = readPhaseOption(options.phase, 'options.phase', 'protocolPrompt') ?? 'open';
  const example = (kind: Parameters<typeof serializeToken>[0]): string => `  ${serializeToken(kind).split('\n').join('\n  ')}`;
  const invocable = registry.roles.filter((role) => checkInvocation(chain, role).allowed);
  const barred = registry.roles
    .map((role) => [role, checkInvocation(chain, role)] as const)
    .flatMap(([role, decision]) => (decision.allowed ? [] : [`${role} (${decision.explanation})`]));
  const lines = [
    `You are the ${options.role} agent. Every message to another agent is a bracketed token on a line of its own — never prose, never "Hey …", "@…" or "Everyone:".`,
    `Role tokens, lowercase, exactly: ${registry.roles.join(', ')}.`,
    '',
    'Tokens:',
    example({ kind: 'invoke', role: '<role>', question: '<question>' }),
    'The first | after the role separates it from the question.',
    example({ kind: 'assumption', fact: '<figure or fact>', role: '<role>' }),
    example({ kind: 'conflict', first: { role: '<role>', claim: 'X' }, second: { role: '<role>', claim: 'Y' } }),
    example({ kind: 'chain', roles: chain.length > 1 ? [...chain] : ['<role>', '<role>'] }),
    ...(options.role === 'ceo' ? [example({ kind: 'broadcast', question: '<question>' })] : []),
    '',
    `Your chain: ${chain.join(' → ')} (depth ${chain.length - 1} of ${MAX_DEPTH}).`,
    phase === 'open' ? `You may invoke: ${invocable.length === 0 ? 'no one' : invocable.join(', ')}.` : '',
    barred.length === 0 ? '' : `You may not invoke: ${barred.join('; ')}. For those, write instead:`,
    barred.length === 0 ? '' : `${example({ kind: 'blocked', role: '<role>', reason: '<reason>' })}\n${example({ kind: 'assumption', fact: '<figure or fact>', role: '<role>' })}`,
    phase === 'independent' ? 'This is the independent-analysis phase: invoke no one. When you need another role\'s data, record an [ASSUMPTION: …] and go on.' : '',
    phase === 'critique' ? 'This is the critique phase: refer to other roles\' output in prose ("the cfo projection assumes …"), but invoke no one.' : '',
    'Surface disagreement between roles with [CONFLICT: …]; never silently pick one side.',
    '',
    'When you are asked, answer with exactly this block (labels spelled and ordered exactly, at least one bullet, confidence exactly high, medium or low — low when unsure):',
    example({ kind: 'response', role: options.role, keyFinding: '<one sentence>', supportingData: ['<data point>', '<data point>'], confidence: 'medium', caveat: '<the main assumption>' }),
  ];
  return lines.filter((line) => line !== '').join('\n');
}
