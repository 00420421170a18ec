import { EventEmitter } from 'node:events';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contractCases } from './contract-cases';
import { ExitCode } from './exit-code';
import { OutputClosedError } from './output-closed-error';
import { runCli } from './run-cli';
import { createTestIo } from './test-io';
import { writeText } from './write-text';

/** A Node-like output whose reader goes away after `accepted` writes, as `head -1` does. */
class ClosingOutput extends EventEmitter {
  destroyed = false;
  writes = 0;
  writesAfterClose = 0;
  readonly isTTY = false;

  constructor(private readonly accepted: number, private readonly code = 'EPIPE') {
    super();
  }

  write(_text: string): boolean {
    if (this.destroyed) {
      this.writesAfterClose += 1;
      return false;
    }
    this.writes += 1;
    if (this.writes >= this.accepted) {
      this.destroyed = true;
      process.nextTick(() => this.emit('error', Object.assign(new Error(`write ${this.code}`), { code: this.code })));
    }
    return true;
  }
}

describe('writeText', () => {
  test('throws OutputClosedError once the output is closed, and writes nothing more', async () => {
    const output = new ClosingOutput(2);
    await writeText(output, 'first');
    for (const text of ['second', 'third']) {
      const error = await writeText(output, text).catch((caught: unknown) => caught);
      expect(OutputClosedError.isInstance(error) && error.closedByReader).toBe(true);
    }
    expect([output.writes, output.writesAfterClose]).toEqual([2, 0]);
  });

  test('a write that fails for another reason is not a closed pipe, even when the error comes a turn later', async () => {
    const output = new ClosingOutput(1, 'ENOSPC');
    const error = await writeText(output, 'first').catch((caught: unknown) => caught);
    expect(OutputClosedError.isInstance(error) && [error.closedByReader, error.message]).toEqual([false, 'cannot write to standard output: no space left on device']);
  });

  test('a write waiting for drain wakes when the output closes instead', async () => {
    const output = Object.assign(new EventEmitter(), { destroyed: false, write: () => false });
    const pending = writeText(output, 'text');
    output.destroyed = true;
    output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(pending).rejects.toSatisfy(OutputClosedError.isInstance);
  });
});

// The invariant behind `parley … | head -1`: whenever the reader goes away, every command stops
// writing, prints nothing on stderr and exits 141; if it never goes away, nothing changes.
describe('a reader that goes away', () => {
  test('stops every command quietly with 141, at any write (fast-check)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contractCases),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async (contract, accepted, copies, dirty) => {
          const text = dirty && contract.dirty !== undefined ? contract.dirty : contract.clean;
          const stdin = Array.from({ length: copies }, () => text);
          const reference = createTestIo({ stdin });
          const expected = await runCli({ argv: [...contract.argv, '-'], io: reference, version: '0' });
          const output = new ClosingOutput(accepted);
          const io = { ...createTestIo({ stdin }), stdout: output };
          const code = await runCli({ argv: [...contract.argv, '-'], io, version: '0' });
          expect(output.writesAfterClose).toBe(0);
          if (output.destroyed) expect([code, io.err()]).toEqual([ExitCode.OutputClosed, '']);
          else expect([code, io.err()]).toEqual([expected, reference.err()]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
