import type { Task } from '@parley/dispatch';
import { describe, expect, test } from 'vitest';
import { assembleFinalReply } from './assemble-final-reply';
import { renderPlan } from './render-plan';

// Moved from @parley/dispatch with the presentation (issue 26): agent names and refs are model-written.
describe('agents named like prototype keys', () => {
  test('a plan and a final reply name an agent called constructor or toString by its own name, not by what every object inherits', () => {
    const plan = {
      id: 'p',
      steps: [
        { ref: 'toString', title: 'first', agent: 'constructor', request: 'a' },
        { ref: 'valueOf', title: 'second', agent: 'toString', request: 'b' },
      ],
    };
    const rendered = renderPlan(plan, { format: 'plain', agentNames: {}, inputs: {} });
    expect(rendered).not.toContain('function');
    expect(rendered).toContain('Step 1: constructor');
    expect(rendered).toContain('Step 2: toString');
    const task = (ref: string, agent: string): Task => ({
      id: `p:${ref}`,
      planId: 'p',
      sessionId: undefined,
      ref,
      title: ref,
      agent,
      request: ref,
      dependsOn: [],
      expectedOutputs: [],
      iterationOf: undefined,
      state: 'done',
      attempt: 1,
      output: { paths: [], values: {} },
      error: undefined,
      createdAt: 1,
      updatedAt: 2,
    });
    const reply = assembleFinalReply({ tasks: [task('toString', 'constructor'), task('valueOf', 'toString')], agentNames: {} });
    expect(JSON.stringify(reply)).not.toContain('function');
  });
});
