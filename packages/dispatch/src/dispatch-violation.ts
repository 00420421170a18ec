/**
 * A rule of the orchestration protocol that a plan, a request or a reply broke. `rule` names the
 * principle (`principle-0`, `principle-1a`, `principle-1b`, `principle-2`, `principle-5`, `principle-6`); `code`
 * is stable for programs to match on.
 */
export interface DispatchViolation {
  readonly rule: 'principle-0' | 'principle-1a' | 'principle-1b' | 'principle-2' | 'principle-5' | 'principle-6';
  readonly code: string;
  readonly message: string;
  /** What to write instead, when there is one right answer. */
  readonly fix?: string;
  /** The task id a reply cited, for reply violations about task ids. */
  readonly taskId?: string;
  /** The path concerned, for path and file violations. */
  readonly path?: string;
  /** 1-based line of a reply, for violations found in a reply. */
  readonly line?: number;
}
