// The public API under benchmark.
export { checkReply, classifyRequest, guardReply, lintRequest } from '@parley/dispatch';
