import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from './index';

// The README's example, kept honest.
test('the README example prints what it says', () => {
  const html = markdownToTelegramHtml('## Result\n- **R²** = 0.93 <good>\n- Tom &amp; Jerry &copy;');
  expect(html).toBe('<b>Result</b>\n• <b>R²</b> = 0.93 &lt;good&gt;\n• Tom &amp; Jerry ©');
  expect(validateTelegramHtml(html).valid).toBe(true);
  expect(splitTelegramMessage(html, { limit: 4096 })).toHaveLength(1);
  const { parts, dropped } = presentResult('[RESULT_START]\n_Thinking:_ check columns\n模型準確率為 **97%**。\n[RESULT_END]');
  expect(parts).toEqual(['模型準確率為 <b>97%</b>。']);
  expect(dropped.thinking).toBe(1);
});

test('the package reaches neither pg, node:sqlite nor @parley/dispatch (its import graph, read statically)', () => {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) visit(join(dirname(file), `${specifier.replace(/\.ts$/, '')}.ts`));
      else external.add(specifier);
    }
  };
  visit(join(import.meta.dirname, 'index.ts'));
  expect([...external].sort()).toEqual(['@parley/core', 'markdown-it']);
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(Object.keys(manifest.dependencies).sort()).toEqual(['@parley/core', 'markdown-it']);
});

// The plans section of the README, kept honest.
test('the README plans example prints what it says', async () => {
  const { createDispatcher, createSqliteTaskStore, createWorker } = await import('@parley/dispatch');
  const { assembleFinalReply, renderPlan } = await import('./plans/index');
  const plan = {
    id: 'chat-7/wine',
    steps: [
      { ref: 'eda', title: 'Load the wine data and run EDA', agent: 'coding_agent', request: 'Save the statistics as /data/wine_stats.csv', expectedOutputs: ['/data/wine_stats.csv'] },
      { ref: 'report', title: 'Write the PDF report', agent: 'business_analysis_agent', request: 'Write /data/wine_report.pdf from /data/wine_stats.csv', expectedOutputs: ['/data/wine_report.pdf'] },
    ],
  };
  const agentNames = { coding_agent: 'Coding 專家', business_analysis_agent: '商業分析專家' };
  const rendered = renderPlan(plan, { agentNames });
  expect(rendered.startsWith('<b>📋 執行計劃</b>')).toBe(true);
  expect(rendered).toContain('<b>Step 2: 商業分析專家</b> (agent: business_analysis_agent)');
  expect(validateTelegramHtml(rendered).valid).toBe(true);
  const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
  const { tasks } = await dispatcher.dispatchPlan(plan, { sessionId: 'chat-7' });
  await createWorker({ dispatcher, agents: { coding_agent: async () => ({ paths: ['/data/wine_stats.csv'] }), business_analysis_agent: async () => ({ paths: ['/data/wine_report.pdf'] }) } }).drain();
  const reply = assembleFinalReply({ tasks: await dispatcher.store.listPlan(plan.id), findings: ['Alcohol separates the **three** cultivars.'], agentNames });
  expect([reply.complete, reply.files, tasks.length]).toEqual([true, ['/data/wine_stats.csv', '/data/wine_report.pdf'], 2]);
  expect(reply.html).toContain('<b>three</b>');
});
