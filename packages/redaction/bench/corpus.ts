// The benchmark's input: log lines an agent system writes, with a planted secret of every type
// every `secretEvery` lines, in rotating contexts. Deterministic for a given size.
import { contexts, samples } from '../src/__fixtures__/secrets.ts';

/** A secret planted in the corpus: its type and where its raw text sits. */
export interface PlantedSecret {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

const lines = [
  (index: number) => `2026-11-29T10:${String(index % 60).padStart(2, '0')}:11.093Z INFO worker-${index % 7} request 3f2b8c1e-9d4a-4b7e-a1c2-7e5f9b0d3a61 handled in ${index % 997} ms path=/api/v1/orders/${index}`,
  (index: number) => `2026-11-29T10:${String(index % 60).padStart(2, '0')}:12.410Z DEBUG council cfo answered cto: Key finding: runway covers ${index % 24} months; Confidence: medium`,
  () => 'The orchestrator asked the research agent for churn figures by region, then summarised them for the board.',
  (index: number) => `commit 9fceb02d0ae598e95dc970b74767f19372d61af8 touched src/components/UserProfileCard/index.tsx (#${index})`,
];

/** Builds about `bytes` of log text with planted secrets, and where each secret is. */
export function buildCorpus(bytes: number, secretEvery = 40): { text: string; planted: PlantedSecret[] } {
  const parts: string[] = [];
  const planted: PlantedSecret[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index += 1) {
    let line: string;
    if (index % secretEvery === secretEvery - 1) {
      const sample = samples[(index / secretEvery) % samples.length | 0] ?? samples[0]!;
      const [, wrap] = contexts[(index / secretEvery) % contexts.length | 0] ?? contexts[0]!;
      line = wrap(sample.text);
      let at = line.indexOf(sample.secret);
      if (at < 0) {
        // The context escaped the secret (a private key inside JSON): plant it plainly.
        line = sample.text;
        at = 0;
      }
      planted.push({ type: sample.type, start: length + at, end: length + at + sample.secret.length });
    } else {
      line = (lines[index % lines.length] ?? lines[0]!)(index);
    }
    line += '\n';
    parts.push(line);
    length += line.length;
  }
  return { text: parts.join(''), planted };
}

/** The share of planted secrets that some finding overlaps. */
export function recall(planted: readonly PlantedSecret[], found: ReadonlyArray<{ readonly start: number; readonly end: number }>): number {
  const sorted = [...found].sort((left, right) => left.start - right.start);
  let hits = 0;
  let cursor = 0;
  for (const secret of planted) {
    while (cursor < sorted.length && (sorted[cursor]?.end ?? 0) <= secret.start) cursor += 1;
    const finding = sorted[cursor];
    if (finding !== undefined && finding.start < secret.end) hits += 1;
  }
  return hits / planted.length;
}
