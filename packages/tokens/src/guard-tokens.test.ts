import { applyText } from '@parley/core';
import { expectChunkInvariant, runChunks } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { checkTokens } from './check-tokens';
import { guardTokens } from './guard-tokens';

const run = (text: string, options: Parameters<typeof guardTokens>[0]) => runChunks(guardTokens(options), [text], { streamId: 's' });

describe('guardTokens', () => {
  test('validate mode passes text through unchanged', () => {
    const text = 'Hey CFO, money?\n[INVOKE:CFO|x?]\n';
    expect(applyText(guardTokens({ mode: 'validate' }), text)).toBe(text);
  });

  test('repair fixes case, aliases, the INVOKE form and a missing pipe, and reports each change', () => {
    const text = ['[invoke:cfo|Runway?]', '[INVOKE:CFO|Runway?]', '[INVOKE:finance|Runway?]', 'INVOKE cfo: Runway?', '[INVOKE:cfo Runway?]', 'Hey CFO, runway?', ''].join('\n');
    const result = run(text, { mode: 'repair' });
    expect(result.output).toBe(['[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', '[INVOKE:cfo|Runway?]', 'Hey CFO, runway?', ''].join('\n'));
    expect(result.events.filter(({ name }) => name === 'repair').map(({ event }) => (event as { code: string }).code)).toEqual(['TOKEN_CASE', 'UPPERCASE_ROLE', 'UNKNOWN_ROLE', 'INVOKE_FORM', 'MISSING_PIPE']);
    // Prose that addresses an agent is reported, not rewritten: turning it into a call is not a matter of form.
    expect(result.events.filter(({ name }) => name === 'violation').map(({ event }) => (event as { code: string }).code)).toEqual(['PROSE_INVOCATION']);
  });

  test('repair fixes a response: its role, the confidence case, [END], and a block left open', () => {
    const text = ['[RESPONSE:CFO]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: Medium', 'Caveat: z', '[END]', '[RESPONSE:cfo]', 'Key finding: a', 'Supporting data:', '- b', 'Confidence: low', 'Caveat: c'].join('\n');
    const result = run(text, { mode: 'repair' });
    expect(result.output).toBe(['[RESPONSE:cfo]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: medium', 'Caveat: z', '[/RESPONSE]', '[RESPONSE:cfo]', 'Key finding: a', 'Supporting data:', '- b', 'Confidence: low', 'Caveat: c', '[/RESPONSE]'].join('\n'));
    expect(checkTokens(result.output).violations).toEqual([]);
    expect(result.events.filter(({ name }) => name === 'response')).toHaveLength(2);
  });

  test('enforce replaces a barred INVOKE with BLOCKED + ASSUMPTION before it goes out', () => {
    const result = run("[INVOKE:cro|What's the committed pipeline this quarter?]\n", { mode: 'enforce', chain: ['cro', 'cfo'] });
    expect(result.output).toBe(
      "[BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]\n[ASSUMPTION: no answer to \"What's the committed pipeline this quarter?\" — not verified with cro]\n",
    );
    expect(result.events.map(({ name }) => name)).toEqual(['block', 'blocked', 'assumption']);
    expect(checkTokens(result.output, { chain: ['cro', 'cfo'] }).violations).toEqual([]);
  });

  test('enforce blocks any INVOKE in the independent-analysis and critique phases', () => {
    for (const phase of ['independent', 'critique'] as const) {
      const result = run('[INVOKE:cfo|Runway?]', { mode: 'enforce', phase });
      expect(result.output).toMatch(/^\[BLOCKED: cannot invoke cfo — no invocations in the (independent-analysis|critique) phase.*\]\n\[ASSUMPTION: no answer to "Runway\?" — not verified with cfo\]$/);
    }
  });

  test('repair and enforce are chunk-invariant, and hold back only the current line', () => {
    const text = ['[INVOKE:CFO|Runway?]', '[RESPONSE:cfo]', 'Key finding: x', 'Supporting data:', '- y', 'Confidence: High', 'Caveat: z', '[END]', '[INVOKE:cro|Pipeline?]', 'prose line'].join('\n');
    expectChunkInvariant(guardTokens({ mode: 'repair' }), text, { randomChunkings: 40 });
    expectChunkInvariant(guardTokens({ mode: 'enforce', chain: ['cro', 'cfo'] }), text, { randomChunkings: 40 });
    const session = guardTokens({ mode: 'repair' }).open();
    expect(session.write('hello\nwor')).toBe('hello\n');
    expect(session.write('ld\n')).toBe('world\n');
    expect(session.write('x'.repeat(5000))).toBe('x'.repeat(5000));
  });
});
