/**
 * Something an envelope or its response text does wrong.
 *
 * `rule` names the protocol clause: `D6` (the envelope is the whole response), `D5` (no raw
 * secrets), `D7` (no markup: triple backticks, HTML), `D11` (nothing that breaks the document or
 * runs code: `---` lines, `javascript:`/`data:` URLs), `SCHEMA`, `YAML` (safe parsing),
 * `COMPRESSION` (caveman-ultra and security-autoclarity), `REF`.
 */
export interface EnvelopeViolation {
  readonly rule: 'D5' | 'D6' | 'D7' | 'D11' | 'SCHEMA' | 'YAML' | 'COMPRESSION' | 'REF';
  /** Stable, machine-matchable, such as `"PROSE_AFTER_FENCE"`. */
  readonly code: string;
  /** Where: a field path such as `findings[0].note`, or `""` for the response as a whole. */
  readonly path: string;
  /** What is wrong and what would be right. */
  readonly message: string;
}

/** Formats a field path from its parts: `['findings', 0, 'note']` → `findings[0].note`. */
export function formatPath(parts: ReadonlyArray<string | number | symbol>): string {
  let path = '';
  for (const part of parts) {
    if (typeof part === 'number') path += `[${part}]`;
    else path += path === '' ? String(part) : `.${String(part)}`;
  }
  return path;
}
