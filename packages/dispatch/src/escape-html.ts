/** Escapes `&`, `<` and `>`, the characters Telegram's HTML parse mode requires as entities in text. */
export function escapeHtml(text: string): string {
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

/** Escapes an attribute value written between double quotes. */
export const escapeAttribute = (value: string): string => escapeHtml(value).replaceAll('"', '&quot;');
