const commonWords = new Set(['system', 'systems', 'with', 'that', 'this', 'from', 'about', 'after', 'before', 'their', 'what', 'which']);

const distinctiveWords = (value: string): string[] => value.toLowerCase().split(/[\s/-]+/).filter((word) => word.length >= 4 && !commonWords.has(word));

/**
 * Whether `text` is about `aspect`: it contains the aspect, or one of its distinctive words — a
 * word of four letters or more that no other aspect of the query shares (for "trading system":
 * "trading"; "hiring" does not tell "hiring now" from "hiring after the raise").
 */
export function mentionsAspect(text: string, aspect: string, aspects: readonly string[] = [aspect]): boolean {
  const lower = text.toLowerCase();
  if (lower.includes(aspect.toLowerCase())) return true;
  const shared = new Set(aspects.filter((other) => other !== aspect).flatMap(distinctiveWords));
  return distinctiveWords(aspect).some((word) => !shared.has(word) && lower.includes(word));
}
