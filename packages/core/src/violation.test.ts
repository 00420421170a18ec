import { describe, expect, test } from 'vitest';
import { formatViolation, type Violation } from './violation';

describe('formatViolation', () => {
  test('rule, code, place and message on one line', () => {
    expect(formatViolation({ rule: 'R4', code: 'PROSE_INVOCATION', message: 'Put the call on its own line.', line: 3, column: 7 })).toBe(
      'R4 PROSE_INVOCATION at 3:7: Put the call on its own line.',
    );
    expect(formatViolation({ rule: 'D6', code: 'PROSE_AFTER_FENCE', message: 'Text follows the fence.', line: 9 })).toBe(
      'D6 PROSE_AFTER_FENCE at line 9: Text follows the fence.',
    );
    expect(formatViolation({ rule: 'SCHEMA', code: 'INVALID_FIELD', message: 'Expected a string.', path: 'findings[0].note' })).toBe(
      'SCHEMA INVALID_FIELD at findings[0].note: Expected a string.',
    );
  });

  test('no place, an empty path and a fix', () => {
    expect(formatViolation({ rule: 'D6', code: 'NO_ENVELOPE', message: 'No envelope.', path: '' })).toBe('D6 NO_ENVELOPE: No envelope.');
    expect(formatViolation({ rule: 'R1', code: 'TOKEN_FORM', message: 'Lower case.', fix: '[INVOKE:cfo|x]' })).toBe(
      'R1 TOKEN_FORM: Lower case. (fix: [INVOKE:cfo|x])',
    );
  });

  test('escape applies to every quoted part, never to rule or code', () => {
    const violation: Violation = { rule: 'R4', code: 'X', message: 'a\u001b[31m', path: 'p\u0007', fix: 'f\u001b' };
    const escaped = formatViolation(violation, { escape: (text) => text.replaceAll('\u001b', '?').replaceAll('\u0007', '?') });
    expect(escaped).toBe('R4 X at p?: a?[31m (fix: f?)');
  });
});
