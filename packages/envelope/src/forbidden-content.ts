import type { RedactionOptions } from '@parley/redaction';
import { type EnvelopeViolation, formatPath } from './envelope-violation';
import type { EnvelopeViolationCode } from './envelope-violation-rules';
import { findEnvelopeSecrets } from './find-envelope-secrets';

const htmlTags = ['script', 'iframe', 'style', 'object', 'embed', 'link', 'math'];
const handlerTags = ['img', 'svg'];

/** Where each opening HTML tag named `name` starts in `lower` (`<name` then whitespace, `>`, `/` or the end). */
function* tagStarts(lower: string, name: string): Generator<number> {
  for (let at = lower.indexOf(`<${name}`); at >= 0; at = lower.indexOf(`<${name}`, at + 1)) {
    const after = lower[at + name.length + 1];
    if (after === undefined || after === '>' || after === '/' || after === ' ' || after === '\t' || after === '\n' || after === '\r') yield at;
  }
}

const hasTag = (lower: string, name: string): boolean => !tagStarts(lower, name).next().done;

/** Whether an `<img …>`/`<svg …>` tag in `lower` carries an `on…=` event handler. */
function hasHandler(lower: string, name: string): boolean {
  for (const at of tagStarts(lower, name)) {
    const close = lower.indexOf('>', at);
    if (/\son[a-z]+\s*=/.test(lower.slice(at, close < 0 ? lower.length : close))) return true;
  }
  return false;
}

/** The forbidden forms found in one string value (D5, D7, D11). */
export function checkString(value: string, path: string, redaction: RedactionOptions | undefined): EnvelopeViolation[] {
  const violations: EnvelopeViolation[] = [];
  const add = (rule: EnvelopeViolation['rule'], code: EnvelopeViolationCode, message: string): void => {
    violations.push({ rule, code, path, message });
  };
  const secrets = findEnvelopeSecrets(value, redaction);
  if (secrets.length > 0) {
    const types = [...new Set(secrets.map((secret) => secret.type))].join(', ');
    add('D5', 'RAW_SECRET', `A raw secret (${types}); write <REDACTED:TYPE> or a <REF:artifacts[i]#L…> reference instead.`);
  }
  if (value.includes('```')) add('D7', 'TRIPLE_BACKTICKS', 'Triple backticks inside a string value; put code in fix, without fences.');
  const lower = value.toLowerCase();
  const tag = htmlTags.find((name) => hasTag(lower, name));
  if (tag !== undefined) add('D7', 'HTML_TAG', `An HTML <${tag}> tag; describe it in words or reference an artifact.`);
  const handler = handlerTags.find((name) => hasHandler(lower, name));
  if (handler !== undefined) add('D7', 'HTML_TAG', `An HTML <${handler}> tag with an on… handler.`);
  if (/(?:^|\n)---[ \t]*(?:\r?\n|$)/.test(value) && value.includes('\n')) {
    add('D11', 'DOCUMENT_SEPARATOR', 'A --- line inside a multiline value would start a new YAML document.');
  }
  const scheme = /(?:javascript|data)\s*:/i.exec(value);
  if (scheme !== null) add('D11', 'DANGEROUS_URL', `A ${scheme[0].replace(/\s/g, '').toLowerCase()} URL; link to an artifact instead.`);
  return violations;
}

/** Checks every string (and key) in a parsed value for forbidden content, with its field path. */
export function checkForbiddenContent(value: unknown, redaction?: RedactionOptions): EnvelopeViolation[] {
  const violations: EnvelopeViolation[] = [];
  const stack: Array<readonly [unknown, ReadonlyArray<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [current, parts] = stack.pop() as readonly [unknown, ReadonlyArray<string | number>];
    if (typeof current === 'string') violations.push(...checkString(current, formatPath(parts), redaction));
    else if (Array.isArray(current)) current.forEach((item, index) => stack.push([item, [...parts, index]]));
    else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        violations.push(...checkString(key, formatPath([...parts, key]), redaction));
        stack.push([item, [...parts, key]]);
      }
    }
  }
  return violations.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}
