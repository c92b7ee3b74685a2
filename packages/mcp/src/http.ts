import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ProviderServer } from '@browser-provider/core';
import type { ProviderLink } from './link';
import { createMcpSession, type McpOptions } from './server';

export interface McpHttpOptions extends McpOptions {
  host: string;
  /** 0 picks a free port (the answer's `url` says which). */
  port: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

export interface McpHttpServer {
  url: string;
  /** How many MCP sessions are open. */
  sessions(): number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
const PATH = '/mcp';

/** `127.0.0.1:8931`, `localhost:8931`, `[::1]:8931` or `8931`; any other host is refused (loopback only). */
export function parseListen(spec: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(spec.trim());
  if (m === null) throw new Error(`--http: expected HOST:PORT such as 127.0.0.1:8931, got ${JSON.stringify(spec)}`);
  const host = (m[1] ?? '127.0.0.1').toLowerCase();
  const port = Number(m[2]);
  if (port > 65_535) throw new Error(`--http: port ${port} is out of range`);
  if (!LOOPBACK.has(host)) throw new Error(`--http: ${host} is not a loopback address; this server listens on 127.0.0.1, ::1 or localhost only`);
  return { host: host === 'localhost' ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''), port };
}

/** A Host header naming this server on a loopback name; anything else may be a rebound DNS name. */
function hostAllowed(header: string | undefined, port: number): boolean {
  if (header === undefined) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.toLowerCase());
  return m !== null && LOOPBACK.has(m[1] as string) && Number(m[2] ?? 80) === port;
}

/**
 * Browsers send Origin on cross-origin requests; MCP clients send none. Only this server's own origin
 * is accepted: a page on another loopback port (one the driven browser opened, say) is another site.
 */
function originAllowed(header: string | undefined, port: number): boolean {
  if (header === undefined) return true;
  try {
    const u = new URL(header);
    return u.origin === header.toLowerCase() && u.protocol === 'http:' && LOOPBACK.has(u.hostname) && Number(u.port || 80) === port;
  } catch {
    return false;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * MCP over Streamable HTTP at `http://HOST:PORT/mcp`. Each MCP session (`Mcp-Session-Id`) gets an SDK
 * server and a provider session of its own; a DELETE (or the client's close) ends both.
 */
export async function runMcpHttp(provider: ProviderServer, options: McpHttpOptions): Promise<McpHttpServer> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`));
  if (!LOOPBACK.has(options.host)) throw new Error(`${options.host} is not a loopback address`);
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; link: ProviderLink }>();
  let port = options.port;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host, port)) return refuse(res, 403, `Forbidden: Host ${JSON.stringify(req.headers.host ?? '')} is not this loopback server.`);
    if (!originAllowed(req.headers.origin, port)) return refuse(res, 403, `Forbidden: Origin ${JSON.stringify(req.headers.origin)} is not this server's own.`);
    if (options.token !== undefined && !tokenMatches(req.headers.authorization, options.token)) {
      return refuse(res, 401, 'Unauthorized: send Authorization: Bearer <token>.', { 'www-authenticate': 'Bearer' });
    }
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== PATH) return refuse(res, 404, `Not found: MCP is served at ${PATH}.`);
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') {
      const s = sessions.get(sid);
      if (s === undefined) return refuse(res, 404, 'Session not found: start a new MCP session.');
      return s.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return refuse(res, 400, 'Bad request: no Mcp-Session-Id.');
    const { server, link } = createMcpSession(provider, { ...options, log });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, link });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void link.close();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // A first request that was not an initialize opened no session: nothing is kept for it.
    if (transport.sessionId === undefined) await server.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}${PATH}`,
    sessions: () => sessions.size,
    async close() {
      await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
      await new Promise<void>((r) => {
        http.close(() => r());
        http.closeAllConnections();
      });
    },
  };
}
