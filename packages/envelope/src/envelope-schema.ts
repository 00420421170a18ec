import { z } from 'zod';

/** The envelope statuses, from best to worst. */
export const envelopeStatuses = ['ok', 'partial', 'blocked', 'error', 'malformed'] as const;
/** A finding's severity, from least to most severe. */
export const severities = ['info', 'low', 'medium', 'high', 'critical'] as const;

/** One of {@link envelopeStatuses}. */
export type EnvelopeStatus = (typeof envelopeStatuses)[number];
/** One of {@link severities}. */
export type Severity = (typeof severities)[number];

// The schemas' zod types, written out so the public declarations need no inference
// (`isolatedDeclarations`); the package's type test checks what they parse to.
type FindingFields = {
  category: z.ZodString;
  severity: z.ZodEnum<{ [Level in Severity]: Level }>;
  note: z.ZodString;
  path: z.ZodOptional<z.ZodString>;
  line: z.ZodOptional<z.ZodNumber>;
  fix: z.ZodOptional<z.ZodString>;
};
type FindingSchemaType = z.ZodObject<FindingFields, z.core.$strict>;
type EnvelopeFields = {
  schema_version: z.ZodLiteral<'1'>;
  status: z.ZodEnum<{ [Status in EnvelopeStatus]: Status }>;
  summary: z.ZodString;
  findings: z.ZodDefault<z.ZodArray<FindingSchemaType>>;
  next_actions: z.ZodDefault<z.ZodArray<z.ZodString>>;
  open_questions: z.ZodDefault<z.ZodArray<z.ZodString>>;
  artifacts: z.ZodDefault<z.ZodArray<z.ZodString>>;
  reported_by: z.ZodArray<z.ZodString>;
  degraded_reason: z.ZodOptional<z.ZodString>;
  _marker: z.ZodOptional<z.ZodString>;
};

/** One finding a subagent reports. */
export const FindingSchema: FindingSchemaType = z.strictObject({
  /** A free word; security categories force normal prose in `note` (see `isSecurityFinding`). */
  category: z.string().min(1).describe('free word, such as structure or authn; verbatim'),
  severity: z.enum(severities).describe('info | low | medium | high | critical; verbatim'),
  note: z.string().describe('caveman-ultra, unless security-autoclarity applies (then normal prose)'),
  path: z.string().min(1).optional().describe('file path; verbatim'),
  line: z.number().int().positive().optional().describe('line number; verbatim'),
  fix: z.string().optional().describe('code or patch; verbatim'),
});

/** The subagent → parent envelope: the one fenced YAML block a subagent answers with. */
export const EnvelopeSchema: z.ZodObject<EnvelopeFields, z.core.$strict> = z
  .strictObject({
    schema_version: z.literal('1').describe('always "1" (quoted); verbatim'),
    status: z.enum(envelopeStatuses).describe('ok | partial | blocked | error | malformed; verbatim'),
    summary: z.string().min(1).describe('caveman-ultra'),
    findings: z.array(FindingSchema).default([]).describe('zero or more findings'),
    next_actions: z.array(z.string().min(1)).default([]).describe('caveman-ultra'),
    open_questions: z.array(z.string().min(1)).default([]).describe('caveman-ultra'),
    artifacts: z
      .array(z.string().regex(/^<REF:[^<>\s]+>$/, 'an artifact must be a <REF:…> token'))
      .default([])
      .describe('large or sensitive blobs by reference: <REF:path#sha256:<64 hex>#size:<bytes>>'),
    reported_by: z.array(z.string().min(1)).min(1).describe('the reporting agents; verbatim'),
    degraded_reason: z.string().min(1).optional().describe('only with status: malformed'),
    _marker: z.string().optional().describe('for the parent only; stripped, never forwarded'),
  })
  .superRefine((envelope, context) => {
    if (envelope.status === 'malformed' && envelope.degraded_reason === undefined) {
      context.addIssue({ code: 'custom', path: ['degraded_reason'], message: 'status malformed needs a degraded_reason' });
    }
    if (envelope.status !== 'malformed' && envelope.degraded_reason !== undefined) {
      context.addIssue({ code: 'custom', path: ['degraded_reason'], message: 'degraded_reason is only allowed with status malformed' });
    }
  });

/** A validated envelope. */
export type Envelope = z.output<typeof EnvelopeSchema>;
/** One finding of an {@link Envelope}. */
export type Finding = z.output<typeof FindingSchema>;

/** The envelope as JSON Schema (draft 2020-12), for structured-output APIs and other tools. */
export function envelopeJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(EnvelopeSchema, { io: 'input' }) as Record<string, unknown>;
}
