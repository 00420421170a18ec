import { InvalidArgumentError } from '@parley/core';
import { resolveCallRole } from './call-role';
import { requireTextList } from './require-text';
import type { RoleRegistry } from './role-registry';
import { foldRole } from './token-head';
import type { IsolationPhase } from './token-violation';

const phaseNames = new Map<string, IsolationPhase>([
  ['independent', 'independent'],
  ['independent-analysis', 'independent'],
  ['critique', 'critique'],
  ['open', 'open'],
]);

/** A phase name in any case and spacing (`Independent`, `independent analysis`) → the phase, or `undefined`. */
function phaseOf(value: string): IsolationPhase | undefined {
  let name = '';
  let gap = false;
  for (const character of value.trim().toLowerCase()) {
    if (character === ' ' || character === '_' || character === '-' || character === '\t') gap = name.length > 0;
    else {
      if (gap) name += '-';
      gap = false;
      name += character;
    }
  }
  return phaseNames.get(name);
}

/**
 * The isolation phase a caller asked for, read in any case and spacing. An option that names no
 * phase throws {@link InvalidArgumentError}: guessing `open` would lift the phase's bars.
 *
 * @internal
 */
export function readPhaseOption(value: unknown, argument: string, caller: string): IsolationPhase | undefined {
  if (value === undefined) return undefined;
  const phase = typeof value === 'string' ? phaseOf(value) : undefined;
  if (phase === undefined) {
    throw new InvalidArgumentError({ argument, message: `${caller} takes independent, critique or open as ${argument}, not ${JSON.stringify(value) ?? String(value)}.` });
  }
  return phase;
}

/**
 * The phase a stream's context names, read in any case and spacing; a phase of some other kind
 * (another package's) is not an isolation phase and reads as `undefined`.
 *
 * @internal
 */
export function readContextPhase(value: string | undefined): IsolationPhase | undefined {
  return value === undefined ? undefined : phaseOf(value);
}

/**
 * A chain as the loop guard needs it: each role read like the target of a call (case, look-alikes,
 * invisible characters, decorations, punctuation), then resolved through the registry (`CFO`, `finance` → `cfo`),
 * so a chain written loosely still bars what it should.
 *
 * @internal
 */
export function readChain(chain: unknown, registry: RoleRegistry, argument: string, caller: string): readonly string[] {
  requireTextList(chain, argument, caller);
  return chain.map((written) => resolveCallRole(written, registry) ?? foldRole(written).toLowerCase());
}
