import { InvalidArgumentError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import { checkTokens, parseToken } from './check-tokens';
import { checkTokensStream } from './check-tokens-stream';
import { createCouncil } from './council';
import { guardTokensStream } from './guard-tokens-stream';
import { checkInvocation } from './loop-guard';
import { protocolPrompt } from './protocol-prompt';
import { createRoleRegistry } from './role-registry';

const expectInvalid = (run: () => unknown, argument: string): void => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(InvalidArgumentError.isInstance(thrown)).toBe(true);
  expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
};

describe('functions that take text refuse anything else with InvalidArgumentError, never a bare TypeError', () => {
  const wrong: unknown[] = [undefined, null, 42, Buffer.from('[INVOKE:cfo|x]'), ['a'], { text: 'a' }];
  test.each(wrong.map((value) => [value]))('%s', (value) => {
    expectInvalid(() => checkTokens(value as string), 'text');
    expectInvalid(() => parseToken(value as string), 'text');
    expectInvalid(() => checkInvocation(['cro'], value as string), 'target');
    expectInvalid(() => createRoleRegistry().resolve(value as string), 'name');
    expectInvalid(() => protocolPrompt({ role: value as string }), 'options.role');
    expectInvalid(() => guardTokensStream({ mode: 'repair' }).open().write(value as string), 'chunk');
    expectInvalid(() => checkTokensStream().open().write(value as string), 'chunk');
  });

  test('chains must be arrays of strings', () => {
    expectInvalid(() => checkInvocation('cro' as unknown as string[], 'cfo'), 'chain');
    expectInvalid(() => checkTokens('x', { chain: [1] as unknown as string[] }), 'options.chain');
    expectInvalid(() => guardTokensStream({ mode: 'enforce', chain: 'cro' as unknown as string[] }), 'options.chain');
  });

  test('the council checks its arguments before it asks anyone', async () => {
    const council = createCouncil({ agents: { cfo: () => 'x' } });
    await expect(council.ask('cfo', 42 as unknown as string)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'question' });
    await expect(council.ask(undefined as unknown as string, 'q')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'role' });
    await expect(council.broadcast(null as unknown as string)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'question' });
  });
});
