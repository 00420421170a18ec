import { excerpt } from '@parley/core';
import { existsSync } from 'node:fs';
import type { DispatchViolation } from './dispatch-violation';
import type { ReplyContext } from './reply-context';
import { findCue, foldText } from './text-cues';

/** Words that, right before an id, make it a task id. */
const taskCues = ['任務編號', '任務id', '任務 id', '任務', '工單', '編號', 'task id', 'task', 'tasks', 'ticket', 'job id', 'job'];
/** Words near a `#` word that make it something else: a colour, an issue, a commit. */
const otherCues = ['color', 'colour', '顏色', '色', 'rgb', 'hex', 'background', 'fill', 'stroke', 'css', 'issue', 'pull request', 'pr ', 'commit', 'sha', 'hash', 'version', 'step', 'room', '房'];
const promiseCues = [
  '我會請', '我會將', '我會更新', '我會通知', '我會盡快', '我會處理', '我會再', '我會馬上', '我會立即', '會立即通知', '完成後我會', '完成後會通知', '馬上處理', '立即處理', '正在處理', '處理中', '已派', '已安排', '已建立新任務', '已排入', '已交給', '稍後提供', '稍後給您',
  "i'll have", 'i will have', "i'll ask", 'i will ask', "i'll update", 'i will update', "i'll get", "i'll make", 'i will make', "i'll extend", "i'll fix", "i'm on it", 'working on it', 'will notify you', 'will let you know', 'let you know when', 'dispatched', 'queued', 'is in progress', 'are in progress', 'has been assigned', 'have been assigned',
];
const completionCues = [
  '已生成', '已完成', '已傳遞', '已交付', '已產出', '已經完成', '已寫入', '已儲存', '已上傳', '報告已', '檔案已', '已經生成', '已經產出', '已製作',
  'is ready', 'are ready', 'has been generated', 'have been generated', 'has been created', 'have been created', 'is complete', 'is completed', 'is done', 'are done', 'has been delivered', 'have been delivered', "i've finished", 'i have finished', 'here is the report', "here's the report", 'here are the results', 'successfully generated', 'successfully created',
];

const askAgainCues = ['要不要派', '要不要繼續', '要不要開始', '要不要進行', '是否繼續', '是否要派', '是否要繼續', '是否開始', '需要我繼續', '要我繼續', 'shall i dispatch', 'shall i continue', 'shall i proceed', 'should i proceed', 'should i continue', 'do you want me to continue', 'do you want me to proceed', 'want me to start step', 'want me to dispatch', 'ok to proceed', 'okay to proceed'];

/** Whether a cited id names `known`: the whole id, or a prefix of at least 6 characters. */
const names = (known: string, id: string): boolean => known === id || (id.length >= 6 && known.startsWith(id));

const isIdCharacter = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45;
const hasDigit = (word: string): boolean => /\d/.test(word);
/** Whether a word with no digit still has an id's shape: 6 or more of the store's hex letters (`deadbeef`). */
const isHexLetterId = (word: string): boolean => word.length >= 6 && /^[a-f]+(?:-[a-f]+)*$/i.test(word);
/** Words that make a line about dispatching: there a `#deadbeef` (hex letters, no digit) is a task id too. */
const dispatchCues = [...taskCues, 'dispatch', 'queued', 'assigned', 'scheduled', 'started', '已派', '派工', '已建立', '已排入', '排入', '處理中'];

/** Finds the violations of one reply, line by line, so a stream gives the verdict of the whole text. */
export class ReplyChecker {
  readonly #context: ReplyContext;
  readonly #ids: readonly string[];
  /** Ids of tasks that are still under way: dispatched now, or known and not completed. */
  readonly #pending: readonly string[];
  /** Whether the reply cited a task still under way, which a status or a promise may be about. */
  #citesPending = false;
  readonly #cited = new Set<string>();
  readonly #files = new Set<string>();
  #promise: { readonly cue: string; readonly line: number } | undefined;
  #completion: { readonly cue: string; readonly line: number } | undefined;
  #askedAgain = false;
  #line = 0;

  constructor(context: ReplyContext) {
    this.#context = context;
    this.#ids = [...context.dispatched, ...(context.known ?? [])].map((id) => id.toLowerCase());
    const completed = new Set((context.completed ?? []).map((id) => id.toLowerCase()));
    this.#pending = this.#ids.filter((id) => !completed.has(id));
  }

  /** Checks one line (without its `\n`); returns what the line alone breaks. */
  line(text: string): DispatchViolation[] {
    this.#line += 1;
    const violations: DispatchViolation[] = [];
    const folded = foldText(text);
    for (const id of this.#citedIds(text, folded)) {
      if (this.#cited.has(id)) continue;
      this.#cited.add(id);
      if (this.#pending.some((known) => names(known, id))) this.#citesPending = true;
      if (this.#ids.some((known) => names(known, id))) continue;
      violations.push({
        rule: 'P0',
        code: 'HALLUCINATED_DISPATCH',
        message: `the reply cites task ${id}, which no dispatch call created (dispatched: ${this.#context.dispatched.map((known) => known.slice(0, 8)).join(', ') || 'none'})`,
        taskId: id,
        line: this.#line,
      });
    }
    // The next `]` is searched once for all the markers before it, so many markers stay linear.
    let end = -1;
    for (let start = text.indexOf('[FILE:'); start >= 0; start = text.indexOf('[FILE:', start + 1)) {
      if (end < start) end = text.indexOf(']', start);
      if (end < 0) break;
      const path = text.slice(start + 6, end).trim();
      if (path === '' || this.#files.has(path)) continue;
      this.#files.add(path);
      if (this.#context.delivered?.includes(path) === true || (this.#context.fileExists ?? existsSync)(path)) continue;
      violations.push({ rule: 'P6', code: 'MISSING_FILE', message: `[FILE: ${excerpt(path)}] is neither on disk nor among the outputs the store recorded`, path, line: this.#line });
    }
    const askAgain = this.#context.planConfirmed === true && !this.#askedAgain ? findCue(folded, askAgainCues) : undefined;
    if (askAgain !== undefined) {
      this.#askedAgain = true;
      violations.push({
        rule: 'P0',
        code: 'CONFIRMATION_ASKED_AGAIN',
        message: `the user already confirmed the plan, yet the reply asks again ("${askAgain}"): the chain goes on by itself`,
        line: this.#line,
      });
    }
    const promise = findCue(folded, promiseCues);
    if (promise !== undefined) this.#promise ??= { cue: promise, line: this.#line };
    const completion = findCue(folded, completionCues);
    if (completion !== undefined) this.#completion ??= { cue: completion, line: this.#line };
    return violations;
  }

  /** The violations only the whole reply shows: a promise with no dispatch, a claim with no completion. */
  end(): DispatchViolation[] {
    const violations: DispatchViolation[] = [];
    // A promise about a task still under way ("BA (#1a2b3c4d) 仍在處理中，完成後我會通知您") is a status.
    if (this.#promise !== undefined && this.#context.dispatched.length === 0 && !this.#citesPending) {
      violations.push({
        rule: this.#context.iteration === true ? 'P1A' : 'P0',
        code: 'VERBAL_ONLY_PROMISE',
        message: `the reply promises work ("${this.#promise.cue}") but nothing was dispatched in this turn: dispatch the task first, then reply with its id`,
        line: this.#promise.line,
      });
    }
    if (this.#completion !== undefined && (this.#context.completed ?? []).length === 0) {
      violations.push({
        rule: 'P6',
        code: 'UNVERIFIED_COMPLETION',
        message: `the reply claims completion ("${this.#completion.cue}") but no task has a completion signal`,
        line: this.#completion.line,
      });
    }
    return violations;
  }

  /**
   * The words of a line that cite a task: after a task cue, or after `#` with no colour/issue/commit
   * cue near. A word needs a digit, or else the shape of an id of hex letters (`deadbeef`, 6 or
   * more) and, after `#`, a line about dispatching: models invent such ids, while `#facade` in
   * prose is a word.
   */
  *#citedIds(text: string, folded: string): Generator<string> {
    let aboutDispatch: boolean | undefined;
    let index = 0;
    while (index < text.length) {
      if (!isIdCharacter(text.charCodeAt(index)) || text[index] === '-') {
        index += 1;
        continue;
      }
      let end = index;
      while (end < text.length && isIdCharacter(text.charCodeAt(end))) end += 1;
      let word = text.slice(index, end);
      while (word.endsWith('-')) word = word.slice(0, -1);
      const start = index;
      index = end;
      if (word.length < 4 || word.length > 64 || (start > 0 && isIdCharacter(text.charCodeAt(start - 1)))) continue;
      const digit = hasDigit(word);
      if (!digit && !isHexLetterId(word)) continue;
      const id = word.toLowerCase();
      const hash = text[start - 1] === '#';
      let trimmed = foldText(text.slice(Math.max(0, start - 24), start));
      while (trimmed !== '' && ' \t:：#(（=,，「'.includes(trimmed.at(-1) as string)) trimmed = trimmed.slice(0, -1);
      const afterTaskCue = taskCues.some((cue) => trimmed.endsWith(cue));
      if (afterTaskCue) yield id;
      else if (hash && findCue(foldText(text.slice(Math.max(0, start - 32), start)), otherCues) === undefined) {
        aboutDispatch ??= findCue(folded, dispatchCues) !== undefined;
        if (digit || aboutDispatch) yield id;
      }
    }
  }
}
