// Test fixtures shared by the contract tests (in-process and child-process).

/** A command that reads one input, with text it passes and (for checks) text it fails. */
export interface ContractCase {
  /** The command's name, such as `check tokens`. */
  readonly name: string;
  /** The arguments after `parley`, before the input. */
  readonly argv: readonly string[];
  readonly clean: string;
  /** Text with violations (exit 1); absent for commands that exit 0 whenever they can read. */
  readonly dirty?: string;
}

const envelope = ['```yaml', 'schema_version: "1"', 'status: ok', 'summary: "rename ok."', 'reported_by: ["staff-engineer"]', '```'].join('\n');

/** Every command that reads an input (triage takes its query as arguments). */
export const contractCases: readonly ContractCase[] = [
  { name: 'check tokens', argv: ['check', 'tokens'], clean: '[INVOKE:coo|Capacity?]\n', dirty: 'Hey CFO, can we afford it?\n[INVOKE:cfo|Can we afford it?]\n' },
  { name: 'check tokens', argv: ['check', 'tokens', '--mode', 'repair'], clean: '[INVOKE:coo|Capacity?]\n', dirty: 'Hey CFO, can we afford it?\n' },
  { name: 'check envelope', argv: ['check', 'envelope'], clean: envelope, dirty: `${envelope}\nHope this helps!` },
  { name: 'check negotiation', argv: ['check', 'negotiation'], clean: 'Findings:\n- a\nConfidence: HIGH\nGaps:\n- none\nContext Needed:\n- none\n', dirty: 'tokio is great' },
  {
    name: 'check reply',
    argv: ['check', 'reply', '--dispatched', 'abc12345-0d1e-4f00-8a5b-6c7d8e9f0a1b', '--no-disk'],
    clean: '已建立新任務 #abc12345 給 BA，完成後我會通知您。',
    dirty: '已建立新任務 #f12d8d10 給 BA。',
  },
  {
    name: 'check request',
    argv: ['check', 'request'],
    clean: 'Load the wine dataset and save the statistics as /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv',
    dirty: 'OK',
  },
  { name: 'present', argv: ['present', '--language', 'en'], clean: '[RESULT_START]\n## Result\n- **accuracy** 0.97\n[RESULT_END]' },
  { name: 'redact', argv: ['redact'], clean: `deploy with ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'} and go\n` },
];
