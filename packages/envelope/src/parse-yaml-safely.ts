import { excerpt, expectString } from '@parley/core';
import { isCollection, isMap, isPair, isScalar, parseDocument } from 'yaml';
import type { EnvelopeViolation } from './envelope-violation';
import type { EnvelopeViolationCode } from './envelope-violation-rules';
import { readLimit } from './read-limit';
import { expectOptionsObject } from './expect-options-object';

/** Limits of {@link parseYamlSafely}. */
export interface YamlLimits {
  /** Most aliases resolved (a billion-laughs bomb needs many). Default 20. */
  readonly maxAliasCount?: number;
  /** Deepest nesting of collections. Default 32. */
  readonly maxDepth?: number;
  /** Longest input, in characters. Default 256 K. */
  readonly maxLength?: number;
}

/** What {@link parseYamlSafely} produced: a plain value, or violations. */
export type SafeYamlResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly violations: EnvelopeViolation[] };

const core = new Set(['tag:yaml.org,2002:map', 'tag:yaml.org,2002:seq', 'tag:yaml.org,2002:str', 'tag:yaml.org,2002:int', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:bool', 'tag:yaml.org,2002:null']);

const fail = (code: EnvelopeViolationCode, message: string): SafeYamlResult => ({ ok: false, violations: [{ rule: 'YAML', code, path: '', message }] });

/** The deepest bracket nesting of flow collections, found without parsing (quotes are skipped). */
function flowDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let quote = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quote !== '') {
      if (character === '\\' && quote === '"') index += 1;
      else if (character === quote) quote = '';
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    else if (character === '#') {
      const newline = text.indexOf('\n', index);
      index = newline < 0 ? text.length : newline;
    } else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if ((character === ']' || character === '}') && depth > 0) depth -= 1;
  }
  return deepest;
}

/**
 * The first key of a map's `items` that an earlier key repeats (scalar keys of equal value, as the
 * `yaml` library compares them), quoted briefly; undefined when all differ. One set per map keeps
 * this linear: the library's own check compares each key with every earlier one.
 */
function repeatedKey(items: readonly unknown[]): string | undefined {
  const seen = new Set<unknown>();
  for (const item of items) {
    if (!isPair(item) || !isScalar(item.key)) continue;
    const value: unknown = item.key.value;
    if (seen.has(value)) {
      const text = String(value);
      return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
    }
    seen.add(value);
  }
  return undefined;
}

/**
 * Parses untrusted YAML into plain data, or says why not — never throws on any text, never hangs. A
 * limit that is not a whole number, 0 or more, is an `InvalidArgumentError` (NaN would disable it).
 *
 * YAML 1.2 core schema only: custom tags (`!!js/function`, `!custom`) are refused, keys must be
 * unique, aliases are capped (a billion-laughs bomb is refused at once), nesting is capped (checked
 * before parsing for flow collections, after for block ones), and the input length is capped.
 * `__proto__` keys become ordinary own properties: they cannot reach a prototype.
 */
export function parseYamlSafely(text: string, limits: YamlLimits = {}): SafeYamlResult {
  expectString(text, 'text');
  expectOptionsObject(limits, 'limits');
  const maxAliasCount = readLimit(limits.maxAliasCount, 'maxAliasCount', 20);
  const maxDepth = readLimit(limits.maxDepth, 'maxDepth', 32);
  const maxLength = readLimit(limits.maxLength, 'maxLength', 256 * 1024);
  if (text.length > maxLength) return fail('YAML_TOO_LONG', `The YAML is longer than ${maxLength} characters.`);
  if (flowDepth(text, maxDepth) > maxDepth) return fail('YAML_TOO_DEEP', `The YAML nests deeper than ${maxDepth} levels.`);
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(text, { version: '1.2', schema: 'core', customTags: [], uniqueKeys: false, merge: false, strict: true, prettyErrors: false });
  } catch (error) {
    return fail('YAML_UNPARSABLE', `The YAML could not be parsed: ${excerpt((error as Error).message.split('\n')[0] ?? '', 200)}`);
  }
  if (document.errors.length > 0) {
    const violations = document.errors.slice(0, 5).map((error): EnvelopeViolation => ({
      rule: 'YAML',
      code: error.code === 'DUPLICATE_KEY' ? 'YAML_DUPLICATE_KEY' : error.code === 'RESOURCE_EXHAUSTION' ? 'YAML_TOO_DEEP' : 'YAML_SYNTAX',
      path: '',
      message: `Invalid YAML: ${excerpt(error.message.split('\n')[0] ?? '', 200)}`,
    }));
    return { ok: false, violations };
  }
  const unresolved = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unresolved !== undefined) return fail('YAML_CUSTOM_TAG', `Custom YAML tags are not allowed: ${excerpt(unresolved.message.split('\n')[0] ?? '', 200)}`);

  // Walk the tree without recursion: tags must be core ones and nesting within the cap. Aliases
  // are resolved, and counted, by toJS below.
  const stack: Array<readonly [node: unknown, depth: number]> = [[document.contents, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as readonly [unknown, number];
    if (isScalar(node) || isCollection(node)) {
      if (node.tag !== undefined && !core.has(node.tag)) return fail('YAML_CUSTOM_TAG', `Custom YAML tags are not allowed: ${excerpt(node.tag, 80)}.`);
    }
    if (isCollection(node)) {
      if (depth + 1 > maxDepth) return fail('YAML_TOO_DEEP', `The YAML nests deeper than ${maxDepth} levels.`);
      if (isMap(node)) {
        const repeated = repeatedKey(node.items);
        if (repeated !== undefined) return fail('YAML_DUPLICATE_KEY', `Invalid YAML: map keys must be unique; ${repeated} appears twice.`);
      }
      for (const item of node.items as unknown[]) {
        if (isPair(item)) stack.push([item.key, depth + 1], [item.value, depth + 1]);
        else stack.push([item, depth + 1]);
      }
    }
  }
  try {
    return { ok: true, value: document.toJS({ maxAliasCount }) as unknown };
  } catch (error) {
    return fail('YAML_ALIAS_BOMB', `The YAML expands too many aliases (${excerpt((error as Error).message.split('\n')[0] ?? '', 200)}).`);
  }
}
