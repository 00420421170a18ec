/**
 * The placeholder judge: whether a string stands for a secret instead of being one — a provider's
 * published example key, a placeholder word written by a person (`xoxb-your-token`,
 * `AKIA…EXAMPLE`, `YOUR_PASSWORD`), a template (`${VAR}`, `{{ secret }}`), or a password naming
 * what belongs there (`[PASSWORD]`, `mypassword`). Its words are data (`rules/vocabulary.ts`).
 * Internal: not exported from the package.
 */
import { isPlaceholderValue } from './value-judge';
import { publicExampleKeys } from '../rules/public-shapes';
import { oneCase } from './plausibility';
import { credentialNamingWords, placeholderWords } from '../rules/vocabulary';
import { isLowerCode, isUpperCode } from '../text/fold';

/**
 * The longest placeholder word that counts only where a word begins: a random key of lower-case
 * letters and digits holds a given four-letter word once in 36⁴ ≈ 1.7 million places, often enough
 * over a key's length and its three cases that `…5jyourd6…` or `…tDYOURm0…` is chance.
 */
const SHORT_WORD = 4;

/**
 * Whether `text` is a placeholder someone wrote instead of a secret: a provider's published example
 * key, or a placeholder word (`rules/vocabulary.ts`) written in one case (`your`, `YOUR`, `Your`),
 * not in the mixed case of random letters (`yOUr` inside a random key is not one). A short word
 * ({@link SHORT_WORD} letters or fewer) counts where a word begins: at the start, after a
 * character other than a letter of its case (`xoxb-your-token`, `sk_YOURKEY`, `myYour…`), not
 * inside a run of letters of its case (`5jyourd6`).
 */
export function isPlaceholder(text: string): boolean {
  if (publicExampleKeys.has(text)) return true;
  const lower = text.toLowerCase();
  return placeholderWords.some((word) => {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      if (oneCase(text, at, word.length) && (word.length > SHORT_WORD || !continuesCase(text, at))) return true;
    }
    return false;
  });
}

/** Whether the letter before `at` is of the case the word at `at` begins with (the word goes on a run of letters). */
function continuesCase(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const first = text.charCodeAt(at);
  return (isUpperCode(first) && isUpperCode(before)) || (isLowerCode(first) && isLowerCode(before));
}

/** The shortest password of a URL or a `-u` option that is judged a secret: `user:abc` is an example's. */
const MIN_PASSWORD = 4;

/**
 * Whether the password of a URL or of a `-u user:password` option stands for one rather than being
 * one: a template in angle brackets (it begins with `<`: `<password>`, `<db-pass>`) or only `*` and
 * `x`; judged without any other `<` (`Xk9q<Vb7` is a random password's character), shorter than 4
 * characters, a placeholder ({@link isPlaceholder}) or a value the keyword rule declines
 * (`${PASS}`, `YOUR_PASSWORD`, `xxxx`, `1111`, `changeme`), letters and `_` only naming what
 * belongs there (`password`, `mypassword`, `pass`, `token`, `test`), or such a word in brackets or
 * braces (`[PASSWORD]`, `{password}`). A bracketed value that is not a word (`{ZqL5kVrX1n8tA2}`)
 * is a password that happens to be written in braces.
 */
export function isPlaceholderCredential(written: string): boolean {
  if (written.startsWith('<') || /^[*x]+$/iu.test(written)) return true;
  const password = written.replaceAll('<', '');
  if (password.length < MIN_PASSWORD || isPlaceholder(password) || isPlaceholderValue(password)) return true;
  const first = password[0];
  const last = password[password.length - 1];
  const bracketed = (first === '[' && last === ']') || (first === '{' && last === '}');
  const inner = bracketed ? password.slice(1, -1) : password;
  if (!/^[A-Za-z_]+$/u.test(inner)) return false;
  if (bracketed) return true;
  const lower = inner.toLowerCase();
  return credentialNamingWords.some((word) => lower.includes(word));
}
