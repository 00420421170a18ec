import { describe, expect, test, vi } from 'vitest';
import { InvalidArgumentError } from './invalid-argument-error';
import { ParleyError } from './parley-error';
import { SessionClosedError } from './session-closed-error';

describe('ParleyError', () => {
  test('carries a stable code, a message and a cause', () => {
    const cause = new Error('disk full');
    const error = new ParleyError({ code: 'WRITE_FAILED', message: 'Could not write the report.', cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ParleyError');
    expect(error.code).toBe('WRITE_FAILED');
    expect(error.message).toBe('Could not write the report.');
    expect(error.cause).toBe(cause);
  });

  test('isInstance recognises errors of a second copy of the package, where instanceof fails', async () => {
    vi.resetModules();
    const copy = (await import('./session-closed-error?copy' as string)) as typeof import('./session-closed-error');
    const foreign = new copy.SessionClosedError({ middleware: 'copy', operation: 'write' });
    expect(foreign instanceof SessionClosedError).toBe(false);
    expect(SessionClosedError.isInstance(foreign)).toBe(true);
    expect(ParleyError.isInstance(foreign)).toBe(true);
  });

  test('each subclass recognises only its own errors', () => {
    const closed = new SessionClosedError({ middleware: 'm', operation: 'end' });
    const invalid = new InvalidArgumentError({ argument: 'search', message: 'bad' });
    expect(SessionClosedError.isInstance(closed)).toBe(true);
    expect(SessionClosedError.isInstance(invalid)).toBe(false);
    expect(InvalidArgumentError.isInstance(invalid)).toBe(true);
    expect(ParleyError.isInstance(invalid)).toBe(true);
    expect(closed.code).toBe('SESSION_CLOSED');
    expect(invalid.code).toBe('INVALID_ARGUMENT');
  });

  test.each([undefined, null, 'SESSION_CLOSED', 42, {}, new Error('plain'), { code: 'SESSION_CLOSED' }])(
    'isInstance(%s) is false',
    (value) => {
      expect(ParleyError.isInstance(value)).toBe(false);
      expect(SessionClosedError.isInstance(value)).toBe(false);
    },
  );
});
