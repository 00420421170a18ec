import { ParleyError } from '@parley/core';

const marker = 'parley.error.InputEncodingError';

/** Why an input is not text `parley` reads. */
export type InputEncodingProblem = 'binary' | 'invalid-utf8' | 'invalid-utf16' | 'truncated' | 'utf32';

const explanations: Readonly<Record<InputEncodingProblem, string>> = {
  binary: 'binary data (a NUL byte)',
  'invalid-utf8': 'not UTF-8 text (an invalid byte sequence)',
  'invalid-utf16': 'not valid UTF-16 text (an unpaired surrogate)',
  truncated: 'the text ends inside a character',
  utf32: 'UTF-32 text, which parley does not read (convert it to UTF-8 first, e.g. iconv -f UTF-32 -t UTF-8)',
};

/**
 * Thrown when an input is not text `parley` can read faithfully: binary data (a NUL byte), bytes
 * that are not valid UTF-8 (or UTF-16 after a byte order mark), text cut inside a character, or
 * UTF-32. `parley` refuses such input rather than rewrite its bytes.
 */
export class InputEncodingError extends ParleyError {
  override readonly code: 'INPUT_ENCODING' = 'INPUT_ENCODING';

  /** What is wrong with the bytes. */
  readonly problem: InputEncodingProblem;

  /** Where in the input (in bytes from its start, byte order mark included) the problem is. */
  readonly byteOffset: number;

  constructor(options: { readonly input: string; readonly problem: InputEncodingProblem; readonly byteOffset: number; readonly cause?: unknown }) {
    super({
      code: 'INPUT_ENCODING',
      message: `cannot read ${options.input}: ${explanations[options.problem]} at byte offset ${options.byteOffset}`,
      cause: options.cause,
    });
    this.name = 'InputEncodingError';
    this.mark(marker);
    this.problem = options.problem;
    this.byteOffset = options.byteOffset;
  }

  /** Whether `error` is an {@link InputEncodingError} from any installed copy of `@parley/cli`. */
  static override isInstance(error: unknown): error is InputEncodingError {
    return ParleyError.hasMarker(error, marker);
  }
}
