/**
 * Kubernetes pod names made by a Deployment (`web-7d9f8b6c5d-x2k9p`): the ReplicaSet's template
 * hash and the pod's own suffix are drawn from the 27 characters Kubernetes uses for generated
 * names (no vowels, no `0 1 3`), too short for a key. Linear, no regular expression.
 */

/** The alphabet of Kubernetes' generated name suffixes. */
const isPodSuffixCharacter = (code: number): boolean => code !== 97 && code !== 101 && code !== 105 && code !== 111 && code !== 117 && code !== 121 && ((code >= 98 && code <= 122) || code === 50 || code === 52 || code === 53 || code === 54 || code === 55 || code === 56 || code === 57);

/** Whether `text[from, to)` is all of the generated-name alphabet. */
function allSuffix(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (!isPodSuffixCharacter(text.charCodeAt(index))) return false;
  return true;
}

/**
 * Where the `-` before a Deployment pod's generated suffix begins when the token run
 * `text[start, last)` ends in one (`<name>-<9 or 10 characters>-<5 characters>`, both of the
 * generated-name alphabet), or -1. The name before it is not given a pass: the caller judges it
 * alone. A random base62 string's 16-character tail passes about once in 10¹⁴ and a random
 * lower-case one about once in 10⁴; either way the rest before it is still judged.
 */
export function podSuffixStart(text: string, start: number, last: number): number {
  const pod = last - 6;
  if (pod <= start || text.charCodeAt(pod) !== 45 || !allSuffix(text, pod + 1, last)) return -1;
  for (const length of [10, 9]) {
    const hash = pod - length - 1;
    if (hash > start && text.charCodeAt(hash) === 45 && allSuffix(text, hash + 1, pod)) return hash;
  }
  return -1;
}
