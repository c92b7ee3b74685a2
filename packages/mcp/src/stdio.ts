import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Dispatcher, type Provider } from '@browser-provider/core';
import { createMcpSession, type McpOptions } from './server';

/**
 * MCP over this process's stdin/stdout: one MCP session, one provider session. stdout carries MCP
 * messages only (logs go to stderr). When stdin ends, or on SIGINT/SIGTERM, the session closes and
 * the provider stops its browsers before this resolves.
 */
export async function runMcpStdio(provider: Provider, options: McpOptions = {}): Promise<void> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`));
  const dispatcher = new Dispatcher(provider);
  const { server, link } = createMcpSession(dispatcher, { ...options, log });
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
  dispatcher.abortAll();
  await provider.shutdown(why).catch((e: unknown) => log(`shutdown: ${String(e)}`));
  await server.close().catch(() => undefined);
}
