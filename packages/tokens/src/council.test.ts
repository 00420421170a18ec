import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { routableCalls, spelledCall } from './__fixtures__/calls';
import { checkTokens } from './check-tokens';
import { type CouncilAgent, createCouncil } from './council';
import { CouncilAbortedError } from './council-aborted-error';
import { protocolPrompt } from './protocol-prompt';
import { serializeToken } from './token';

const response = (role: string, keyFinding: string, confidence: 'high' | 'medium' | 'low' = 'medium'): string =>
  serializeToken({ kind: 'response', role, keyFinding, supportingData: [`${role} data point`], confidence, caveat: 'Scripted for the test.' });

/** Scripted agents: the first turn may invoke others; a follow-up turn (with their answers) responds. */
const scripted: Record<string, CouncilAgent> = {
  cro: (message) => (message.startsWith('[INVOKE:') ? '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]' : response('cro', 'Hire 3 now and 2 after the Q3 close.')),
  cfo: (message) =>
    message.startsWith('[INVOKE:')
      ? ["[INVOKE:cro|What's the committed pipeline this quarter?]", '[INVOKE:coo|Can operations onboard 5 engineers in Q3?]'].join('\n')
      : response('cfo', 'Hiring 5 engineers cuts runway from 14 to 9 months.'),
  coo: () => ["[INVOKE:chro|What's the comp budget for these hires?]", response('coo', 'Onboarding capacity is 3 engineers per month.', 'high')].join('\n'),
  chro: () => response('chro', 'Comp budget is 210K per engineer.'),
  ceo: () => response('ceo', 'Go.'),
};

describe('createCouncil', () => {
  test('runs a scripted exchange offline, blocking a circular call and a depth-limit call, with a conforming transcript', async () => {
    const council = createCouncil({ agents: scripted });
    const blocked = vi.fn();
    council.on('blocked', blocked);
    const answer = await council.ask('cro', 'Should we hire 5 engineers next quarter?');

    expect(answer.response).toMatchObject({ kind: 'response', role: 'cro', keyFinding: 'Hire 3 now and 2 after the Q3 close.' });
    expect(answer.violations).toEqual([]);
    const flow = council.transcript.map((entry) => `${entry.from}→${entry.to} [${entry.chain.join(' → ')}] ${entry.text.split('\n')[0]}`);
    expect(flow).toEqual([
      'user→cro [cro] [INVOKE:cro|Should we hire 5 engineers next quarter?]',
      'cro→user [cro] [INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
      'cro→cfo [cro → cfo] [INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
      // The circular call to cro is replaced before it goes out; the call to coo is executed.
      'cfo→cro [cro → cfo] [BLOCKED: cannot invoke cro — circular call; cro is already upstream in this chain]',
      'cfo→coo [cro → cfo → coo] [INVOKE:coo|Can operations onboard 5 engineers in Q3?]',
      // coo is at depth 2: its call to chro is blocked.
      'coo→cfo [cro → cfo → coo] [BLOCKED: cannot invoke chro — chain already at depth 2 (cro → cfo → coo)]',
      'cfo→cro [cro → cfo] [RESPONSE:cfo]',
      'cro→user [cro] [RESPONSE:cro]',
    ]);
    expect(blocked).not.toHaveBeenCalled(); // calls were blocked in the agents' text, not by the council
    for (const entry of council.transcript) {
      expect(checkTokens(entry.text, { chain: entry.chain }).violations.filter((violation) => violation.rule !== 'R4')).toEqual([]);
    }
    expect(council.transcript[3]?.text).toContain('[ASSUMPTION: no answer to "What\'s the committed pipeline this quarter?" — not verified with cro]');
  });

  test('a barred call made through ask is answered with BLOCKED + ASSUMPTION and never reaches the agent', async () => {
    const chro = vi.fn(scripted['chro']);
    const council = createCouncil({ agents: { ...scripted, chro } });
    const answer = await council.ask('chro', 'Comp budget?', { chain: ['cro', 'cfo', 'coo'] });
    expect(answer.blocked).toBe('[BLOCKED: cannot invoke chro — chain already at depth 2 (cro → cfo → coo)]\n[ASSUMPTION: no answer to "Comp budget?" — not verified with chro]');
    expect(chro).not.toHaveBeenCalled();
  });

  test('broadcast asks every other role concurrently; deliberate runs independent then critique phases', async () => {
    const seen: string[] = [];
    const agent = (role: string): CouncilAgent => async (_message, context) => {
      seen.push(`${role}:${context.phase}`);
      return context.phase === 'independent' ? `[INVOKE:cfo|Numbers?]\n${response(role, `${role} view`)}` : response(role, `${role} view`);
    };
    const council = createCouncil({ agents: { ceo: agent('ceo'), cfo: agent('cfo'), cro: agent('cro') }, concurrency: 2 });
    const answers = await council.broadcast('What if we miss the raise?');
    expect(answers.map((answer) => answer.role)).toEqual(['cfo', 'cro']);
    const { independent, critique } = await council.deliberate('Should we raise now?', ['cfo', 'cro']);
    // In the independent phase, the INVOKE in each reply was replaced before anyone saw it.
    expect(independent.every((answer) => answer.text.startsWith('[BLOCKED: cannot invoke cfo'))).toBe(true);
    expect(critique.every((answer) => answer.response !== undefined)).toBe(true);
    expect(seen).toEqual(expect.arrayContaining(['cfo:independent', 'cro:independent', 'cfo:critique', 'cro:critique']));
  });

  test('agents get the protocol instructions for their place in the chain', async () => {
    const contexts: string[] = [];
    const council = createCouncil({ agents: { cfo: (_message, context) => (contexts.push(context.instructions), response('cfo', 'ok')) } });
    await council.ask('cfo', 'Runway?', { chain: ['cro'] });
    expect(contexts[0]).toBe(protocolPrompt({ role: 'cfo', chain: ['cro', 'cfo'] }));
    expect(contexts[0]).toContain('You may not invoke: cfo (self-invocation not allowed); cro (circular call; cro is already upstream in this chain)');
  });

  test('cancellation rejects with a typed error', async () => {
    const controller = new AbortController();
    const council = createCouncil({ agents: scripted, signal: controller.signal });
    controller.abort();
    await expect(council.ask('cro', 'x')).rejects.toSatisfy((error) => CouncilAbortedError.isInstance(error));
  });
});

describe('the council records only the calls it routes', () => {
  test('the reported shape: a self-call in lower case is neither routed nor recorded as a call', async () => {
    const council = createCouncil({ agents: { cro: () => response('cro', 'ok'), cfo: () => `[invoke:CFO|burn?]\n${response('cfo', 'Runway is 9 months.')}` } });
    const answer = await council.ask('cfo', 'Runway?', { chain: ['cro'] });
    expect(answer.response?.role).toBe('cfo');
    for (const entry of council.transcript.slice(1)) expect(routableCalls(entry.text)).toEqual([]);
  });

  test('R3: a RESPONSE in another role is reported, and is not taken as the answer', async () => {
    const council = createCouncil({ agents: { cfo: () => response('cmo', 'Not mine to give.') } });
    const answer = await council.ask('cfo', 'Runway?', { chain: ['cro'] });
    expect(answer.response).toBeUndefined();
    expect(answer.violations.map(({ code }) => code)).toEqual(['RESPONSE_ROLE', 'MISSING_RESPONSE']);
  });

  test('whatever the agents write, every call in the transcript was routed (fast-check)', { timeout: 180_000 }, async () => {
    const roles = ['ceo', 'cfo', 'cro', 'coo', 'chro'] as const;
    const anyCall = fc.oneof(fc.constantFrom(...roles, 'cmo', 'gc').chain((role) => spelledCall('invoke', role)), spelledCall('broadcast', 'all'));
    const reply = (role: string) => fc.array(fc.oneof(anyCall, fc.constant(response(role, `${role} view`)), fc.constant('prose')), { maxLength: 4 }).map((lines) => lines.join('\n'));
    const script = fc.record(Object.fromEntries(roles.map((role) => [role, fc.array(reply(role), { minLength: 1, maxLength: 3 })])) as Record<(typeof roles)[number], fc.Arbitrary<string[]>>);
    await fc.assert(
      fc.asyncProperty(script, fc.constantFrom(...roles), fc.constantFrom<readonly string[]>([], ['ceo'], ['cro', 'cfo']), async (replies, first, chain) => {
        const invoked: string[] = [];
        const asked = new Set<object>();
        const agents = Object.fromEntries(
          roles.map((role) => {
            let turn = 0;
            const agent: CouncilAgent = (_message, context) => {
              // One context per ask: follow-up turns of the same ask are not new calls.
              if (!asked.has(context)) invoked.push(context.chain.join('>'));
              asked.add(context);
              return replies[role][turn++ % replies[role].length] as string;
            };
            return [role, agent];
          }),
        );
        const council = createCouncil({ agents });
        await council.ask(first, 'Go?', { chain });
        // Each call in a reply was routed: as many calls from a chain to a role as agents reached by that path.
        const written = new Map<string, number>();
        for (const entry of council.transcript) {
          const reply = entry.chain.at(-1) === entry.from;
          for (const call of routableCalls(entry.text)) {
            expect(call.kind).toBe('invoke');
            if (!reply) expect(entry.text).toBe(`[INVOKE:${entry.to}|${entry.text.slice(entry.to.length + 9, -1)}]`);
            const path = reply ? [...entry.chain, call.role].join('>') : entry.chain.join('>');
            if (reply) written.set(path, (written.get(path) ?? 0) + 1);
          }
        }
        for (const [path, count] of written) expect(invoked.filter((reached) => reached === path)).toHaveLength(count);
      }),
      { numRuns: 150 },
    );
  });
});
