import { checkEnvelopeCommand } from './check-envelope-command';
import { checkNegotiationCommand } from './check-negotiation-command';
import { checkTokensCommand } from './check-tokens-command';
import type { Command } from './command';
import { redactCommand } from './redact-command';
import { triageCommand } from './triage-command';

/**
 * The commands `parley` offers. Each protocol package adds its own here (`check tokens`,
 * `check envelope`, …).
 */
export const commands: readonly Command[] = [checkEnvelopeCommand, checkNegotiationCommand, checkTokensCommand, redactCommand, triageCommand];
