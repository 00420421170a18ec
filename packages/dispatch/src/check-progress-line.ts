import { expectString } from '@parley/core';
import type { DispatchViolation } from './dispatch-violation';
import { findCue, findWord, foldText } from './text-cues';

const reasoningCues = ['because i', 'i think', 'i need to', 'let me', 'i will now', 'reasoning', 'thinking:', '我認為', '我需要', '讓我', '思考'];
const technicalWords = ['traceback', 'exception', 'error', 'stack trace', 'task id', 'lease', 'attempt', 'json', 'http', 'https', 'api', 'sql', 'stderr', 'exit code'];
const technicalCues = ['task_id', '()', '{', '}', '任務編號', '錯誤碼'];

/** Sentence ends before the last character: CJK full stops anywhere, `.!?` before a space. */
function countSentences(text: string): number {
  let ends = 0;
  const trimmed = text.trimEnd();
  for (let index = 0; index < trimmed.length - 1; index += 1) {
    const character = trimmed[index] as string;
    if ('。！？'.includes(character) || ('.!?'.includes(character) && /\s/.test(trimmed[index + 1] as string))) ends += 1;
  }
  return ends + 1;
}

/**
 * Checks a progress line sent between specialist calls (the spec's Principle 5): one short
 * sentence, with no file paths (`PROGRESS_HAS_PATH`), internal reasoning
 * (`PROGRESS_HAS_REASONING`) or technical details such as errors, ids and code
 * (`PROGRESS_HAS_TECHNICAL_DETAILS`), and not several sentences (`PROGRESS_TOO_LONG`).
 *
 * @example
 * ```ts
 * import { checkProgressLine } from '@parley/dispatch/guards';
 *
 * console.log(checkProgressLine('▶️ 商業分析專家正在生成報告，請稍候。').length); // 0
 * ```
 */
export function checkProgressLine(line: string): DispatchViolation[] {
  expectString(line, 'line');
  const folded = foldText(line.trim());
  const base = { rule: 'P5' as const };
  const violations: DispatchViolation[] = [];
  if (countSentences(folded) > 1 || folded.includes('\n') || folded.length > 160) violations.push({ ...base, code: 'PROGRESS_TOO_LONG', message: 'a progress line is one short sentence' });
  if (/(?:^|[\s(（「])(?:\/|~\/|[a-z]:\\)\S/.test(folded) || /\.[a-z0-9]{2,5}(?:\s|$|[,，。])/.test(folded)) violations.push({ ...base, code: 'PROGRESS_HAS_PATH', message: 'a progress line names no file paths' });
  const reasoning = findCue(folded, reasoningCues);
  if (reasoning !== undefined) violations.push({ ...base, code: 'PROGRESS_HAS_REASONING', message: `a progress line carries no internal reasoning ("${reasoning}")` });
  const technical = findWord(folded, technicalWords) ?? findCue(folded, technicalCues);
  if (technical !== undefined) violations.push({ ...base, code: 'PROGRESS_HAS_TECHNICAL_DETAILS', message: `a progress line carries no technical details ("${technical}")` });
  return violations;
}
