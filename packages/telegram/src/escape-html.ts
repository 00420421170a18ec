import { expectString } from '@parley/core';

/**
 * Escapes `&`, `<` and `>`, the characters Telegram's HTML parse mode requires as entities in text,
 * so that any text can be put between Telegram HTML tags as it is. Quotes are left alone (text
 * needs no `&quot;`). Linear in the text's length.
 *
 * @example
 * ```ts
 * import { escapeHtml } from '@parley/telegram';
 *
 * console.log(`<b>${escapeHtml('R&D <draft>')}</b>`); // <b>R&amp;D &lt;draft&gt;</b>
 * ```
 */
export function escapeHtml(text: string): string {
  expectString(text, 'text');
  let out = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 38 && code !== 60 && code !== 62) continue;
    out += text.slice(from, index);
    out += code === 38 ? '&amp;' : code === 60 ? '&lt;' : '&gt;';
    from = index + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Escapes an attribute value written between double quotes (internal: not exported by the package). */
export const escapeAttribute = (value: string): string => escapeHtml(value).replaceAll('"', '&quot;');
