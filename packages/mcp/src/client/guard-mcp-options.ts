import { InvalidArgumentError } from '@parley/core';
import { createSecretGuard, type SecretGuard } from '@parley/redaction/guard';

/** Options of {@link guardMcpClient} and {@link guardMcpTransport}. */
export interface GuardMcpOptions {
  /**
   * The guard whose strategies apply (`toolResults` for tool results, resource reads, errors and
   * log messages; `input` for prompts and sampling requests) and whose `restoreFor` lists the tools
   * that get real values back for placeholders. Share it with the model adapter of the same session
   * so both speak the same placeholders. Default `createSecretGuard()`: every secret redacted.
   */
  readonly guard?: SecretGuard;
}

const guardMethods = ['guardText', 'guardTextSync', 'guardValue', 'restoreToolArguments'] as const;

/** The guard the options name, or a new redacting one; a typed error for anything else. @internal */
export function guardFrom(options: GuardMcpOptions | undefined, caller: string): SecretGuard {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new InvalidArgumentError({ argument: 'options', message: `${caller}() takes an options object ({ guard }) or nothing.` });
  }
  const guard = options?.guard;
  if (guard === undefined) return createSecretGuard();
  if (typeof guard !== 'object' || guard === null || guardMethods.some((name) => typeof (guard as unknown as Record<string, unknown>)[name] !== 'function')) {
    throw new InvalidArgumentError({ argument: 'options.guard', message: `${caller}(): options.guard must be a SecretGuard from createSecretGuard() (@parley/redaction/guard).` });
  }
  return guard;
}
