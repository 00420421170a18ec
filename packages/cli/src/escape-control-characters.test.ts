import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeControlCharacters } from '@parley/core';
import { hostileTerminalText, terminalControl, terminalControlButLineFeed } from './hostile-terminal-text';
import { quoteArgument } from './quote-argument';
import { stderrLine } from './stderr-line';

describe('escapeControlCharacters', () => {
  test('the reported shapes: an ANSI title change, a screen clear, a C1 CSI and a bidi override are shown, not obeyed', () => {
    expect(escapeControlCharacters('a\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eb\r\n')).toBe('a\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202eb\\r\\n');
    expect(escapeControlCharacters('line one\nline two', { keepLineFeeds: true })).toBe('line one\nline two');
    expect(escapeControlCharacters('C:\\reports\\q3.txt, 任務 😀')).toBe('C:\\reports\\q3.txt, 任務 😀');
  });

  // The class: whatever the text, no character that drives a terminal survives, every other one
  // is kept as it is, and escaping is character by character (so it is the same however the text
  // is split, and linear).
  test('leaves no terminal control, keeps everything else, and escapes each character on its own (fast-check)', () => {
    fc.assert(
      fc.property(hostileTerminalText, hostileTerminalText, fc.boolean(), (left, right, keepLineFeeds) => {
        const whole = escapeControlCharacters(left + right, { keepLineFeeds });
        expect(whole).not.toMatch(keepLineFeeds ? terminalControlButLineFeed : terminalControl);
        expect(whole).toBe(escapeControlCharacters(left, { keepLineFeeds }) + escapeControlCharacters(right, { keepLineFeeds }));
        if (!terminalControl.test(left)) expect(escapeControlCharacters(left)).toBe(left);
        expect(whole.length).toBeLessThanOrEqual(6 * (left.length + right.length));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('quoteArgument and stderrLine', () => {
  test('a file name with a line feed and escapes is one quoted line; a long one keeps its ends', () => {
    expect(quoteArgument('evil/a\nb\u001b[31m.txt')).toBe('"evil/a\\nb\\x1b[31m.txt"');
    const long = `${'d/'.repeat(200)}reply.txt`;
    expect(quoteArgument(long)).toBe(`"${long.slice(0, 100)}…${long.slice(-100)}"`);
    expect(quoteArgument(`${'a'.repeat(99)}😀${'b'.repeat(300)}`)).toBe(`"${'a'.repeat(99)}…${'b'.repeat(100)}"`);
  });

  // The class behind "stderr is one line": whatever a message holds, the line printed is one
  // line with a single final line feed, no terminal control, at most 1,000 characters.
  test('any message becomes exactly one line with no terminal control, at most 1,000 characters (fast-check)', () => {
    const message = fc.oneof(hostileTerminalText, fc.tuple(hostileTerminalText, fc.nat({ max: 3000 })).map(([text, length]) => text.repeat(Math.ceil(length / Math.max(1, text.length)))));
    fc.assert(
      fc.property(message, hostileTerminalText, (text, argument) => {
        for (const line of [stderrLine(text), stderrLine(`parley redact: cannot read ${quoteArgument(argument)}: no such file`)]) {
          expect(line.endsWith('\n')).toBe(true);
          expect(line.slice(0, -1)).not.toMatch(terminalControl);
          expect(line.length).toBeLessThanOrEqual(1001);
        }
        // A quoted argument never loses the rest of the line after it.
        expect(stderrLine(`x ${quoteArgument(argument)} end`).endsWith(' end\n')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
