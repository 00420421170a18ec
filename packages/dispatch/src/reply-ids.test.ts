// Task ids with no digit (issue 13): models invent ids such as #deadbeef; the reply guard checks
// them too, without turning colours, issues, commits or ordinary words after `#` into ids.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkReply } from './check-reply';
import type { ReplyContext } from './reply-context';

const a = 'a1b2c3d4-0d1e-4f00-8a5b-6c7d8e9f0a1b';
const hallucinated = (reply: string, context: ReplyContext): string[] =>
  checkReply(reply, { fileExists: () => true, ...context })
    .violations.filter((violation) => violation.code === 'HALLUCINATED_DISPATCH')
    .map((violation) => violation.taskId ?? '');

describe('ids of hex letters only are task ids in a line about dispatching', () => {
  test('the reported shape: Dispatched #a1b2c3d4 and #deadbeef, only the first real', () => {
    expect(hallucinated('Dispatched #a1b2c3d4 and #deadbeef', { dispatched: [a] })).toEqual(['deadbeef']);
    expect(hallucinated('已派工：Coding (#a1b2c3d4)、BA (#cafebabe) 已排入待辦。', { dispatched: [a] })).toEqual(['cafebabe']);
    expect(hallucinated('Created task deadbeef for the report.', { dispatched: [a] })).toEqual(['deadbeef']);
    expect(hallucinated('任務編號：FACADE', { dispatched: [a] })).toEqual(['facade']);
  });

  test('colours, issues, commits, short words and words in prose keep their treatment', () => {
    const harmless = [
      'Set the colour to #ffffff and the background: #deadbe.',
      'Dispatched the fix for issue #1234; commit deadbeef is in.',
      'The #facade pattern and the #decade view are ready.',
      'Dispatched task #a1b2c3d4 (#abc and #added are not ids).',
      'Dispatched #a1b2c3d4; css: color #fafafa, fill #abcdef.',
    ];
    for (const reply of harmless) expect(hallucinated(reply, { dispatched: [a] }), reply).toEqual([]);
  });

  const hexLetters = fc.string({ unit: fc.constantFrom(...'abcdef'), minLength: 6, maxLength: 12 });
  const hexWithDigit = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 8 }).filter((id) => /\d/.test(id));
  const invented = fc.oneof(hexLetters, hexWithDigit, hexLetters.map((id) => id.toUpperCase()));
  const dispatchLine = fc
    .tuple(fc.constantFrom('Dispatched', '已派工：', 'Queued', 'Tasks started:', '已建立新任務'), fc.array(fc.oneof(fc.constant('real'), invented), { minLength: 1, maxLength: 4 }), fc.constantFrom(' and ', '、', ', ', ' then '))
    .map(([cue, ids, joiner]) => ({ ids, line: `${cue} ${ids.map((id) => `#${id === 'real' ? a.slice(0, 8) : id}`).join(joiner)}` }));
  const proseLine = fc.constantFrom(
    'The palette: colour #ffffff, background #deadbe.',
    'See issue #1234 and commit 3f2a9c1.',
    'Our #facade and #decade notes.',
    'The report is attached.',
    'css: fill #abcdef;',
  );

  test('every invented id is reported, no real id, colour, issue or word is (property, 500 replies)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(dispatchLine, proseLine.map((line) => ({ ids: [] as string[], line }))), { minLength: 1, maxLength: 6 }), (lines) => {
        const expected = [...new Set(lines.flatMap((entry) => entry.ids).filter((id) => id !== 'real').map((id) => id.toLowerCase()))].filter((id) => !a.startsWith(id));
        const reply = lines.map((entry) => entry.line).join('\n');
        expect(hallucinated(reply, { dispatched: [a] }).toSorted()).toEqual(expected.toSorted());
      }),
      { numRuns: 500 },
    );
  });
});
