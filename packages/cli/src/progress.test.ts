import { describe, expect, test } from 'vitest';
import { createProgress } from './progress';

const output = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, write: (text: string) => written.push(text), isTTY };
};

describe('createProgress', () => {
  test('draws the share read on a terminal, then clears the line', () => {
    const terminal = output(true);
    const progress = createProgress(terminal, { label: 'reading big.txt', totalBytes: 4_000_000, intervalMilliseconds: 0 });
    progress.advance(1_000_000);
    progress.done();
    expect(terminal.written).toEqual(['\r\u001b[2Kreading big.txt: 1.0 MB of 4.0 MB (25%)', '\r\u001b[2K']);
  });

  test('writes nothing when stderr is not a terminal', () => {
    const piped = output(false);
    const progress = createProgress(piped, { label: 'reading stdin', intervalMilliseconds: 0 });
    progress.advance(10);
    progress.done();
    expect(piped.written).toEqual([]);
  });

  test('listens for interrupts only while a line is on screen, so that a signal otherwise acts at once', () => {
    const before = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => process.listenerCount(signal));
    const progress = createProgress(output(true), { label: 'reading big.txt', intervalMilliseconds: 0 });
    progress.advance(1);
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => process.listenerCount(signal))).toEqual(before.map((count) => count + 1));
    progress.done();
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => process.listenerCount(signal))).toEqual(before);
  });
});
