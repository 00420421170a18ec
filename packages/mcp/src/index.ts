/**
 * Parley for the Model Context Protocol: guards on what an MCP server sends an agent, and
 * Parley's checks served as MCP tools.
 *
 * @module
 */
export { createParleyMcpServer, type ParleyMcpServerOptions, parleyToolNames } from './server/create-parley-mcp-server';
export type { ParleyToolName } from './server/parley-tool';
export { guardMcpClient } from './client/guard-mcp-client';
export type { GuardMcpOptions } from './client/guard-mcp-options';
export { guardMcpTransport } from './client/guard-mcp-transport';
