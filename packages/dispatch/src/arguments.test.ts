// Clean failures (issue 14; the presentation functions' cases moved to @parley/telegram): every text function refuses a non-string with core's
// InvalidArgumentError (code INVALID_ARGUMENT, naming the argument), never a bare TypeError; and
// no message quotes more than a short excerpt of the input, however long the input.
import { InvalidArgumentError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import { checkIterationPath, findVersionMarker } from './check-iteration-path';
import { checkProgressLine } from './check-progress-line';
import { checkReply } from './check-reply';
import { checkSharedPath, toKebabCase } from './check-shared-path';
import { classifyConfirmation } from './classify-confirmation';
import { classifyRequest } from './classify-request';
import { inPlaceInstructions, withInPlaceInstructions } from './in-place-instructions';
import { lintRequest } from './lint-request';

const calls: ReadonlyArray<readonly [name: string, argument: string, call: (value: never) => unknown]> = [
  ['checkReply', 'reply', (value) => checkReply(value, { dispatched: [] })],
  ['checkIterationPath', 'path', (value) => checkIterationPath(value, '/a/b.md')],
  ['checkIterationPath', 'originalPath', (value) => checkIterationPath('/a/b.md', value)],
  ['findVersionMarker', 'path', (value) => findVersionMarker(value)],
  ['findVersionMarker', 'originalPath', (value) => findVersionMarker('/a/b.md', value === undefined ? (null as never) : value)],
  ['checkProgressLine', 'line', (value) => checkProgressLine(value)],
  ['checkSharedPath', 'path', (value) => checkSharedPath(value)],
  ['toKebabCase', 'name', (value) => toKebabCase(value)],
  ['classifyConfirmation', 'message', (value) => classifyConfirmation(value)],
  ['classifyRequest', 'request', (value) => classifyRequest(value, { delivered: [] })],
  ['inPlaceInstructions', 'path', (value) => inPlaceInstructions(value)],
  ['withInPlaceInstructions', 'request', (value) => withInPlaceInstructions(value, '/a/b.md')],
  ['withInPlaceInstructions', 'path', (value) => withInPlaceInstructions('Fix it.', value)],
  ['lintRequest', 'request', (value) => lintRequest(value)],
];
const notStrings: readonly unknown[] = [undefined, null, 42, {}, ['a'], Buffer.from('a'), Symbol('s')];

describe('a non-string argument is an InvalidArgumentError', () => {
  test.each(calls)('%s(%s)', (_name, argument, call) => {
    for (const value of notStrings) {
      let thrown: unknown;
      try {
        call(value as never);
      } catch (error) {
        thrown = error;
      }
      expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
      expect((thrown as Error).message.length).toBeLessThan(120);
    }
  });
});

describe('messages quote at most a short excerpt of the input', () => {
  const huge = 'x'.repeat(400_000);
  const messagesOf = (violations: ReadonlyArray<{ readonly message: string }>): string[] => violations.map((violation) => violation.message);
  const cases: ReadonlyArray<readonly [name: string, messages: () => readonly string[]]> = [
    ['lintRequest: an empty request of one huge word', () => messagesOf(lintRequest(huge))],
    ['lintRequest: a huge shared path', () => messagesOf(lintRequest(`Save as CSV /app/data/shared/costaff-agent-coding/${huge}.csv`, { agentDirectories: ['costaff-agent-x'] }))],
    ['checkSharedPath: huge directories', () => messagesOf(checkSharedPath(`/app/data/shared/costaff-agent-${huge}_/${huge}_X/a.csv`, { agentDirectories: [huge] }))],
    ['checkSharedPath: not an agent directory', () => messagesOf(checkSharedPath(`/app/data/shared/${huge}/a.csv`))],
    ['checkIterationPath', () => messagesOf([...checkIterationPath(`/a/${huge}_v2.md`, `/a/${huge}.md`), ...checkIterationPath(`/b/${huge}.md`, `/a/${huge}.md`), ...checkIterationPath(`/a/${huge}x.md`, `/a/${huge}.md`)])],
    ['checkReply: a huge [FILE:] path', () => messagesOf(checkReply(`[FILE: /${huge}]`, { dispatched: [], fileExists: () => false }).violations)],
  ];
  test.each(cases)('%s', (_name, messages) => {
    const found = messages();
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message.length, message.slice(0, 200)).toBeLessThanOrEqual(400);
  });
});
