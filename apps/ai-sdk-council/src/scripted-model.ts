import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { formatStructuredResponse } from '@parley/negotiation';

/** A made-up AWS key the coo's agent leaks; Parley must keep it off the screen. */
export const leakedKey = 'AKIAQ3EGRXN7T5W2HJ4K';

const response = (role: string, keyFinding: string, data: readonly string[], confidence: string, caveat: string, extra: readonly string[] = []): string =>
  [`[RESPONSE:${role}]`, `Key finding: ${keyFinding}`, 'Supporting data:', ...data.map((item) => `- ${item}`), ...extra, `Confidence: ${confidence}`, `Caveat: ${caveat}`, '[/RESPONSE]'].join('\n');

/** What each role says, by turn: the first answer to an INVOKE, then the answer once its own calls came back. */
const script: Record<string, readonly string[]> = {
  cro: [
    '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]',
    response('cro', 'Hire 3 engineers now and 2 after the Q3 close.', ['cfo: runway drops from 14 to 9 months with 5 hires', 'coo: onboarding capacity is 3 engineers a month'], 'medium', 'Assumes the Q3 pipeline closes as forecast.'),
  ],
  cfo: [
    ["[INVOKE:cro|What's the committed pipeline this quarter?]", '[INVOKE:coo|Can operations onboard 5 engineers in Q3?]'].join('\n'),
    [
      response('cfo', 'Hiring 5 engineers in Q3 cuts runway from 14 to 9 months at current burn.', ['Monthly burn rises ~$280K → ~$380K fully loaded', '~$1.2M additional ARR needed within 12 months'], 'medium', 'Assumes a 3-month ramp.'),
      '[CONFLICT: cfo says ~14-month runway; cro says pipeline close implies 18+ months]',
    ].join('\n'),
  ],
  coo: [
    response('coo', 'Operations can onboard 3 engineers a month.', ['Two onboarding buddies free in Q3', `Staging access is ready: key ${leakedKey}`], 'high', 'Laptops take 2 weeks to arrive.'),
  ],
};

/** Negotiation-mode answers: the cfo is unsure until it hears the raise's timing. */
const negotiationReplies: Record<string, readonly string[]> = {
  cfo: [
    formatStructuredResponse({ findings: ['hiring now cuts runway to 9 months'], confidence: 'MEDIUM', gaps: ['raise timing unknown, so hiring after the raise is not covered'], contextNeeded: ['When does the raise close?'] }),
  ],
  cro: [
    formatStructuredResponse({ findings: ['hiring after the raise keeps runway above 12 months; the raise closes in Q4'], confidence: 'HIGH', gaps: [], contextNeeded: [] }),
  ],
};

/** Cuts text into the small, uneven deltas a model streams (the same way on every run). */
export function toDeltas(text: string): string[] {
  const deltas: string[] = [];
  let state = 7;
  for (let offset = 0; offset < text.length; ) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const length = 2 + (state % 6);
    deltas.push(text.slice(offset, offset + length));
    offset += length;
  }
  return deltas;
}

const promptText = (prompt: unknown): { system: string; user: string } => {
  const messages = prompt as Array<{ role: string; content: unknown }>;
  const text = (content: unknown): string => (typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : '');
  return {
    system: messages.filter((message) => message.role === 'system').map((message) => text(message.content)).join('\n'),
    user: messages.filter((message) => message.role === 'user').map((message) => text(message.content)).join('\n'),
  };
};

/**
 * An offline LanguageModelV4 that replays a realistic council: it reads the role from the system
 * prompt Parley generates, and the turn from the message, and streams its line in small deltas.
 */
export function scriptedModel(): LanguageModelV4 {
  const reply = (prompt: unknown): string => {
    const { system, user } = promptText(prompt);
    const role = /You are the (\w+) agent/.exec(system)?.[1] ?? 'cro';
    if (user.startsWith('negotiation: true')) {
      return negotiationReplies[role]?.[0] ?? formatStructuredResponse({ findings: [], confidence: 'UNCERTAIN', gaps: [], contextNeeded: [] });
    }
    const turn = user.startsWith('[INVOKE:') ? 0 : 1;
    const lines = script[role] ?? [];
    return lines[Math.min(turn, lines.length - 1)] ?? '';
  };
  return {
    specificationVersion: 'v4',
    provider: 'parley-scripted',
    modelId: 'council-replay',
    supportedUrls: {},
    doGenerate: async (options) => ({
      content: [{ type: 'text', text: reply(options.prompt) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } },
      warnings: [],
    }),
    doStream: async (options) => {
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...toDeltas(reply(options.prompt)).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } } },
      ];
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  } as LanguageModelV4;
}
