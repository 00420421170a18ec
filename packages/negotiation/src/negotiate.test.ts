import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { negotiate } from './negotiate';
import { NegotiationAbortedError } from './negotiation-aborted-error';
import type { NegotiationRequest } from './negotiation-request';
import { formatStructuredResponse, type StructuredResponse } from './structured-response';

const reply = (response: StructuredResponse): string => formatStructuredResponse(response);

describe('the spec scenarios', () => {
  test('1 — comparative: tokio answers MEDIUM with gaps, the orchestrator answers its questions and asks async-std', async () => {
    const asked: Array<[string, NegotiationRequest]> = [];
    const result = await negotiate({
      query: 'Compare tokio and async-std for web servers',
      agents: [
        { name: 'tokio-agent', covers: ['tokio'] },
        { name: 'async-std-agent', covers: ['async-std'] },
      ],
      known: { 'web framework': 'axum for tokio, tide for async-std', 'multi-threaded': 'yes' },
      ask: (agent, request) => {
        asked.push([agent, request]);
        return agent === 'tokio-agent'
          ? reply({
              findings: ['tokio has a multi-threaded work-stealing runtime; axum builds on it'],
              confidence: 'MEDIUM',
              gaps: ['no web-specific benchmarks', 'no async-std comparison'],
              contextNeeded: ['Which web framework?', 'Is a multi-threaded runtime needed?'],
            })
          : reply({
              findings: ['async-std mirrors the std API; tide builds on it; both runtimes are multi-threaded'],
              confidence: 'HIGH',
              gaps: ['no formal benchmarks (documented characteristics only)'],
              contextNeeded: [],
            });
      },
    });
    expect(result.rounds.map((round) => [round.agent, round.response.confidence, round.action])).toEqual([
      ['tokio-agent', 'MEDIUM', 'alternative'],
      ['async-std-agent', 'HIGH', 'accept'],
    ]);
    // Round 2 carries the answers to round 1's context questions.
    expect(asked[1]?.[1].context.answers).toEqual([
      { question: 'Which web framework?', answer: 'axum for tokio, tide for async-std' },
      { question: 'Is a multi-threaded runtime needed?', answer: 'yes' },
    ]);
    expect(asked[1]?.[1].prompt).toContain('Which web framework? → axum for tokio, tide for async-std');
    expect(result.sources).toEqual([
      { aspect: 'tokio', agent: 'tokio-agent', round: 1 },
      { aspect: 'async-std', agent: 'async-std-agent', round: 2 },
    ]);
    expect(result.confidence).toBe('MEDIUM');
    expect(result.gaps).toContain('no formal benchmarks (documented characteristics only)');
    expect(result.escalation).toEqual({ strikes: 1, path: ['alternative', 'accept'], exhausted: false });
  });

  test('2 — cross-domain: the error lookup is HIGH but lacks the domain; the domain agent gets the trading context', async () => {
    const result = await negotiate({
      query: 'E0382 in my trading system',
      agents: ['rust-errors', { name: 'domain-fintech', covers: ['trading system'] }],
      known: { 'data is being moved': 'order records shared between the matcher and the audit log', 'shared state': 'yes, read-only after creation' },
      ask: (agent) =>
        agent === 'rust-errors'
          ? reply({ findings: ['E0382 is use of a moved value'], confidence: 'HIGH', gaps: ['no trading-specific context'], contextNeeded: ['What data is being moved?', 'Is this shared state?'] })
          : reply({ findings: ['trading records need Arc<T> so the audit log shares immutable order data'], confidence: 'HIGH', gaps: [], contextNeeded: [] }),
    });
    expect(result.rounds.map((round) => [round.agent, round.action, round.covered])).toEqual([
      ['rust-errors', 'alternative', ['E0382']],
      ['domain-fintech', 'accept', ['trading system']],
    ]);
    expect(result.rounds[0]?.blockingGaps).toEqual(['no trading-specific context']);
    expect(result.rounds[1]?.request.context.answers.map((entry) => entry.answer)).toEqual(['order records shared between the matcher and the audit log', 'yes, read-only after creation']);
    expect(result.confidence).toBe('HIGH');
    expect(result.answer).toContain('trading records need Arc<T>');
  });
});

describe('the 3-strike rule', () => {
  test('refine, then an alternative agent, then a best-effort synthesis that states its gaps', async () => {
    const asked: string[] = [];
    const result = await negotiate({
      query: 'tokio performance',
      agents: ['bench-agent', 'docs-agent'],
      ask: (agent, request) => {
        asked.push(`${agent}@${request.round}`);
        return reply({ findings: [`round ${request.round}: latency depends on the workload`], confidence: 'LOW', gaps: ['no tokio performance numbers for this workload'], contextNeeded: ['Which workload?'] });
      },
    });
    expect(asked).toEqual(['bench-agent@1', 'bench-agent@2', 'docs-agent@3']);
    expect(result.escalation).toEqual({ strikes: 3, path: ['refine', 'alternative', 'synthesize'], exhausted: true });
    expect(result.confidence).toBe('LOW');
    expect(result.gaps).toContain('no sufficient answer for "tokio performance"');
    expect(result.answer).toContain('Confidence: LOW (best effort)');
    // A best-effort synthesis combines the findings of every round.
    expect(result.answer).toContain('- round 1: latency depends on the workload [bench-agent, round 1, LOW]');
    expect(result.answer).toContain('- round 3: latency depends on the workload [docs-agent, round 3, LOW]');
    expect(result.rounds[2]?.request.context.openUncertainties).toContain('Which workload?');
  });
});

describe('agents that misbehave', () => {
  test('garbage, a throw and a hang are UNCERTAIN with violations, and the loop goes on', async () => {
    vi.useFakeTimers();
    try {
      const pending = negotiate({
        query: 'how to design auth',
        agents: ['garbage', 'thrower', 'hanger'],
        timeoutMilliseconds: 1000,
        ask: (agent) => {
          if (agent === 'garbage') return '¯\\_(ツ)_/¯';
          if (agent === 'thrower') throw new Error('rate limited');
          return new Promise<string>(() => {});
        },
      });
      await vi.advanceTimersByTimeAsync(1000);
      const result = await pending;
      expect(result.rounds.map((round) => [round.agent, round.response.confidence, round.violations[0]?.code])).toEqual([
        ['garbage', 'UNCERTAIN', 'NOT_STRUCTURED'],
        ['thrower', 'UNCERTAIN', 'AGENT_FAILED'],
        ['hanger', 'UNCERTAIN', 'TIMEOUT'],
      ]);
      expect(result.confidence).toBe('UNCERTAIN');
      expect(result.escalation.exhausted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  test('streamed replies are read like text', async () => {
    async function* stream(): AsyncGenerator<string> {
      yield 'Findings:\n- tokio 1.x is sta';
      yield 'ble\nConfidence: HIGH\nGaps:\n- none\nContext Needed:\n- none\n';
    }
    const result = await negotiate({ query: 'tokio stability', agents: ['a'], ask: () => stream() });
    expect(result.rounds[0]?.response.findings).toEqual(['tokio 1.x is stable']);
    expect(result.escalation.path).toEqual(['accept']);
  });

  test('cancellation rejects with a typed error', async () => {
    const controller = new AbortController();
    const pending = negotiate({
      query: 'how to design auth',
      agents: ['slow'],
      signal: controller.signal,
      ask: () => new Promise<string>(() => {}),
    });
    controller.abort();
    await expect(pending).rejects.toSatisfy((error) => NegotiationAbortedError.isInstance(error) && error.code === 'NEGOTIATION_ABORTED');
  });
});

test('always ends within maxRounds and the strike limit, whatever the agents answer (fast-check)', async () => {
  const answer = fc.oneof(
    fc.record({
      findings: fc.array(fc.constantFrom('tokio is fast', 'async-std is simple', 'x'), { maxLength: 2 }),
      confidence: fc.constantFrom('HIGH', 'MEDIUM', 'LOW', 'UNCERTAIN' as const),
      gaps: fc.array(fc.constantFrom('no tokio data', 'no async-std data', 'none known'), { maxLength: 2 }),
      contextNeeded: fc.array(fc.constantFrom('Which version?', 'Which OS?'), { maxLength: 2 }),
    }).map((response) => ({ kind: 'reply' as const, text: formatStructuredResponse(response) })),
    fc.string().map((text) => ({ kind: 'reply' as const, text })),
    fc.constant({ kind: 'throw' as const, text: '' }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(answer, { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 5 }), async (answers, maxRounds) => {
      let calls = 0;
      const result = await negotiate({
        query: 'Compare tokio and async-std',
        agents: [{ name: 'a', covers: ['tokio'] }, { name: 'b', covers: ['async-std'] }, 'c'],
        maxRounds,
        ask: () => {
          const next = answers[calls % answers.length];
          calls += 1;
          if (next?.kind === 'throw') throw new Error('down');
          return next?.text ?? '';
        },
      });
      expect(result.rounds.length).toBeLessThanOrEqual(Math.min(maxRounds, 3));
      expect(result.rounds.length).toBe(calls);
      expect(result.escalation.strikes).toBeLessThanOrEqual(3);
      expect(['accept', 'synthesize']).toContain(result.escalation.path.at(-1));
    }),
    { numRuns: 200 },
  );
});
