import { checkEnvelopeCommand } from './check-envelope-command';
import type { Command } from './command';
import { redactCommand } from './redact-command';

/**
 * The commands `parley` offers. Each protocol package adds its own here (`check tokens`,
 * `check envelope`, …).
 */
export const commands: readonly Command[] = [checkEnvelopeCommand, redactCommand];
