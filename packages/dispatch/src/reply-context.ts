/**
 * What a reply guard checks a manager's reply against. The task store is the truth: build it with
 * {@link replyContextFromStore}, or pass what the dispatch calls of this turn returned.
 */
export interface ReplyContext {
  /** Ids of the tasks dispatch calls created in this turn (`DispatchResult.tasks`). */
  readonly dispatched: readonly string[];
  /** Ids of other tasks of this session (earlier turns); a reply may cite them too. */
  readonly known?: readonly string[];
  /** Ids of tasks with a completion signal (done in the store). */
  readonly completed?: readonly string[];
  /** Paths the store recorded as delivered by finished tasks. */
  readonly delivered?: readonly string[];
  /**
   * Whether the user already confirmed the plan this reply belongs to. Then asking again whether
   * to go on with the next step is a violation; set it to false when an upstream step failed or
   * its output made the next step pointless, the only reasons to ask between steps.
   */
  readonly planConfirmed?: boolean;
  /** Whether the user's request was an iteration (Principle 1A); it names the rule a promise breaks. */
  readonly iteration?: boolean;
  /**
   * Whether a `[FILE: …]` path exists on disk, for paths the store did not record; default
   * `node:fs` `existsSync`. Pass `() => false` to trust only the store.
   */
  readonly fileExists?: (path: string) => boolean;
}
