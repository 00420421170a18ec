/** Whether the UTF-16 unit `code` is the first half of a surrogate pair. */
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
/** Whether the UTF-16 unit `code` is the second half of a surrogate pair. */
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The offset of the first surrogate half in `text` that is not part of a pair, or -1 when there is
 * none. Such a string has no UTF-8 form, and Telegram refuses a message that is not valid UTF-8.
 * Linear in the text's length (internal: not exported by the package).
 */
export function findLoneSurrogate(text: string): number {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code)) {
      if (isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
      else return index;
    } else if (isLowSurrogate(code)) return index;
  }
  return -1;
}

/**
 * `text` with every surrogate half that is not part of a pair replaced by U+FFFD, as a UTF-8
 * encoder would write it (`String.prototype.toWellFormed`, which the ES2023 library types lack).
 * Linear in the text's length (internal: not exported by the package).
 */
export function replaceLoneSurrogates(text: string): string {
  let from = 0;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      index += 1;
      continue;
    }
    if (!isHighSurrogate(code) && !isLowSurrogate(code)) continue;
    out += `${text.slice(from, index)}\uFFFD`;
    from = index + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
