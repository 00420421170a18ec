import { checkEnvelopeCommand } from './check-envelope-command';
import { checkNegotiationCommand } from './check-negotiation-command';
import { checkReplyCommand } from './check-reply-command';
import { checkRequestCommand } from './check-request-command';
import { checkTokensCommand } from './check-tokens-command';
import type { Command } from './command';
import { inspectCommand } from './inspect-command';
import { mcpCommand } from './mcp-command';
import { presentCommand } from './present-command';
import { redactCommand } from './redact-command';
import { triageCommand } from './triage-command';

/**
 * The commands `parley` offers. Each protocol package adds its own here (`check tokens`,
 * `check envelope`, …).
 */
export const commands: readonly Command[] = [
  checkEnvelopeCommand,
  checkNegotiationCommand,
  checkReplyCommand,
  checkRequestCommand,
  checkTokensCommand,
  inspectCommand,
  mcpCommand,
  presentCommand,
  redactCommand,
  triageCommand,
];
