/** Responses modelled on the source's good and bad examples. */

export const fence = (yaml: string): string => `\`\`\`yaml\n${yaml}\n\`\`\``;

/** good — a normal staff-engineer review. */
export const reviewYaml: string = [
  'schema_version: "1"',
  'status: ok',
  'summary: "rename ok. circular import via session -> auth."',
  'findings:',
  '  - category: structure',
  '    severity: low',
  '    note: "circular import session -> auth. move token check to auth/guard."',
  '    path: src/auth/session.ts',
  '    line: 42',
  '    fix: "import { verify } from \'./guard\';"',
  'next_actions: ["split guard module"]',
  'open_questions: []',
  'artifacts: []',
  'reported_by: ["staff-engineer"]',
  '_marker: "parent-only-7f3a"',
].join('\n');
export const review: string = fence(reviewYaml);

/** good — a security finding in normal prose, the secret replaced by a placeholder. */
export const securityYaml: string = [
  'schema_version: "1"',
  'status: blocked',
  'summary: "session token leak in logs. blocked pending rotation."',
  'findings:',
  '  - category: authn',
  '    severity: high',
  '    note: "The request logger writes the session token <REDACTED:SESSION_TOKEN> in plain text, so anyone with log access can take over a session. The token is not rotated on logout."',
  '    path: src/middleware/logger.ts',
  '    line: 17',
  'artifacts: ["<REF:artifacts[0]#L42>"]',
  'reported_by: ["security-reviewer"]',
].join('\n');
export const security: string = fence(securityYaml);

/** bad — prose after the closing fence. */
export const proseAfter: string = `${review}\n\nLet me know if you want me to fix the import as well!`;

/** bad — a secret leaked through a caveman abbreviation. */
export const abbreviatedLeak: string = fence(reviewYaml.replace('summary: "rename ok. circular import via session -> auth."', 'summary: "rotate AKIA...14 chars...; fix logger"'));
