// The public API under benchmark.
export { checkReply, classifyRequest, guardReplyStream, lintRequest } from '@parley/dispatch/guards';
