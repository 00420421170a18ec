import { expectString, InvalidArgumentError } from '@parley/core';
import type { NegotiationAgent } from './negotiation-agent';
import { type NegotiationConfidence, negotiationConfidences } from './negotiation-confidence';

/** The longest time limit a timer can hold (2³¹ − 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MILLISECONDS = 2 ** 31 - 1;

/** The options `negotiate` checked, with their defaults applied. */
export interface CheckedNegotiateOptions {
  readonly agents: readonly NegotiationAgent[];
  readonly aspects: readonly string[] | undefined;
  readonly threshold: NegotiationConfidence;
  readonly maxRounds: number;
  /** `Infinity` when the caller asked for no limit. */
  readonly timeoutMilliseconds: number;
}

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);
const shown = (value: unknown): string => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : kindOf(value));
const reject = (argument: string, message: string): never => {
  throw new InvalidArgumentError({ argument, message });
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlankString = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
/** Whether every element is a string (a sparse array's holes count, which `some` would skip). */
const allStrings = (values: readonly unknown[], allowBlank: boolean): boolean => {
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (typeof value !== 'string' || (!allowBlank && value.trim() === '')) return false;
  }
  return true;
};

function readAgent(agent: unknown, index: number): NegotiationAgent {
  const argument = `agents[${index}]`;
  if (typeof agent === 'string') {
    if (agent.trim() === '') reject(argument, `${argument} must be a non-empty agent name`);
    return { name: agent };
  }
  if (!isRecord(agent)) return reject(argument, `${argument} must be an agent name or { name, covers }; got ${kindOf(agent)}`);
  const { name, covers } = agent;
  if (isBlankString(name)) reject(`${argument}.name`, `${argument}.name must be a non-empty string; got ${shown(name)}`);
  if (covers !== undefined && (!Array.isArray(covers) || !allStrings(covers, true))) {
    reject(`${argument}.covers`, `${argument}.covers must be an array of aspect strings, such as ['tokio']; got ${shown(covers)}`);
  }
  return covers === undefined ? { name: name as string } : { name: name as string, covers: [...(covers as string[])] };
}

function readThreshold(threshold: unknown): NegotiationConfidence {
  if (threshold === undefined) return 'MEDIUM';
  const level = typeof threshold === 'string' ? negotiationConfidences.find((candidate) => candidate === threshold.toUpperCase()) : undefined;
  return level ?? reject('threshold', `threshold must be HIGH, MEDIUM, LOW or UNCERTAIN (any case); got ${shown(threshold)}`);
}

function readMaxRounds(maxRounds: unknown): number {
  if (maxRounds === undefined) return 3;
  if (typeof maxRounds !== 'number' || !Number.isSafeInteger(maxRounds) || maxRounds < 1) return reject('maxRounds', `maxRounds must be a whole number of rounds, 1 or more; got ${shown(maxRounds)}`);
  return maxRounds;
}

function readTimeout(timeout: unknown): number {
  if (timeout === undefined) return 60_000;
  if (timeout === Infinity) return Infinity;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 1 || timeout > MAX_TIMER_MILLISECONDS) {
    return reject('timeoutMilliseconds', `timeoutMilliseconds must be from 1 to ${MAX_TIMER_MILLISECONDS} (about 24.8 days), or Infinity for no limit; got ${shown(timeout)}`);
  }
  return timeout;
}

const expectFunction = (value: unknown, argument: string, optional: boolean): void => {
  if (optional && value === undefined) return;
  if (typeof value !== 'function') reject(argument, `${argument} must be a function; got ${kindOf(value)}`);
};

/**
 * Checks every option of `negotiate` before an agent is asked, so a mistaken option is an
 * `InvalidArgumentError` naming it — never a `TypeError` from deep inside, an option read as its
 * default, or a timer Node clamps to 1 ms.
 *
 * @internal `negotiate` calls it first.
 */
export function readNegotiateOptions(options: unknown): CheckedNegotiateOptions {
  if (!isRecord(options)) return reject('options', `negotiate takes an options object; got ${kindOf(options)}`);
  expectString(options['query'], 'query');
  if (options['intent'] !== undefined) expectString(options['intent'], 'intent');
  const agents = options['agents'];
  if (!Array.isArray(agents)) return reject('agents', 'agents must be an array of agent names or agents');
  if (agents.length === 0) reject('agents', 'negotiate needs at least one agent.');
  const aspects = options['aspects'];
  if (aspects !== undefined && (!Array.isArray(aspects) || !allStrings(aspects, false))) {
    reject('aspects', `aspects must be an array of non-empty strings; got ${shown(aspects)}`);
  }
  expectFunction(options['ask'], 'ask', false);
  expectFunction(options['answer'], 'answer', true);
  expectFunction(options['onRound'], 'onRound', true);
  const signal = options['signal'];
  if (signal !== undefined && !(typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal)) reject('signal', `signal must be an AbortSignal; got ${kindOf(signal)}`);
  const known = options['known'];
  if (known !== undefined && (!isRecord(known) || Object.values(known).some((answer) => typeof answer !== 'string'))) {
    reject('known', `known must be an object of answers, such as { 'web framework': 'axum' }; got ${kindOf(known)}`);
  }
  return {
    agents: Array.from(agents as unknown[], readAgent),
    aspects: aspects as readonly string[] | undefined,
    threshold: readThreshold(options['threshold']),
    maxRounds: readMaxRounds(options['maxRounds']),
    timeoutMilliseconds: readTimeout(options['timeoutMilliseconds']),
  };
}
