import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideNextAction, type NegotiationAction, type NextActionInput } from './decide-next-action';
import type { NegotiationAgent } from './negotiation-agent';
import { negotiationConfidences } from './negotiation-confidence';

const a: NegotiationAgent = { name: 'a' };
const b: NegotiationAgent = { name: 'b', covers: ['async-std'] };
const c: NegotiationAgent = { name: 'c' };
const round = (overrides: Partial<NextActionInput>): NextActionInput => ({
  sufficient: false,
  strikes: 0,
  round: 1,
  maxRounds: 3,
  confidence: 'LOW',
  agent: a,
  agents: [a, b, c],
  owners: [],
  ...overrides,
});

describe('decideNextAction: the spec shapes', () => {
  test('a sufficient round is accepted, with no strike', () => {
    expect(decideNextAction(round({ sufficient: true, strikes: 1, round: 2 }))).toEqual({ action: 'accept', strikes: 1, agent: a });
  });

  test('strike 1 LOW refines with the same agent, strike 2 tries the next agent, strike 3 synthesizes', () => {
    expect(decideNextAction(round({}))).toEqual({ action: 'refine', strikes: 1, agent: a });
    expect(decideNextAction(round({ strikes: 1, round: 2 }))).toEqual({ action: 'alternative', strikes: 2, agent: b });
    expect(decideNextAction(round({ strikes: 2, round: 3, maxRounds: 5, agent: b }))).toEqual({ action: 'synthesize', strikes: 3, agent: b });
  });

  test('an UNCERTAIN reply goes to the next agent at once', () => {
    expect(decideNextAction(round({ confidence: 'UNCERTAIN' }))).toEqual({ action: 'alternative', strikes: 1, agent: b });
    expect(decideNextAction(round({ confidence: 'UNCERTAIN', agent: c }))).toEqual({ action: 'alternative', strikes: 1, agent: a });
  });

  test('the agent that covers an open aspect comes first (scenario 1: tokio, then async-std)', () => {
    expect(decideNextAction(round({ confidence: 'MEDIUM', owners: [b] }))).toEqual({ action: 'alternative', strikes: 1, agent: b });
    // The asked agent owning the open aspect itself does not count.
    expect(decideNextAction(round({ agent: b, owners: [b] }))).toEqual({ action: 'refine', strikes: 1, agent: b });
  });

  test('the last round synthesizes, whatever the strikes', () => {
    expect(decideNextAction(round({ maxRounds: 1, owners: [b] }))).toEqual({ action: 'synthesize', strikes: 1, agent: a });
  });

  test('a single agent refines where another agent would be tried', () => {
    expect(decideNextAction(round({ agents: [a], strikes: 1, round: 2, confidence: 'UNCERTAIN' }))).toEqual({ action: 'refine', strikes: 2, agent: a });
  });
});

// Agents with names drawn from a small set, so duplicate names (a hard case) come up.
const agentList = fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd') }), { minLength: 1, maxLength: 4 });
const inputs = agentList.chain((agents) =>
  fc.record({
    sufficient: fc.boolean(),
    strikes: fc.integer({ min: 0, max: 2 }),
    maxRounds: fc.integer({ min: 1, max: 5 }),
    roundOffset: fc.nat(4),
    confidence: fc.constantFrom(...negotiationConfidences),
    agent: fc.constantFrom(...agents),
    owners: fc.subarray(agents),
  }).map(({ roundOffset, maxRounds, ...rest }): NextActionInput => ({ ...rest, agents, maxRounds, round: Math.min(maxRounds, 1 + roundOffset) })),
);

describe('decideNextAction: properties', () => {
  test('every decision follows the 3-strike rule (2000 generated rounds)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { action, strikes, agent } = decideNextAction(input);
        if (input.sufficient) {
          expect({ action, strikes, agent }).toEqual({ action: 'accept', strikes: input.strikes, agent: input.agent });
          return;
        }
        expect(strikes).toBe(input.strikes + 1);
        expect(action === 'synthesize').toBe(strikes >= 3 || input.round >= input.maxRounds);
        if (action === 'alternative') {
          expect(agent.name).not.toBe(input.agent.name);
          expect(input.agents).toContain(agent);
          // An owner of an open aspect is preferred to the next agent in order.
          const owner = input.owners.find((candidate) => candidate.name !== input.agent.name);
          if (owner !== undefined) expect(agent).toBe(owner);
        } else {
          expect(agent).toBe(input.agent);
        }
        // Strike 1 after a reply that is not UNCERTAIN, with no owner to ask, refines.
        if (action !== 'synthesize' && strikes === 1 && input.confidence !== 'UNCERTAIN' && input.owners.every((owner) => owner.name === input.agent.name)) expect(action).toBe('refine');
        // After UNCERTAIN or on strike 2, another agent is tried whenever one has another name.
        if (action !== 'synthesize' && (input.confidence === 'UNCERTAIN' || strikes === 2) && input.agents.some((other) => other.name !== input.agent.name)) {
          const following = input.agents[(input.agents.indexOf(input.agent) + 1) % input.agents.length];
          if (following?.name !== input.agent.name || input.owners.some((owner) => owner.name !== input.agent.name)) expect(action).toBe('alternative');
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('any run of rounds ends in accept or synthesize within min(maxRounds, 3) rounds (1000 generated runs)', () => {
    const roundOutcome = fc.record({ sufficient: fc.boolean(), confidence: fc.constantFrom(...negotiationConfidences), owners: fc.subarray([a, b, c]) });
    fc.assert(
      fc.property(fc.array(roundOutcome, { minLength: 5, maxLength: 5 }), fc.integer({ min: 1, max: 5 }), (outcomes, maxRounds) => {
        const path: NegotiationAction[] = [];
        let strikes = 0;
        let agent = a;
        for (let number = 1; number <= maxRounds; number += 1) {
          const outcome = outcomes[number - 1] ?? { sufficient: true, confidence: 'HIGH' as const, owners: [] };
          const next = decideNextAction({ ...outcome, strikes, round: number, maxRounds, agent, agents: [a, b, c] });
          path.push(next.action);
          strikes = next.strikes;
          agent = next.agent;
          if (next.action === 'accept' || next.action === 'synthesize') break;
        }
        expect(path.length).toBeLessThanOrEqual(Math.min(maxRounds, 3));
        expect(['accept', 'synthesize']).toContain(path.at(-1));
        expect(path.slice(0, -1).every((action) => action === 'refine' || action === 'alternative')).toBe(true);
        expect(strikes).toBe(path.filter((action) => action !== 'accept').length);
        expect(strikes).toBeLessThanOrEqual(3);
      }),
      { numRuns: 1000 },
    );
  });
});
