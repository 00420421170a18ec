import type { CatalogueRule } from './catalogue';
import { verifyChecksum } from './checksum';
import { foldAt, isSeparator } from './fold';
import { isNearConstant } from './near-constant';
import { publicExampleKeys } from './public-example-keys';

/** `text` folded, with every separator character left out (the skeleton the pattern matcher compares). */
export function skeletonOf(text: string): string {
  let skeleton = '';
  for (let index = 0; index < text.length; index += 1) {
    const folded = foldAt(text, index);
    if (folded > 2 && folded < 128 && !isSeparator(folded)) skeleton += String.fromCharCode(folded);
  }
  return skeleton;
}

/**
 * The last word of a catalogue row on a whole match (see `PatternRule.accept`): a key whose
 * checksum is right is always the row's; otherwise a key is dropped when it is a provider's
 * published example, or when its body, no longer than the format allows, is near-constant
 * (`AKIA` + `AAAA…`, `ghp_` + `xxxx…`, `0123…`). A wrong checksum alone does not drop a key: a token with one character garbled still
 * gives most of a real one away, and its checksum tells the reader which repair is right.
 */
export function catalogueJudge(rule: CatalogueRule): (key: string, separated: boolean) => boolean {
  const prefixes = rule.prefixes.map((written) => ({ written, skeleton: skeletonOf(written) })).sort((left, right) => right.skeleton.length - left.skeleton.length);
  const algorithm = rule.checksumAlgorithm;
  // Only a key within its format's longest body is judged near-constant: a longer one is a run the
  // fail-closed extension took, and dropping it would have the scan read it again from every prefix inside.
  const longest = rule.body.reduce((sum, part) => sum + ('alphabet' in part ? part.max : part.literal.length), 0);
  return (key) => {
    const skeleton = skeletonOf(key);
    const prefix = prefixes.find((option) => skeleton.startsWith(option.skeleton));
    const body = skeleton.slice(prefix?.skeleton.length ?? 0);
    if (algorithm !== undefined && prefix !== undefined && verifyChecksum(algorithm, prefix.written + body, prefix.written)) return true;
    if (publicExampleKeys.has(key)) return false;
    return body.length > longest || !isNearConstant(body);
  };
}
