import { excerpt, expectString } from '@parley/core';
import { type CheckSharedPathOptions, checkSharedPath } from './check-shared-path';
import type { DispatchViolation } from './dispatch-violation';
import { findCue, findWord, foldText } from './text-cues';

/** Options of {@link lintRequest}. */
export interface LintRequestOptions extends CheckSharedPathOptions {
  /** The other specialists' tool names (`business_analysis_agent`); naming one in a request is chaining. */
  readonly otherAgents?: readonly string[];
}

const acknowledgements = new Set(['ok', 'okay', 'go', 'yes', 'do it', 'go ahead', 'continue', 'proceed', 'sure', 'start', '好', '好的', '開始', '同意', '繼續', '是', '可以', '行', '執行']);
const englishVerbs = [
  'load', 'read', 'write', 'create', 'generate', 'produce', 'build', 'run', 'train', 'analyze', 'analyse', 'compute', 'calculate', 'plot', 'draw',
  'fix', 'update', 'modify', 'extend', 'add', 'remove', 'delete', 'refactor', 'implement', 'save', 'export', 'convert', 'summarize', 'summarise',
  'translate', 'review', 'test', 'research', 'search', 'find', 'compare', 'design', 'draft', 'prepare', 'clean', 'merge', 'split', 'evaluate',
  'fetch', 'download', 'render', 'compile', 'edit', 'rewrite', 'patch', 'insert', 'make', 'collect', 'scrape', 'parse', 'format', 'optimize',
  'optimise', 'visualize', 'visualise', 'chart', 'list', 'count', 'extract', 'fit', 'predict', 'classify', 'score', 'check', 'validate', 'verify',
  'compose', 'produce', 'store', 'append', 'expand', 'outline', 'estimate', 'forecast', 'audit', 'map', 'sort', 'filter', 'aggregate', 'deploy',
];
const chineseVerbs = ['讀取', '載入', '讀', '寫', '建立', '生成', '產生', '製作', '分析', '計算', '訓練', '繪製', '畫', '修改', '修復', '修正', '更新', '擴展', '加入', '新增', '刪除', '儲存', '存成', '存為', '匯出', '轉換', '摘要', '翻譯', '撰寫', '整理', '比較', '設計', '執行', '搜尋', '研究', '下載', '輸出', '產出', '檢查', '驗證', '預測', '統計', '清理', '合併', '擷取'];
const formatWords = ['pdf', 'csv', 'json', 'markdown', 'png', 'jpg', 'jpeg', 'svg', 'html', 'excel', 'xlsx', 'docx', 'pptx', 'txt', 'yaml', 'parquet', 'python script', 'notebook', '報告', '圖表', '表格', '簡報', '試算表'];
const englishFormatWords = formatWords.filter((word) => /^[a-z ]+$/.test(word));
const otherFormatWords = formatWords.filter((word) => !/^[a-z ]+$/.test(word));
const chainingCues = ['then pass', 'pass it to', 'pass the result to', 'pass to', 'then send', 'send it to', 'forward to', 'forward it', 'after this,', 'after that, ask', 'then ask', 'next, ask', 'and then have', 'then give', '交給', '轉交', '傳給', '然後請', '再請', '之後請', '完成後交'];
const orchestrationWords = ['delegate', 'transfer', 'hand off', 'hand it off', 'handoff', 'hand-off', 'dispatch', 'orchestrate', 'assign'];
const orchestrationCues = ['委派', '派給', '指派', '轉派', '派工'];
const conversationCues = [
  "user's earlier", 'earlier message', 'previous message', 'as discussed', 'what we discussed', 'we discussed', 'as mentioned', 'mentioned above', 'mentioned earlier', 'discussed above', 'see above', 'as above', 'as before', 'like before', 'same as before', 'the conversation', 'the chat above', 'what the user said', 'the user said', 'the user asked',
  '之前說的', '剛才', '上面提到', '前面提到', '如前所述', '我們討論', '之前討論', '用戶之前', '使用者先前', '使用者之前', '依照先前', '照之前',
];

const isSpace = (character: string): boolean => character === ' ' || character === '\n' || /\s/u.test(character);
/** Characters after which a `/` may start a path: white space, a quote, a bracket, `:` or `=`. */
const pathOpeners = new Set(['`', "'", '"', '(', '（', '「', ':', '：', '=']);
/** Characters that end a path: white space, quotes, brackets and sentence punctuation. */
const pathClosers = new Set(['`', "'", '"', '(', ')', '（', '）', '「', '」', ',', '，', ';', '；', '。', '、', '！', '？', '：']);
/** Sentence punctuation dropped from the end of a path. */
const trailingPunctuation = new Set(['.', '。', ':', '：', '!', '！', '?', '？']);

/** Where a path found in a request lies, `[start, end)`. */
interface PathRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Absolute paths in a request: runs that start with `/` and hold a second `/` or a file extension.
 * One pass: each character is visited a bounded number of times.
 */
function findPaths(request: string): PathRange[] {
  const paths: PathRange[] = [];
  let index = 0;
  while (index < request.length) {
    if (request[index] !== '/') {
      index += 1;
      continue;
    }
    const before = request[index - 1];
    if (before !== undefined && !isSpace(before) && !pathOpeners.has(before)) {
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < request.length && !pathClosers.has(request[end] as string) && !isSpace(request[end] as string)) end += 1;
    let last = end;
    while (last - index > 1 && trailingPunctuation.has(request[last - 1] as string)) last -= 1;
    if (last - index > 1) {
      let second = false;
      let dot = false;
      for (let at = index + 1; at < last && !(second && dot); at += 1) {
        if (request[at] === '/') second = true;
        else if (request[at] === '.') dot = true;
      }
      if (second || dot) paths.push({ start: index, end: last });
    }
    index = end;
  }
  return paths;
}

const hasExtension = (path: string): boolean => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1;
};

/**
 * Lints the `request` a manager writes for a specialist, which sees nothing else (the spec's
 * Principle 2): it must be more than an acknowledgement, name a concrete action and an output
 * format and path, keep every shared path in a project directory (Principle 1B), and must not
 * chain to another specialist, use orchestration verbs, or refer to the conversation.
 *
 * @example
 * ```ts
 * import { lintRequest } from '@parley/dispatch/guards';
 *
 * console.log(lintRequest('OK')[0]?.code); // EMPTY_REQUEST
 * console.log(lintRequest('Load the wine dataset and save it as /app/data/shared/costaff-agent-coding/wine-eda/wine.csv').length); // 0
 * ```
 */
export function lintRequest(request: string, options: LintRequestOptions = {}): DispatchViolation[] {
  expectString(request, 'request');
  const trimmed = request.trim();
  const base = { rule: 'P2' as const };
  const bare = foldText(trimmed).replaceAll(/[\s.,!?。，！？~～…]+/g, ' ').trim();
  const words = bare === '' ? [] : bare.split(' ');
  // Counted without an array of characters (2 MB of request made one of 2 M strings).
  let cjk = 0;
  for (const character of bare) if (character.charCodeAt(0) >= 0x2e80 && /\p{Script=Han}/u.test(character)) cjk += 1;
  if (bare === '' || acknowledgements.has(bare) || (cjk === 0 && words.length <= 2) || (cjk > 0 && cjk <= 4 && words.length <= 1)) {
    return [{ ...base, code: 'EMPTY_REQUEST', message: `"${excerpt(trimmed)}" is not a request a specialist can act on: state the action, its inputs, and the output format and path` }];
  }
  const violations: DispatchViolation[] = [];
  const ranges = findPaths(trimmed);
  const paths = ranges.map((range) => trimmed.slice(range.start, range.end));
  // Cues are read in the prose only: a path such as /srv/dispatch-jobs/… is not a verb.
  const pieces: string[] = [];
  let from = 0;
  for (const range of ranges) {
    pieces.push(trimmed.slice(from, range.start));
    from = range.end;
  }
  pieces.push(trimmed.slice(from));
  const prose = pieces.join(' ');
  const folded = foldText(prose);
  if (findWord(folded, englishVerbs) === undefined && findCue(folded, chineseVerbs) === undefined) {
    violations.push({ ...base, code: 'NO_ACTION_VERB', message: 'the request names no concrete action (load, analyse, write, 生成, 分析 …)' });
  }
  const outputs = paths.filter(hasExtension);
  if (paths.length === 0) violations.push({ ...base, code: 'NO_OUTPUT_PATH', message: 'the request gives no absolute output path to save to' });
  if (outputs.length === 0 && findWord(folded, englishFormatWords) === undefined && findCue(folded, otherFormatWords) === undefined) {
    violations.push({ ...base, code: 'NO_OUTPUT_FORMAT', message: 'the request names no output format (a file extension, or PDF, CSV, JSON …)' });
  }
  for (const path of paths) violations.push(...checkSharedPath(path, options));
  const chaining = findCue(folded, chainingCues);
  if (chaining !== undefined) violations.push({ ...base, code: 'CHAINING', message: `"${chaining}" hands work to another specialist: chaining is the manager's job, after this request returns` });
  const other = options.otherAgents?.find((agent) => findWord(folded, [foldText(agent)]) !== undefined);
  if (other !== undefined) violations.push({ ...base, code: 'OTHER_SPECIALIST', message: `the request names another specialist (${other}); the specialist only does its own work` });
  const orchestration = findWord(folded, orchestrationWords) ?? findCue(folded, orchestrationCues);
  if (orchestration !== undefined) violations.push({ ...base, code: 'ORCHESTRATION_VERB', message: `"${orchestration}" asks the specialist to orchestrate; ask it to do the work itself` });
  const conversation = findCue(folded, conversationCues);
  if (conversation !== undefined) {
    violations.push({ ...base, code: 'CONVERSATION_REFERENCE', message: `"${conversation}" refers to a conversation the specialist cannot see: write the details into the request` });
  }
  return violations;
}
