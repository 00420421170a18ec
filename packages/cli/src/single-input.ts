import { quoteArgument } from './quote-argument';
import { UsageError } from './usage-error';

/** The one `<input>` positional of a command (a file path or `-`), or a usage error naming the command. */
export function singleInput(positionals: readonly string[], command: string): string {
  const [path, ...extra] = positionals;
  if (path === undefined) throw new UsageError({ message: 'missing <input> (a file path, or - for standard input)' });
  if (extra.length > 0) throw new UsageError({ message: `unexpected argument ${quoteArgument(extra[0] ?? '')}: ${command} takes one input` });
  return path;
}
