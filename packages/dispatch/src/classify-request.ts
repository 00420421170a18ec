import { expectString } from '@parley/core';
import { findWord, foldText } from './text-cues';

/** Options of {@link classifyRequest}. */
export interface ClassifyRequestOptions {
  /** Paths delivered earlier in this session (the store's history). With none, nothing is an iteration. */
  readonly delivered: readonly string[];
}

/** What {@link classifyRequest} decided. */
export interface RequestClassification {
  readonly kind: 'iteration' | 'new-build';
  /** The signals found: modify/fix/extend verbs and defect reports. */
  readonly signals: readonly string[];
  /** Delivered paths the request names (by full path or file name). */
  readonly references: readonly string[];
  /** The deliverable to modify in place: the one named, else the most recent one. */
  readonly target: string | undefined;
}

const chineseSignals = ['改', '修', '加', '優化', '升級', '修復', '沒了', '不見了', '不能用', '擴展', '擴充', '更新', '調整', '補充', '再詳細', '詳細一點', '換成', '換更'];
const englishSignals = ['fix', 'update', 'extend', 'broken', 'bug', 'missing', 'not working', "doesn't work", 'does not work', 'modify', 'change', 'improve', 'add', 'expand', 'tweak', 'adjust', 'revise'];

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Classifies a user's request before planning (the spec's Principle 1A): an iteration touches a
 * deliverable that already exists in this session — it names a delivered file, or it uses a
 * modify / fix / extend verb or reports a defect while something has been delivered. With nothing
 * delivered in the session every request is a new build, so a new request that happens to say
 * "add" is not mistaken for one.
 *
 * @example
 * ```ts
 * import { classifyRequest } from '@parley/dispatch/guards';
 *
 * const request = classifyRequest('可以擴展到 10 頁嗎？', { delivered: ['/app/data/shared/costaff-agent-business-analysis/thesis/thesis.pdf'] });
 * console.log(request.kind, request.target); // iteration /app/data/shared/costaff-agent-business-analysis/thesis/thesis.pdf
 * ```
 */
export function classifyRequest(request: string, options: ClassifyRequestOptions): RequestClassification {
  expectString(request, 'request');
  const folded = foldText(request);
  const references = options.delivered.filter((path) => request.includes(path) || (baseName(path).length > 0 && folded.includes(foldText(baseName(path)))));
  const signals = [...chineseSignals.filter((cue) => folded.includes(cue)), ...englishSignals.filter((word) => findWord(folded, [word]) !== undefined)];
  const iteration = options.delivered.length > 0 && (references.length > 0 || signals.length > 0);
  return {
    kind: iteration ? 'iteration' : 'new-build',
    signals,
    references,
    target: iteration ? (references.at(-1) ?? options.delivered.at(-1)) : undefined,
  };
}
