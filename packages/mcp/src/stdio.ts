import type { ProviderServer } from '@browser-provider/core';
import { createMcpSession, type McpOptions } from './server';
import { LineTransport } from './stdio-transport';

/**
 * MCP over this process's stdin/stdout: one MCP session, one provider session. stdout carries MCP
 * messages only (logs go to stderr). When stdin ends, or on SIGINT/SIGTERM, the session closes and
 * provider server stops every engine's browsers before this resolves with the exit code: 0 when stdin
 * ended, 130/143 for a signal, 1 when stdin failed. A message too large to take is refused, not fatal
 * (stdio-transport.ts).
 */
export async function runMcpStdio(provider: ProviderServer, options: McpOptions = {}): Promise<number> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`));
  const { server, link } = createMcpSession(provider, { ...options, log });
  const transport = new LineTransport(process.stdin, process.stdout, log);
  const ended = new Promise<{ why: string; code: number }>((resolve) => {
    process.stdin.once('end', () => resolve({ why: 'stdin closed', code: 0 }));
    process.stdin.once('close', () => resolve({ why: 'stdin closed', code: 0 }));
    process.stdin.once('error', (e) => resolve({ why: `stdin failed: ${e.message}`, code: 1 }));
    transport.onclose = () => resolve({ why: 'transport closed', code: 0 });
    process.once('SIGINT', () => resolve({ why: 'received SIGINT', code: 130 }));
    process.once('SIGTERM', () => resolve({ why: 'received SIGTERM', code: 143 }));
  });
  await server.connect(transport);
  const { why, code } = await ended;
  log(`stopping: ${why}`);
  await link.close().catch(() => undefined);
  await provider.close(why).catch((e: unknown) => log(`shutdown: ${String(e)}`));
  await server.close().catch(() => undefined);
  return code;
}
