import type { CommandContext } from './command';
import { UsageError } from './usage-error';

/**
 * The value of a string option that must be one of `choices` (`--format json|pretty`), or
 * `fallback` when it is not given; anything else is a usage error naming the choices.
 */
export function choiceOption<Choice extends string>(values: CommandContext['values'], name: string, choices: readonly Choice[], fallback: Choice): Choice {
  const value = values[name];
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as Choice;
  throw new UsageError({ message: `--${name} must be ${choices.slice(0, -1).join(', ')}${choices.length > 1 ? ' or ' : ''}${choices.at(-1) ?? ''}` });
}
