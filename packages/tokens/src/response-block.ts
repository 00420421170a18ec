import { checkRole } from './role-token';
import type { OpenResponse, ScanContext } from './scan-context';
import { foldRole, type TokenHead } from './token-head';
import { tokenConfidences } from './token';
import { describeTokenViolation } from './token-violation-rules';

const labels = ['Key finding:', 'Supporting data:', 'Confidence:', 'Caveat:'] as const;
const callKeywords = new Set(['INVOKE', 'BROADCAST', 'RESPONSE']);
const confidences: readonly string[] = tokenConfidences;

/**
 * R3: a `[RESPONSE:role]` line opens a block, in the speaker's own role when the chain names the
 * speaker (RESPONSE_ROLE); a role written loosely is TOKEN_FORM (R1), an unknown one R2.
 *
 * @internal
 */
export function openResponse(context: ScanContext, body: string, column: number): void {
  const { registry, chain } = context.options;
  const at = context.lineNumber;
  const folded = foldRole(body);
  const named = registry.isRole(folded) ? folded : registry.resolve(folded);
  if (body !== folded && named !== undefined) {
    context.violate(at, { ...describeTokenViolation('TOKEN_FORM', { response: named }), column, fix: `[RESPONSE:${named}]` });
  }
  const role = checkRole(context, folded, column, (fixed) => `[RESPONSE:${fixed}]`);
  const speaker = chain?.at(-1);
  if (speaker !== undefined && (named ?? folded) !== speaker) {
    context.violate(at, { ...describeTokenViolation('RESPONSE_ROLE', speaker, named ?? folded), column, fix: `[RESPONSE:${speaker}]` });
  }
  context.openResponse({ role: role ?? body, line: at, column, body: [], length: 0 });
}

/**
 * R3: a line inside the open RESPONSE block. `[/RESPONSE]` (or a loose close, WRONG_CLOSE) ends
 * the block and checks it; a call inside it is TOKEN_INSIDE_RESPONSE (and still read, for the
 * guard); ASSUMPTION, CONFLICT and CHAIN lines are read as tokens; a block over `maxResponse`
 * characters is RESPONSE_TOO_LONG and is dropped. Returns whether the block is still open.
 *
 * @internal
 */
export function readResponseLine(context: ScanContext, response: OpenResponse, trimmed: string, column: number, heads: readonly TokenHead[], maxResponse: number): boolean {
  const first = heads[0];
  if (first !== undefined && heads.length === 1 && first.start === 0 && first.bodyStart === trimmed.length && (first.keyword === '/RESPONSE' || first.keyword === 'END')) {
    if (!(first.exact && first.keyword === '/RESPONSE')) context.violate(context.lineNumber, { ...describeTokenViolation('WRONG_CLOSE'), column, fix: '[/RESPONSE]' });
    finishResponse(context, response);
    return false;
  }
  response.length += trimmed.length + 1;
  if (response.length > maxResponse) {
    context.violate(response.line, { ...describeTokenViolation('RESPONSE_TOO_LONG', maxResponse), column: response.column });
    return false;
  }
  const calls = heads.length === 0 ? heads : heads.filter((head) => callKeywords.has(head.keyword));
  if (calls.length > 0) {
    context.violate(context.lineNumber, { ...describeTokenViolation('TOKEN_INSIDE_RESPONSE'), column: column + (calls[0] as TokenHead).start });
    // The calls are still read: the guard decides on them, and none is a token.
    context.readTokens(trimmed, column, calls.filter((head) => head.keyword !== 'RESPONSE'), true);
    return true;
  }
  if (first?.start === 0 && (first.keyword === 'ASSUMPTION' || first.keyword === 'CONFLICT' || first.keyword === 'CHAIN')) {
    context.readTokens(trimmed, column, heads, false);
    return true;
  }
  response.body.push(trimmed);
  return true;
}

/** R3: a closed block has the four labels in order, a bullet of supporting data, a confidence of the vocabulary, and nothing after the caveat. */
function finishResponse(context: ScanContext, response: OpenResponse): void {
  const at = response.line;
  const fail = (violation: ReturnType<typeof describeTokenViolation>, fix?: string): void => {
    context.violate(at, { ...violation, column: response.column, ...(fix === undefined ? {} : { fix }) });
  };
  let index = 0;
  const values: string[] = [];
  const bullets: string[] = [];
  for (const label of labels) {
    const line = response.body[index];
    if (line === undefined || !line.startsWith(label)) {
      const found = labels.filter((candidate) => response.body.some((bodyLine) => bodyLine.startsWith(candidate)));
      fail(describeTokenViolation('RESPONSE_LABELS', labels.filter((candidate) => !found.includes(candidate))));
      return;
    }
    values.push(line.slice(label.length).trim());
    index += 1;
    if (label === 'Supporting data:') {
      while (response.body[index]?.startsWith('-') === true) {
        bullets.push((response.body[index] ?? '').slice(1).trim());
        index += 1;
      }
    }
  }
  const [keyFinding = '', , confidence = '', caveat = ''] = values;
  let valid = true;
  if (bullets.length === 0 || bullets.some((bullet) => bullet === '')) {
    fail(describeTokenViolation('NO_SUPPORTING_DATA'));
    valid = false;
  }
  if (!confidences.includes(confidence)) {
    const lower = confidence.toLowerCase();
    const caseOnly = confidences.includes(lower);
    fail(describeTokenViolation('CONFIDENCE_VOCABULARY', confidence, caseOnly), caseOnly ? `Confidence: ${lower}` : undefined);
    valid = false;
  }
  if (keyFinding === '' || caveat === '') {
    fail(describeTokenViolation('EMPTY_LABEL'));
    valid = false;
  }
  if (index < response.body.length) {
    fail(describeTokenViolation('TEXT_AFTER_CAVEAT'));
    valid = false;
  }
  if (valid && context.options.registry.isRole(response.role)) {
    context.token({ kind: 'response', role: response.role, keyFinding, supportingData: bullets, confidence: confidence as (typeof tokenConfidences)[number], caveat }, at);
  }
}
