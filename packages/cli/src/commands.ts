import type { Command } from './command';

/**
 * The commands `parley` offers. Each protocol package adds its own here (`check tokens`,
 * `check envelope`, `redact`, …).
 */
export const commands: readonly Command[] = [];
