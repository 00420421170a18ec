import { envelopeJsonSchema } from './envelope-schema';

interface JsonSchemaNode {
  readonly type?: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly const?: string;
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchemaNode;
}

function describeFields(node: JsonSchemaNode, indent: string): string[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([name, field]) => {
    const values = field.const !== undefined ? ` "${field.const}"` : field.enum !== undefined ? ` (${field.enum.join(' | ')})` : '';
    const kind = field.type === 'array' ? `list of ${field.items?.type ?? 'value'}s` : (field.type ?? 'value');
    const line = `${indent}- ${name}${required.has(name) ? '' : ' (optional)'}: ${kind}${values}${field.description === undefined ? '' : ` — ${field.description}`}`;
    const nested = field.type === 'array' && field.items?.properties !== undefined ? describeFields(field.items, `${indent}  `) : [];
    return [line, ...nested];
  });
}

/**
 * The instructions a parent injects into a subagent's prompt, generated from the envelope schema
 * (so they never drift from what the parser accepts).
 */
export function contractBlock(): string {
  const schema = envelopeJsonSchema() as JsonSchemaNode;
  return [
    'Answer with exactly one fenced ```yaml block and nothing else: no text before it, nothing after it.',
    'Its fields:',
    ...describeFields(schema, ''),
    'Rules: paths, line numbers, error strings, code, fix snippets, status, schema_version and reported_by are verbatim.',
    'summary, notes, next_actions and open_questions are caveman-ultra: terse fragments, no articles, fillers, hedges or pleasantries.',
    'A security finding (security category, severity high or critical) is written in normal prose, with negations in words.',
    'Never write a raw secret: use <REDACTED:TYPE> or <REF:artifacts[i]#L42>. No triple backticks, HTML tags, --- lines, javascript: or data: URLs inside values.',
    'Large or sensitive content goes in artifacts as <REF:path#sha256:<64 hex>#size:<bytes>>.',
  ].join('\n');
}
