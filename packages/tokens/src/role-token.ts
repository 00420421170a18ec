import type { ScanContext } from './scan-context';
import { describeTokenViolation } from './token-violation-rules';

/**
 * R2: checks a role token written in a token. Returns it when the registry knows it (or it is
 * `all`, where `allowAll`); otherwise reports UPPERCASE_ROLE or UNKNOWN_ROLE, with the token
 * rewritten around the role it resolves to as the fix where there is one, and returns `undefined`.
 *
 * @internal
 */
export function checkRole(context: ScanContext, written: string, column: number, rewrite: (role: string) => string, allowAll = false): string | undefined {
  const { registry } = context.options;
  const role = written.trim();
  if (registry.isRole(role) || (allowAll && role === 'all')) return role;
  const resolved = registry.resolve(role);
  const uppercase = resolved !== undefined && role.toLowerCase() === resolved;
  context.violate(context.lineNumber, {
    ...(uppercase ? describeTokenViolation('UPPERCASE_ROLE', resolved, role) : describeTokenViolation('UNKNOWN_ROLE', role, registry.roles, resolved)),
    column,
    ...(resolved === undefined ? {} : { fix: rewrite(resolved) }),
  });
  return undefined;
}
