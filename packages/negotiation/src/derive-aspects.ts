import { expectString } from '@parley/core';
import { triage } from './triage';

const cut = (text: string, stops: readonly string[]): string => {
  let end = text.length;
  for (const stop of stops) {
    const at = text.toLowerCase().indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
};

const connectors = new Set(['and', 'vs', 'vs.', 'versus', 'or', 'with']);

/** Splits "tokio and async-std" (or "tokio 和 async-std") into its parts, word by word. */
function splitOnConnectors(subject: string): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  const words = ['和', '与', '还是', '对比'].reduce((text, connector) => text.split(connector).join(' and '), subject).split(' ');
  for (const word of words) {
    if (word === '') continue;
    if (connectors.has(word.toLowerCase())) {
      if (current.length > 0) parts.push(current.join(' '));
      current = [];
    } else current.push(word);
  }
  if (current.length > 0) parts.push(current.join(' '));
  return parts;
}

/**
 * The aspects of a query the answer must cover: the things compared (`Compare tokio and
 * async-std for web servers` → `tokio`, `async-std`), the error and the domain of a cross-domain
 * query (`E0382 in my trading system` → `E0382`, `trading system`), else the query itself.
 */
export function deriveAspects(query: string): string[] {
  expectString(query, 'query');
  const { pattern } = triage(query);
  if (pattern === 'comparative') {
    const lower = query.toLowerCase();
    const start = ['compare ', 'comparison of ', 'difference between ', 'differences between '].map((word) => [lower.indexOf(word), word.length] as const).find(([at]) => at >= 0);
    const subject = cut(start === undefined ? query : query.slice(start[0] + start[1]), [' for ', ' in ', ' when ', '?', '？']);
    const parts = splitOnConnectors(subject);
    if (parts.length >= 2) return parts;
  }
  if (pattern === 'cross-domain') {
    const code = query.split(/[\s,;:()"'`]+/).find((word) => /^(?:[A-Z]{1,4}-?\d{3,5}|ERR_[A-Z_]{3,40})$/.test(word));
    const lower = query.toLowerCase();
    const marker = ['in my ', 'in our ', 'for my ', 'for our ', '在我的', '在我们的'].find((word) => lower.includes(word));
    const domain = marker === undefined ? '' : cut(query.slice(lower.indexOf(marker) + marker.length), ['?', '？', '.', ',']).trim();
    if (code !== undefined && domain.length > 0) return [code, domain];
  }
  return [query.trim()];
}
