// One vocabulary (issue 17): every dispatch violation — of a reply (whole or streamed in any
// chunking), a request, a path or a progress line — is reported under a rule its code's table entry
// lists, with a code of the table.
import { formatViolation } from '@parley/core';
import { runChunks, splitAt } from '@parley/core/testing';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkIterationPath } from './check-iteration-path';
import { checkProgressLine } from './check-progress-line';
import { checkReply } from './check-reply';
import { checkSharedPath } from './check-shared-path';
import type { DispatchViolation } from './dispatch-violation';
import { dispatchViolationRules } from './dispatch-violation-rules';
import { guardReplyStream } from './guard-reply-stream';
import { lintRequest } from './lint-request';

const expectOfTheTable = (violation: DispatchViolation): void => {
  expect(Object.hasOwn(dispatchViolationRules, violation.code), violation.code).toBe(true);
  expect(dispatchViolationRules[violation.code] as readonly string[], violation.code).toContain(violation.rule);
};

const real = 'a1b2c3d4-0d1e-4f00-8a5b-6c7d8e9f0a1b';
/** Pieces that set off every reply code: invented ids, missing files, promises, claims, asking again. */
const replyPiece = fc.constantFrom('已派工 #a1b2c3d4', ' #deadbeef', 'task 9f3e2a71', '[FILE: /nowhere.pdf]', '[FILE: /app/out/a.csv]', '報告已生成', "I'll update the report", '我會請 BA 處理', '要不要繼續', '\n', ' ', 'x');
const reply = fc.array(replyPiece, { maxLength: 12 }).map((pieces) => pieces.join(''));
const contexts = fc.record({
  dispatched: fc.constantFrom([], [real]),
  completed: fc.constantFrom([], [real]),
  planConfirmed: fc.boolean(),
  iteration: fc.boolean(),
});
/** Pieces of requests, paths and progress lines that break P1A, P1B, P2 and P5. */
const textPiece = fc.constantFrom('load', 'analyse', 'then ask BA to', 'as discussed', 'coordinate', ' /app/data/shared/', 'costaff-agent-coding/', 'costaff_agent_x/', 'Wine EDA/', 'report_v2.pdf', 'out.csv', ' because ', 'pandas', '.', ' ');
const text = fc.array(textPiece, { maxLength: 10 }).map((pieces) => pieces.join(''));

describe('dispatchViolationRules', () => {
  test('rule ids are the principles, upper case without hyphens', () => {
    for (const rules of Object.values(dispatchViolationRules)) for (const rule of rules) expect(rule).toMatch(/^(?:P0|P1A|P1B|P2|P5|P6)$/u);
  });

  test('the reported shapes: principle-1b is P1B, a cited invented id is P0, and they print through formatViolation', () => {
    const [flat] = checkSharedPath('/app/data/shared/costaff-agent-coding/wine_stats.csv', { project: 'Wine EDA' });
    expect(flat).toMatchObject({ rule: 'P1B', code: 'FLAT_ROOT_PATH' });
    const [invented] = checkReply('已派工，任務編號：#9f3e2a71', { dispatched: [real] }).violations;
    expect(invented).toMatchObject({ rule: 'P0', code: 'HALLUCINATED_DISPATCH', taskId: '9f3e2a71', line: 1 });
    expect(formatViolation(invented as DispatchViolation)).toMatch(/^P0 HALLUCINATED_DISPATCH at line 1: /u);
    const promise = checkReply("I'll update the report.", { dispatched: [], iteration: true }).violations;
    expect(promise).toEqual([expect.objectContaining({ rule: 'P1A', code: 'VERBAL_ONLY_PROMISE' })]);
  });

  test('the stream emits each violation flat, the violation itself plus its stream', () => {
    const { events } = runChunks(guardReplyStream({ dispatched: [real] }), ['任務編號：#9f3e', '2a71\n'], { streamId: 's' });
    const violation = events.find(({ name }) => name === 'violation')?.event;
    expect(violation).toEqual({ stream: 's', ...checkReply('任務編號：#9f3e2a71\n', { dispatched: [real] }).violations[0] });
  });

  test('property: replies, whole and streamed in any chunking, report only codes of the table under their rules (300 replies)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(reply, contexts, fc.array(fc.nat(), { maxLength: 6 }), (input, context, cuts) => {
        const whole = checkReply(input, { ...context, fileExists: () => false });
        for (const violation of whole.violations) expectOfTheTable(violation);
        const offsets = cuts.map((cut) => cut % (input.length + 1));
        const guard = guardReplyStream({ ...context, fileExists: () => false }, { mode: 'withhold', maxReplyLength: 64 });
        for (const { name, event } of runChunks(guard, splitAt(input, offsets), { streamId: 's' }).events) {
          if (name === 'violation') expectOfTheTable(event as unknown as DispatchViolation);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('property: requests, paths and progress lines report only codes of the table under their rules (300 texts)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(text, (input) => {
        const found = [...lintRequest(input), ...checkSharedPath(input.trim()), ...checkProgressLine(input), ...checkIterationPath(input.trim(), '/app/data/shared/costaff-agent-coding/wine-eda/report.pdf')];
        for (const violation of found) expectOfTheTable(violation);
      }),
      { numRuns: 300 },
    );
  });
});
