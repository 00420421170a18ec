import { z } from 'zod';

/** The three response confidences (R3): lower case, a scale of its own. */
export const tokenConfidences = ['high', 'medium', 'low'] as const;

const role = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'a lowercase role token');
const text = z.string().min(1).refine((value) => !value.includes('\n'), 'one line');

/** `[INVOKE:role|question]` (R1). */
export const InvokeSchema = z.strictObject({ kind: z.literal('invoke'), role, question: text });
/** `[RESPONSE:role] … [/RESPONSE]` (R3). */
export const ResponseSchema = z.strictObject({
  kind: z.literal('response'),
  role,
  keyFinding: text,
  supportingData: z.array(text).min(1),
  confidence: z.enum(tokenConfidences),
  caveat: text,
});
/** `[BLOCKED: cannot invoke role — reason]` (R4). */
export const BlockedSchema = z.strictObject({ kind: z.literal('blocked'), role, reason: text });
/** `[ASSUMPTION: fact — not verified with role]` (R5). */
export const AssumptionSchema = z.strictObject({ kind: z.literal('assumption'), fact: text, role });
/** `[CONFLICT: role says X; role says Y]` (R5). */
export const ConflictSchema = z.strictObject({
  kind: z.literal('conflict'),
  first: z.strictObject({ role, claim: text }),
  second: z.strictObject({ role, claim: text }),
});
/** `[BROADCAST:all|question]` (R5). */
export const BroadcastSchema = z.strictObject({ kind: z.literal('broadcast'), question: text });
/** `[CHAIN: a → b → c]` (R4). */
export const ChainSchema = z.strictObject({ kind: z.literal('chain'), roles: z.array(role).min(1) });

/** Any token of the protocol. */
export const TokenSchema = z.discriminatedUnion('kind', [InvokeSchema, ResponseSchema, BlockedSchema, AssumptionSchema, ConflictSchema, BroadcastSchema, ChainSchema]);

/** A token of the protocol. */
export type Token = z.output<typeof TokenSchema>;
/** A token of one kind, such as `TokenOf<'invoke'>`. */
export type TokenOf<Kind extends Token['kind']> = Extract<Token, { kind: Kind }>;

/** Writes a token in its exact protocol form. */
export function serializeToken(token: Token): string {
  switch (token.kind) {
    case 'invoke':
      return `[INVOKE:${token.role}|${token.question}]`;
    case 'response':
      return [
        `[RESPONSE:${token.role}]`,
        `Key finding: ${token.keyFinding}`,
        'Supporting data:',
        ...token.supportingData.map((item) => `- ${item}`),
        `Confidence: ${token.confidence}`,
        `Caveat: ${token.caveat}`,
        '[/RESPONSE]',
      ].join('\n');
    case 'blocked':
      return `[BLOCKED: cannot invoke ${token.role} — ${token.reason}]`;
    case 'assumption':
      return `[ASSUMPTION: ${token.fact} — not verified with ${token.role}]`;
    case 'conflict':
      return `[CONFLICT: ${token.first.role} says ${token.first.claim}; ${token.second.role} says ${token.second.claim}]`;
    case 'broadcast':
      return `[BROADCAST:all|${token.question}]`;
    case 'chain':
      return `[CHAIN: ${token.roles.join(' → ')}]`;
  }
}
