/**
 * `@parley/langchain/agent`: middleware for LangChain's `createAgent` (needs the `langchain` package).
 *
 * @module
 */
export { parleyAgentMiddleware } from './parley-agent-middleware';
