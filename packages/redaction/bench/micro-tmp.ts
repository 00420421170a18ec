import { redactSecrets, builtInTypes } from '@parley/redaction';
import { buildCorpus } from './corpus.ts';
const stream = buildCorpus(10 * 1024 * 1024).text;
const chunks: string[] = [];
for (let offset = 0; offset < stream.length; offset += 4) chunks.push(stream.slice(offset, offset + 4));
const run = (name: string, options: object) => {
  const middleware = redactSecrets(options);
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const t = performance.now(); const s = middleware.open(); for (const c of chunks) s.write(c); s.end(); best = Math.min(best, performance.now() - t); }
  console.log(name.padEnd(30), best.toFixed(0), 'ms');
};
run('all', {});
run('nothing', { disable: builtInTypes });
