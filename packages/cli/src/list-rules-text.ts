import { listRules } from '@parley/redaction';
import type { Styler } from './style';

/**
 * `parley redact --list-rules`: the built-in rules, one per line for people (id, type,
 * provider, description, docs link; coloured on a terminal) or as a JSON array for machines.
 */
export function listRulesText(options: { readonly json: boolean; readonly style: Styler }): string {
  const rules = listRules();
  if (options.json) return `${JSON.stringify(rules, null, 2)}\n`;
  const idWidth = Math.max(...rules.map((rule) => rule.id.length));
  const typeWidth = Math.max(...rules.map((rule) => rule.type.length));
  const { style } = options;
  const lines = rules.map((rule) => {
    const docs = rule.docs === '' ? '' : `  ${style('dim', rule.docs)}`;
    return `${style('bold', rule.id.padEnd(idWidth))}  ${style('cyan', rule.type.padEnd(typeWidth))}  ${rule.provider}: ${rule.description}${docs}`;
  });
  return `${lines.join('\n')}\n${style('dim', `${rules.length} rules`)}\n`;
}
