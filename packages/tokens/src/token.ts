import { z } from 'zod';

/** The three response confidences (R3): lower case, a scale of its own. */
export const tokenConfidences: readonly ['high', 'medium', 'low'] = ['high', 'medium', 'low'] as const;

const role = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'a lowercase role token');
const text = z.string().min(1).refine((value) => !value.includes('\n'), 'one line');

// The schemas' zod types, written out so the public declarations need no inference
// (`isolatedDeclarations`); token.test-d.ts checks what they parse to.
type Strict<Fields extends z.core.$ZodLooseShape> = z.ZodObject<Fields, z.core.$strict>;
type InvokeSchemaType = Strict<{ kind: z.ZodLiteral<'invoke'>; role: z.ZodString; question: z.ZodString }>;
type ResponseSchemaType = Strict<{
  kind: z.ZodLiteral<'response'>;
  role: z.ZodString;
  keyFinding: z.ZodString;
  supportingData: z.ZodArray<z.ZodString>;
  confidence: z.ZodEnum<{ [Confidence in (typeof tokenConfidences)[number]]: Confidence }>;
  caveat: z.ZodString;
}>;
type BlockedSchemaType = Strict<{ kind: z.ZodLiteral<'blocked'>; role: z.ZodString; reason: z.ZodString }>;
type AssumptionSchemaType = Strict<{ kind: z.ZodLiteral<'assumption'>; fact: z.ZodString; role: z.ZodString }>;
type ClaimSchemaType = Strict<{ role: z.ZodString; claim: z.ZodString }>;
type ConflictSchemaType = Strict<{ kind: z.ZodLiteral<'conflict'>; first: ClaimSchemaType; second: ClaimSchemaType }>;
type BroadcastSchemaType = Strict<{ kind: z.ZodLiteral<'broadcast'>; question: z.ZodString }>;
type ChainSchemaType = Strict<{ kind: z.ZodLiteral<'chain'>; roles: z.ZodArray<z.ZodString> }>;
type TokenSchemaType = z.ZodDiscriminatedUnion<
  [InvokeSchemaType, ResponseSchemaType, BlockedSchemaType, AssumptionSchemaType, ConflictSchemaType, BroadcastSchemaType, ChainSchemaType],
  'kind'
>;

/** `[INVOKE:role|question]` (R1). */
export const InvokeSchema: InvokeSchemaType = z.strictObject({ kind: z.literal('invoke'), role, question: text });
/** `[RESPONSE:role] … [/RESPONSE]` (R3). */
export const ResponseSchema: ResponseSchemaType = z.strictObject({
  kind: z.literal('response'),
  role,
  keyFinding: text,
  supportingData: z.array(text).min(1),
  confidence: z.enum(tokenConfidences),
  caveat: text,
});
/** `[BLOCKED: cannot invoke role — reason]` (R4). */
export const BlockedSchema: BlockedSchemaType = z.strictObject({ kind: z.literal('blocked'), role, reason: text });
/** `[ASSUMPTION: fact — not verified with role]` (R5). */
export const AssumptionSchema: AssumptionSchemaType = z.strictObject({ kind: z.literal('assumption'), fact: text, role });
/** `[CONFLICT: role says X; role says Y]` (R5). */
export const ConflictSchema: ConflictSchemaType = z.strictObject({
  kind: z.literal('conflict'),
  first: z.strictObject({ role, claim: text }),
  second: z.strictObject({ role, claim: text }),
});
/** `[BROADCAST:all|question]` (R5). */
export const BroadcastSchema: BroadcastSchemaType = z.strictObject({ kind: z.literal('broadcast'), question: text });
/** `[CHAIN: a → b → c]` (R4). */
export const ChainSchema: ChainSchemaType = z.strictObject({ kind: z.literal('chain'), roles: z.array(role).min(1) });

/** Any token of the protocol. */
export const TokenSchema: TokenSchemaType = z.discriminatedUnion('kind', [InvokeSchema, ResponseSchema, BlockedSchema, AssumptionSchema, ConflictSchema, BroadcastSchema, ChainSchema]);

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
