import { readFileSync } from 'node:fs';
import { findSecrets } from '../src/api/redact-secrets.ts';
const j = JSON.parse(readFileSync('/tmp/fp/unseen-before.json', 'utf8'));
const seen = new Set<string>();
for (const h of j.findings) {
  if (!/FACEBOOK|SQUARE/.test(h.type) || !/corepack/.test(h.file)) continue;
  const text = h.before + h.text + h.after;
  if (seen.has(h.text.slice(0, 20))) continue;
  seen.add(h.text.slice(0, 20));
  console.log(h.type, JSON.stringify(findSecrets(text).map((f) => f.type)), JSON.stringify(text.slice(0, 240)));
}
