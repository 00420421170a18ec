import { readFile } from 'node:fs/promises';
import { type GitleaksRules, InvalidRuleError, rulesFromGitleaksConfig } from '@parley/redaction';
import { quoteArgument } from './quote-argument';
import { UsageError } from './usage-error';

/** The most a rules config may hold: 1 MiB (gitleaks' own default config is about 100 KB). */
const MAX_CONFIG_BYTES = 1_048_576;

/**
 * Reads a gitleaks-style TOML config for `parley redact --config`: its rules and global
 * allowlist, checked. Anything wrong is one usage error line naming the file and, for a rule,
 * its id, the field and the problem. smol-toml is loaded only here, when a config is given.
 */
export async function readRulesConfig(path: string): Promise<GitleaksRules> {
  const name = quoteArgument(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new UsageError({ message: `cannot read the rules config ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, cause: error });
  }
  if (bytes.length > MAX_CONFIG_BYTES) throw new UsageError({ message: `the rules config ${name} is larger than 1 MiB` });
  const { parse } = await import('smol-toml');
  let parsed: unknown;
  try {
    parsed = parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    const detail = error as { message?: string; line?: number; column?: number };
    const first = (detail.message ?? String(error)).split('\n')[0] ?? '';
    const where = detail.line === undefined ? '' : ` (line ${detail.line}, column ${detail.column ?? 0})`;
    throw new UsageError({ message: `${name} is not valid TOML${where}: ${first}`, cause: error });
  }
  try {
    return rulesFromGitleaksConfig(parsed);
  } catch (error) {
    if (InvalidRuleError.isInstance(error)) throw new UsageError({ message: `${name}: ${error.message}`, cause: error });
    throw error;
  }
}
