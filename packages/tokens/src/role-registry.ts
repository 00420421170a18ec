import { requireText } from './require-text';

/** The 14 role tokens of the C-suite protocol (R2). */
export const defaultRoles = ['ceo', 'cfo', 'cro', 'cmo', 'cpo', 'cto', 'chro', 'coo', 'ciso', 'gc', 'cdo', 'caio', 'cco', 'vpe'] as const;

/** Jobs and common names → role tokens: the spec's table plus the aliases models reach for. */
export const defaultAliases: Readonly<Record<string, string>> = {
  ceo: 'ceo', 'chief executive': 'ceo', founder: 'ceo',
  finance: 'cfo', financial: 'cfo', cfo: 'cfo', treasury: 'cfo', accounting: 'cfo',
  revenue: 'cro', sales: 'cro',
  marketing: 'cmo', growth: 'cmo', brand: 'cmo',
  product: 'cpo', pm: 'cpo',
  technology: 'cto', tech: 'cto', architecture: 'cto',
  people: 'chro', hr: 'chro', 'human resources': 'chro', talent: 'chro', recruiting: 'chro',
  operations: 'coo', ops: 'coo',
  security: 'ciso', infosec: 'ciso', 'information security': 'ciso',
  legal: 'gc', counsel: 'gc', 'general counsel': 'gc', lawyer: 'gc',
  data: 'cdo', 'data strategy': 'cdo', analytics: 'cdo',
  ai: 'caio', ml: 'caio', 'ai/ml': 'caio', 'ai / ml': 'caio', evals: 'caio', 'machine learning': 'caio',
  'customer success': 'cco', retention: 'cco', support: 'cco', customer: 'cco',
  'chief executive officer': 'ceo', 'chief financial officer': 'cfo', 'chief revenue officer': 'cro', 'chief marketing officer': 'cmo',
  'chief product officer': 'cpo', 'chief technology officer': 'cto', 'chief technical officer': 'cto', 'chief people officer': 'chro',
  'chief human resources officer': 'chro', 'chief operating officer': 'coo', 'chief information security officer': 'ciso',
  'chief security officer': 'ciso', 'chief legal officer': 'gc', 'chief data officer': 'cdo', 'chief ai officer': 'caio',
  'chief customer officer': 'cco', 'vp eng': 'vpe',
  'vp of engineering': 'vpe', 'vp engineering': 'vpe', engineering: 'vpe', delivery: 'vpe',
};

/** An org chart: which role tokens exist, and which names map to them. */
export interface RoleRegistry {
  readonly roles: readonly string[];
  /** Whether `token` is a role token exactly as written (lowercase). */
  isRole(token: string): boolean;
  /**
   * The role token a name stands for, for proposing fixes: `CFO`, `finance`, `FinanceAgent`,
   * `cfo-advisor`, `HR`, `Revenue Agent` → their tokens; `undefined` when nothing fits.
   */
  resolve(name: string): string | undefined;
}

/**
 * Makes a registry: the 14 default roles and aliases, or another org chart (`roles`), with more
 * aliases (`aliases`, name → token).
 */
export function createRoleRegistry(options: { readonly roles?: readonly string[]; readonly aliases?: Readonly<Record<string, string>> } = {}): RoleRegistry {
  const roles = [...(options.roles ?? defaultRoles)];
  const known = new Set(roles);
  const aliases = new Map<string, string>();
  for (const [name, token] of Object.entries(options.roles === undefined ? defaultAliases : {})) aliases.set(name, token);
  for (const [name, token] of Object.entries(options.aliases ?? {})) aliases.set(name.toLowerCase(), token);
  for (const role of roles) aliases.set(role, role);
  const resolve = (name: string): string | undefined => {
    requireText(name, 'name', 'RoleRegistry.resolve');
    let key = name.trim().toLowerCase().replace(/^@/, '');
    for (const suffix of [' agent', 'agent', '-advisor', ' advisor', '-agent', ' team', ' department', ' lead']) {
      if (key.endsWith(suffix) && key.length > suffix.length) key = key.slice(0, -suffix.length).trim();
    }
    const token = aliases.get(key);
    return token !== undefined && known.has(token) ? token : undefined;
  };
  return { roles, isRole: (token) => known.has(token), resolve };
}
