/**
 * The clause an envelope violation breaks: `D5` (no raw secrets), `D6` (the envelope is the whole
 * response), `D7` (no markup: triple backticks, HTML), `D11` (nothing that breaks the document or
 * runs code: `---` lines, `javascript:`/`data:` URLs), and the package's named families `SCHEMA`
 * (the envelope's fields), `YAML` (safe parsing), `COMPRESSION` (caveman-ultra and
 * security-autoclarity) and `REF` (references to blobs and artifacts).
 */
export type EnvelopeRule = 'D5' | 'D6' | 'D7' | 'D11' | 'SCHEMA' | 'YAML' | 'COMPRESSION' | 'REF';

/**
 * Every code an envelope violation can carry, and the rule it belongs to: one table, so a reader
 * finds any code's clause in one hop and `EnvelopeViolationCode` is the literal union of its keys.
 *
 * @example
 * ```ts
 * import { envelopeViolationRules } from '@parley/envelope';
 *
 * console.log(envelopeViolationRules.PROSE_AFTER_FENCE); // D6
 * ```
 */
export const envelopeViolationRules = {
  // D6: exactly one ```yaml envelope, as the last content (envelope-detector.ts).
  PROSE_BEFORE_FENCE: 'D6',
  PROSE_AFTER_FENCE: 'D6',
  SECOND_BLOCK: 'D6',
  FENCE_NOT_YAML: 'D6',
  UNCLOSED_FENCE: 'D6',
  NO_ENVELOPE: 'D6',
  ENVELOPE_TOO_LARGE: 'D6',
  /** The reformat-only retry of parseSubagentResponse failed. */
  RETRY_FAILED: 'D6',
  // D5, D7, D11: forbidden content in a string value (forbidden-content.ts).
  RAW_SECRET: 'D5',
  TRIPLE_BACKTICKS: 'D7',
  HTML_TAG: 'D7',
  DOCUMENT_SEPARATOR: 'D11',
  DANGEROUS_URL: 'D11',
  // YAML: safe parsing (parse-yaml-safely.ts).
  YAML_TOO_LONG: 'YAML',
  YAML_TOO_DEEP: 'YAML',
  YAML_UNPARSABLE: 'YAML',
  YAML_SYNTAX: 'YAML',
  YAML_DUPLICATE_KEY: 'YAML',
  YAML_CUSTOM_TAG: 'YAML',
  YAML_ALIAS_BOMB: 'YAML',
  // SCHEMA: the envelope's fields, one code per kind of schema issue (parse-subagent-response.ts).
  SCHEMA_INVALID_TYPE: 'SCHEMA',
  SCHEMA_TOO_BIG: 'SCHEMA',
  SCHEMA_TOO_SMALL: 'SCHEMA',
  SCHEMA_INVALID_FORMAT: 'SCHEMA',
  SCHEMA_NOT_MULTIPLE_OF: 'SCHEMA',
  SCHEMA_UNRECOGNIZED_KEYS: 'SCHEMA',
  SCHEMA_INVALID_UNION: 'SCHEMA',
  SCHEMA_INVALID_KEY: 'SCHEMA',
  SCHEMA_INVALID_ELEMENT: 'SCHEMA',
  SCHEMA_INVALID_VALUE: 'SCHEMA',
  /** A cross-field rule of the schema (`degraded_reason` with `status: malformed`). */
  SCHEMA_CUSTOM: 'SCHEMA',
  /** A kind of schema issue this table does not name yet. */
  SCHEMA_OTHER: 'SCHEMA',
  // COMPRESSION: caveman-ultra and security-autoclarity (compression.ts).
  NOT_CAVEMAN: 'COMPRESSION',
  SECURITY_NOTE_COMPRESSED: 'COMPRESSION',
  NEGATION_NOT_LITERAL: 'COMPRESSION',
} as const;

/** A stable, machine-matchable envelope violation code: one of `envelopeViolationRules`. */
export type EnvelopeViolationCode = keyof typeof envelopeViolationRules;

/** The schema violation code of a schema library's issue code (`invalid_type` → `SCHEMA_INVALID_TYPE`). */
export function schemaViolationCode(issueCode: string): EnvelopeViolationCode {
  const code = `SCHEMA_${issueCode.toUpperCase()}`;
  return Object.hasOwn(envelopeViolationRules, code) ? (code as EnvelopeViolationCode) : 'SCHEMA_OTHER';
}
