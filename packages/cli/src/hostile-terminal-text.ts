// Test fixtures shared by the tests that hold model text and file names away from the terminal.
import * as fc from 'fast-check';

/** Anything a terminal acts on or that reorders what it shows: none may reach it from model text. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
export const terminalControl: RegExp = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u061c\u200b\u200e\u200f\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;
/** The same, but for line feeds (multi-line human-readable output). */
// eslint-disable-next-line no-control-regex -- as above, line feeds allowed
export const terminalControlButLineFeed: RegExp = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u061c\u200b\u200e\u200f\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;

/** Text biased to what attacks a terminal: ESC sequences, CSI (C1), bells, returns, bidi overrides, surrogates. */
export const hostileTerminalText: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('\u001b[31m', '\u001b]0;pwned\u0007', '\u001b[2J', '\u009b31m', '\r', '\n', '\b', '\u0000', '\u007f', '\u202e', '\u2066', '\u2028', '\u200f', '\u061c', '\ufeff', '\u{e0041}', '\\x1b', '\\', '\t') },
    { weight: 3, arbitrary: fc.constantFrom('a', 'Z', ' ', '"', 'é', '😀', '任務', '[INVOKE:cfo|', ']') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
  ),
  maxLength: 30,
});
