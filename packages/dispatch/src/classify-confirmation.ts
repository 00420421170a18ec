import { expectString } from '@parley/core';
import { findCue, foldText } from './text-cues';

/** How a user answered a presented plan. */
export type ConfirmationKind = 'confirm' | 'skip-plan' | 'change-request' | 'question' | 'empty';

/** What {@link classifyConfirmation} decided, and the cue that decided it. */
export interface ConfirmationClassification {
  readonly kind: ConfirmationKind;
  readonly cue: string | undefined;
}

/** Words and phrases that, alone or together, confirm a plan. Longest first, for greedy matching. */
const confirmVocabulary = [
  '開始執行', '沒問題', '可以的', '確認', '同意', '開始', '好的', '好啊', '好吧', '可以', '執行', '進行', '沒錯', '對', '好', '行', '嗯', '請', '吧', '啊', '了', '喔', '哦',
  "let's go", 'sounds good', 'looks good', 'lgtm', 'go for it', 'okay', 'ok', 'go', 'yes', 'yep', 'yeah', 'sure', 'start', 'confirm', 'confirmed', 'approved', 'approve', 'proceed', 'please', 'run it', 'do it', "let's", 'fine', 'great', 'y',
  '👍', '👌', '✅', '🆗',
].toSorted((left, right) => right.length - left.length);
const fillers = new Set(['請', '吧', '啊', '了', '喔', '哦', 'please', "let's"]);
const skipPlanCues = ['直接做', '直接開始', '直接執行', '不用計劃', '不用計畫', '不需要計劃', '不需要計畫', '不用規劃', '免計劃', '跳過計劃', 'go ahead', 'just do it', 'skip the plan', 'no plan', "don't need a plan", 'no need for a plan', 'without a plan'];
const questionStarts = ['what', 'why', 'how', 'which', 'who', 'when', 'where', 'can ', 'could ', 'will ', 'would ', 'does ', 'do ', 'is ', 'are ', 'should ', '為什麼', '為何', '什麼', '怎麼', '如何', '哪', '誰', '能不能', '可不可以', '是不是', '會不會', '要不要'];
const questionEnds = ['?', '？', '嗎', '呢', '麼'];
const separators = /[\s,.!;:，。！；：、~～…-]+/g;

/**
 * Classifies the user's message after a plan was presented (the spec's Principle 1): `confirm`
 * ("OK", "好", "同意", "開始", "go", and combinations such as "好，開始吧"), `skip-plan` ("直接做",
 * "不用計劃", "go ahead"), `question` (asks something: answer it, then confirm again),
 * `change-request` (anything else: revise the plan and present it again), or `empty`. A
 * confirmation with anything more ("OK but use Excel") is a change request.
 *
 * @example
 * ```ts
 * import { classifyConfirmation } from '@parley/dispatch/guards';
 *
 * console.log(classifyConfirmation('好，開始吧').kind); // confirm
 * console.log(classifyConfirmation('OK 但輸出改成 Excel').kind); // change-request
 * ```
 */
export function classifyConfirmation(message: string): ConfirmationClassification {
  expectString(message, 'message');
  const folded = foldText(message).trim();
  if (folded === '') return { kind: 'empty', cue: undefined };
  const skip = findCue(folded, skipPlanCues);
  if (skip !== undefined) return { kind: 'skip-plan', cue: skip };
  const end = questionEnds.find((cue) => folded.replaceAll(separators, '').endsWith(cue));
  if (end !== undefined) return { kind: 'question', cue: end };
  // Confirmation: the whole message is made of confirmation words, at least one of them not a filler.
  let rest = folded.replaceAll(separators, ' ').trim();
  const used: string[] = [];
  while (rest !== '') {
    const word = confirmVocabulary.find((candidate) => rest.startsWith(candidate) && (!/[a-z]$/.test(candidate) || !/[a-z]/.test(rest[candidate.length] ?? '')));
    if (word === undefined) break;
    used.push(word);
    rest = rest.slice(word.length).trimStart();
  }
  const decisive = used.find((word) => !fillers.has(word));
  if (rest === '' && decisive !== undefined) return { kind: 'confirm', cue: decisive };
  const start = questionStarts.find((cue) => folded.startsWith(cue));
  if (start !== undefined) return { kind: 'question', cue: start };
  return { kind: 'change-request', cue: undefined };
}
