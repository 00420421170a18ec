import { fold, foldAt, isSeparator } from '../text/fold';

/**
 * What a reader never sees, decided here and not by the fold under test: Unicode's format
 * characters and default-ignorable code points (Hangul fillers, Khmer inherent vowels, variation
 * selectors, tags), the blank Braille pattern and white space of every kind.
 */
const drawsNothing = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\s]/u;

/** `text` with every separator left out, as the skeleton reads it, and whatever draws nothing (see {@link drawsNothing}). */
export function withoutSeparators(text: string): string {
  let kept = '';
  for (let index = 0; index < text.length; index += 1) {
    if (isSeparator(foldAt(text, index)) || isSeparator(fold(text.charCodeAt(index)))) continue;
    const point = text.codePointAt(index) ?? 0;
    if (drawsNothing.test(String.fromCodePoint(point))) {
      if (point > 0xffff) index += 1;
      continue;
    }
    kept += text[index];
  }
  return kept;
}

/**
 * The leak criterion the leak properties share: the first 8-character piece of `secret`
 * (separators left out) a reader sees in `output` — placeholders cut out, so no piece spans one,
 * and separators removed — if any.
 */
export function survivingPiece(output: string, secret: string): string | undefined {
  // Each stretch between placeholders on its own, as `leakedPiece` reads them: no piece spans one.
  const shown = output.split(/<REDACTED:[A-Z0-9_]+>/).map(withoutSeparators);
  const bare = withoutSeparators(secret);
  for (let index = 0; index + 8 <= bare.length; index += 1) if (shown.some((stretch) => stretch.includes(bare.slice(index, index + 8)))) return bare.slice(index, index + 8);
  return undefined;
}
