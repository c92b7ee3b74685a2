import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ProviderServer } from '@browser-provider/core';
import { createMcpSession, type McpOptions } from './server';

/**
 * MCP over this process's stdin/stdout: one MCP session, one provider session. stdout carries MCP
 * messages only (logs go to stderr). When stdin ends, or on SIGINT/SIGTERM, the session closes and
 * provider server stops every engine's browsers before this resolves.
 */
export async function runMcpStdio(provider: ProviderServer, options: McpOptions = {}): Promise<void> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`));
  const { server, link } = createMcpSession(provider, { ...options, log });
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const ended = new Promise<string>((resolve) => {
    process.stdin.once('end', () => resolve('stdin closed'));
    process.stdin.once('close', () => resolve('stdin closed'));
    transport.onclose = () => resolve('transport closed');
    process.once('SIGINT', () => resolve('received SIGINT'));
    process.once('SIGTERM', () => resolve('received SIGTERM'));
  });
  await server.connect(transport);
  const why = await ended;
  log(`stopping: ${why}`);
  await link.close().catch(() => undefined);
  await provider.close(why).catch((e: unknown) => log(`shutdown: ${String(e)}`));
  await server.close().catch(() => undefined);
}
