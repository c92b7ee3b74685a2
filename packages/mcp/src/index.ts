export { createMcpSession, listed, type McpOptions, type McpProvider } from './server';
export { runMcpStdio } from './stdio';
export { runMcpHttp, parseListen, type McpHttpOptions, type McpHttpServer } from './http';
export { TOOLS, VOCABULARY, offeredTools } from './tools';
export type { ToolDef, ToolGate, ToolAnswer } from './tool';
export { CAPS, parseCaps, type Cap } from './caps';
export { prepareRoot, SessionFiles, DEFAULT_OUTPUT_QUOTA_BYTES } from './files';
