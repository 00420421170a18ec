import type { LanguageModelV4 } from '@ai-sdk/provider';
import { parleyMiddleware } from '@parley/ai-sdk';
import { negotiate, type NegotiationRound } from '@parley/negotiation';
import { type RedactionEvent, redactSecretsStream } from '@parley/redaction';
import { type CouncilAnswer, createCouncil, type TokenViolation, type TranscriptEntry } from '@parley/tokens';
import { streamText, wrapLanguageModel } from 'ai';

/** What the app reports as the council runs. */
export interface CouncilLog {
  message(entry: TranscriptEntry): void;
  redaction(event: RedactionEvent): void;
  violation(violation: TokenViolation & { readonly role: string }): void;
  round(round: NegotiationRound): void;
}

/** What the run produced. */
export interface CouncilRun {
  readonly answer: CouncilAnswer;
  readonly transcript: readonly TranscriptEntry[];
  readonly redactions: number;
  readonly negotiation: Awaited<ReturnType<typeof negotiate>>;
}

/**
 * Runs the council on `model`: the cro is asked about hiring, calls are executed or blocked by the
 * tokens council router, every agent's text streams through `parleyMiddleware(redactSecretsStream())`,
 * and a negotiation round compares the two hiring options.
 */
export async function runCouncil(model: LanguageModelV4, log: CouncilLog): Promise<CouncilRun> {
  const redactor = redactSecretsStream();
  let redactions = 0;
  redactor.on('redaction', (event) => {
    redactions += 1;
    log.redaction(event);
  });
  const safeModel = wrapLanguageModel({ model, middleware: parleyMiddleware(redactor) });
  const agent = (role: string) => (message: string, context: { readonly instructions: string }) =>
    streamText({ model: safeModel, system: context.instructions, prompt: message }).textStream;

  const council = createCouncil({ agents: Object.fromEntries(['cro', 'cfo', 'coo', 'chro'].map((role) => [role, agent(role)])) });
  council.on('message', (entry) => log.message(entry));
  council.on('violation', (violation) => log.violation(violation));
  const answer = await council.ask('cro', 'Should we hire 5 engineers next quarter?');

  const negotiation = await negotiate({
    query: 'Compare hiring now and hiring after the raise',
    agents: [
      { name: 'cfo', covers: ['hiring now'] },
      { name: 'cro', covers: ['hiring after the raise'] },
    ],
    known: { raise: 'the term sheet is signed; it closes in Q4' },
    ask: (role, request) => streamText({ model: safeModel, system: `You are the ${role} agent.`, prompt: request.prompt }).textStream,
    onRound: (round) => log.round(round),
  });
  return { answer, transcript: council.transcript, redactions, negotiation };
}
