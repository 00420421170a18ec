import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { abbreviatedLeak, fence, proseAfter, review, reviewYaml, security } from './__fixtures__/responses';
import { aggregateEnvelopes } from './aggregate-envelopes';
import { parseSubagentResponse, type QuarantineRecord } from './parse-subagent-response';
import { synthesize } from './synthesize';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

describe("the source's examples", () => {
  test('good — a normal review parses, and _marker is stripped', async () => {
    const result = await parseSubagentResponse(review);
    expect(result.status).toBe('ok');
    expect(result.retried).toBe(false);
    expect(result.violations).toEqual([]);
    expect(result.envelope).toMatchObject({ summary: 'rename ok. circular import via session -> auth.', reported_by: ['staff-engineer'] });
    expect(result.envelope).not.toHaveProperty('_marker');
    expect(result.envelope.findings[0]).toMatchObject({ path: 'src/auth/session.ts', line: 42, fix: "import { verify } from './guard';" });
  });

  test('good — a blocked security finding in prose, with a placeholder and a reference', async () => {
    const result = await parseSubagentResponse(security);
    expect(result).toMatchObject({ status: 'blocked', violations: [], incidents: [] });
    expect(result.envelope.findings[0]?.note).toContain('<REDACTED:SESSION_TOKEN>');
  });

  test('bad — prose after the fence: rejected at detect, one reformat-only retry', async () => {
    const retry = vi.fn((_prompt: string) => review);
    const result = await parseSubagentResponse(proseAfter, { retry });
    expect(retry).toHaveBeenCalledOnce();
    expect(retry.mock.calls[0]?.[0]).toContain('Non-whitespace content after the closing fence');
    expect(result).toMatchObject({ status: 'ok', retried: true, violations: [] });
  });

  test('bad — prose after the fence and no retry: stubbed to malformed', async () => {
    const result = await parseSubagentResponse(proseAfter);
    expect(result.envelope).toMatchObject({ status: 'malformed', degraded_reason: 'invalid_envelope: prose_after_fence', reported_by: ['staff-engineer'], findings: [] });
    expect(result.violations).toContainEqual(expect.objectContaining({ rule: 'D6', code: 'PROSE_AFTER_FENCE' }));
  });

  test('bad — a secret leaked through a caveman abbreviation: quarantined, malformed, incident, never echoed', async () => {
    const quarantined: QuarantineRecord[] = [];
    const result = await parseSubagentResponse(abbreviatedLeak, { quarantine: (record) => void quarantined.push(record) });
    expect(result.envelope).toMatchObject({ status: 'malformed', degraded_reason: 'suspected_secret_in_output' });
    expect(result.envelope.summary).toBe('rotate <REDACTED:AWS_ACCESS_KEY_ID>14 chars...; fix logger');
    expect(result.incidents).toEqual([expect.objectContaining({ kind: 'suspected_secret', secretTypes: ['AWS_ACCESS_KEY_ID'], quarantined: true })]);
    expect(quarantined).toEqual([{ responses: [abbreviatedLeak], secretTypes: ['AWS_ACCESS_KEY_ID'] }]);
    expect(JSON.stringify(result)).not.toContain('AKIA...');
  });
});

describe('parseSubagentResponse', () => {
  test('a retry that still fails is stubbed, and the reformat prompt carries the contract', async () => {
    const retry = vi.fn((_prompt: string) => 'still prose');
    const result = await parseSubagentResponse('just prose', { retry });
    expect(retry.mock.calls[0]?.[0]).toContain('Answer with exactly one fenced ```yaml block');
    expect(result).toMatchObject({ status: 'malformed', retried: true });
    expect(result.envelope.degraded_reason).toBe('invalid_envelope: prose_before_fence');
  });

  test('a throwing retry or quarantine is reported, not thrown', async () => {
    const result = await parseSubagentResponse('prose', { retry: () => Promise.reject(new Error('network down')) });
    expect(result.violations).toContainEqual(expect.objectContaining({ code: 'RETRY_FAILED' }));
    const leaked = await parseSubagentResponse(fence(reviewYaml.replace('split guard module', token)), {
      quarantine: () => {
        throw new Error('disk full');
      },
    });
    expect(leaked.incidents[0]).toMatchObject({ quarantined: false });
  });

  test('schema violations carry field paths', async () => {
    const result = await parseSubagentResponse(fence(reviewYaml.replace('severity: low', 'severity: urgent').replace('status: ok', 'status: fine')));
    expect(result.violations.map((violation) => [violation.rule, violation.path])).toEqual(
      expect.arrayContaining([
        ['SCHEMA', 'status'],
        ['SCHEMA', 'findings[0].severity'],
      ]),
    );
    expect(result.status).toBe('malformed');
  });

  test('violation messages that quote the response never carry a secret', async () => {
    const result = await parseSubagentResponse(['```yaml', '*a', `summary: "${token}"`, '```'].join('\n'));
    expect(result.violations.length).toBeGreaterThan(0);
    expect(JSON.stringify(result)).not.toContain(token.slice(4, 12));
  });

  test('hostile YAML becomes a violation, not a crash', async () => {
    for (const yaml of ['a: !!js/function "x"', `a: ${'['.repeat(5000)}`, '__proto__: {polluted: true}\nschema_version: "1"']) {
      const result = await parseSubagentResponse(fence(yaml));
      expect(result.status).toBe('malformed');
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });

  test('never throws and never echoes a secret, whatever the child says (fast-check)', async () => {
    const pieces = fc.constantFrom('```yaml\n', '```\n', 'status: ok\n', `summary: "${token}"\n`, 'reported_by: [a]\n', 'schema_version: "1"\n', 'prose\n', 'a: [\n', '&a x\n', '*a\n', '---\n', `note: ${token.match(/.{1,4}/g)?.join(' ')}\n`);
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 12 }), async (parts) => {
        const result = await parseSubagentResponse(parts.join(''));
        expect(['ok', 'partial', 'blocked', 'error', 'malformed']).toContain(result.status);
        expect(JSON.stringify(result)).not.toContain(token.slice(4, 12));
        expect(result.envelope).not.toHaveProperty('_marker');
      }),
      { numRuns: 300 },
    );
  });
});

describe('aggregate and synthesize', () => {
  test('worst status, merged findings, union of reporters; no YAML or _marker in the synthesis', async () => {
    const first = (await parseSubagentResponse(review)).envelope;
    const second = (await parseSubagentResponse(security)).envelope;
    const aggregate = aggregateEnvelopes([first, second, first]);
    expect(aggregate.status).toBe('blocked');
    expect(aggregate.reportedBy).toEqual(['staff-engineer', 'security-reviewer']);
    expect(aggregate.findings.map((finding) => finding.severity)).toEqual(['high', 'low']);
    const text = synthesize(aggregate);
    expect(text).toContain('A subagent is blocked. (staff-engineer, security-reviewer)');
    expect(text).toContain('- high authn (src/middleware/logger.ts:17):');
    expect(text).not.toMatch(/```|schema_version|_marker|parent-only/);
  });
});
