import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ProviderLink } from './link';
import { createMcpSession, type McpOptions, type McpProvider } from './server';

export interface McpHttpOptions extends McpOptions {
  host: string;
  /** 0 picks a free port (the answer's `url` says which). */
  port: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /**
   * An MCP session with no request for this long is closed as a DELETE would close it, its browser
   * session with it: a client that went away without a DELETE leaves nothing open. 0 = never;
   * default 30 minutes.
   */
  idleTimeoutMs?: number | undefined;
  /**
   * At most this many MCP sessions at once; one more initialize is answered 503 with a JSON-RPC error
   * saying so. Unbounded when absent (the CLI's --max-sessions sets it, default 16).
   */
  maxSessions?: number | undefined;
  /**
   * An MCP session that only initialized (no tool ever needed a browser session) is closed after this
   * long without a request, however long `idleTimeoutMs` is: such sessions cost memory and count
   * against maxSessions while doing nothing. Default 60 s.
   */
  initIdleMs?: number | undefined;
}

export interface McpHttpServer {
  url: string;
  /** How many MCP sessions are open. */
  sessions(): number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
const PATH = '/mcp';
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_INIT_IDLE_MS = 60_000;
/** The longest delay `setTimeout` keeps (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

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

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Fires `onIdle` once no request has run for `ms`, counted from the end of the last one. A request
 * holds it off from `begin` until its response closes, so a tool call that waits longer than `ms` is
 * not idle. `touch` only restarts the count: the event stream (GET) a client keeps open holds nothing,
 * or an abandoned client's open connection would keep its session alive.
 */
class IdleTimer {
  #busy = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  /** `ms` is asked at each arming: how long a session may idle changes with what it did. */
  constructor(
    readonly ms: () => number,
    readonly onIdle: (ms: number) => void,
  ) {}

  /** A request began; the function says it ended. */
  begin(): () => void {
    this.#busy++;
    clearTimeout(this.#timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#busy--;
      this.#arm();
    };
  }

  touch(): void {
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #arm(): void {
    clearTimeout(this.#timer);
    const ms = this.ms();
    if (this.#stopped || ms === 0 || this.#busy > 0) return;
    this.#timer = setTimeout(() => {
      this.stop();
      this.onIdle(ms);
    }, ms);
    this.#timer.unref();
  }
}

interface HttpSession {
  transport: StreamableHTTPServerTransport;
  link: ProviderLink;
  idle: IdleTimer;
}

/** Holds the session busy while the request runs; the event stream (GET) only restarts the count. */
function track(idle: IdleTimer, req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'GET') return idle.touch();
  res.once('close', idle.begin());
}

/**
 * MCP over Streamable HTTP at `http://HOST:PORT/mcp`. Each MCP session (`Mcp-Session-Id`) gets an SDK
 * server and a provider session of its own; a DELETE, the client's close or `idleTimeoutMs` without a
 * request ends both.
 */
export async function runMcpHttp(provider: McpProvider, options: McpHttpOptions): Promise<McpHttpServer> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`));
  if (!LOOPBACK.has(options.host)) throw new Error(`${options.host} is not a loopback address`);
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const initIdleMs = options.initIdleMs ?? DEFAULT_INIT_IDLE_MS;
  if (!Number.isInteger(idleMs) || idleMs < 0 || idleMs > MAX_TIMER_MS) throw new Error(`idleTimeoutMs: expected an integer from 0 to ${MAX_TIMER_MS}, got ${idleMs}`);
  // Loaded here, not at import: the SDK's HTTP transport reads Node's fetch globals (undici) at import,
  // about 7 MB of RSS that a stdio server never needs (issue 33).
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const sessions = new Map<string, HttpSession>();
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
      // The SDK's own answer to an unknown session (Streamable HTTP: the client starts a new one).
      if (s === undefined) return refuse(res, 404, 'Session not found', {}, -32001);
      track(s.idle, req, res);
      return s.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return refuse(res, 400, 'Bad request: no Mcp-Session-Id.');
    if (options.maxSessions !== undefined && sessions.size >= options.maxSessions) {
      log(`refused a new MCP session: ${sessions.size} are open (--max-sessions ${options.maxSessions})`);
      const why = `Too many MCP sessions: ${sessions.size} are open, the most this server takes (--max-sessions ${options.maxSessions}). Close one (DELETE ${PATH}) or wait for an idle one to expire.`;
      return refuse(res, 503, why, { 'retry-after': '60' });
    }
    const { server, link } = createMcpSession(provider, { ...options, log });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    // Expiring is what a DELETE does: the transport closes, and its onclose ends the provider session.
    // A session no tool has used yet holds no browser: it expires after initIdleMs.
    const idleFor = () => (link.used ? idleMs : idleMs === 0 ? initIdleMs : Math.min(idleMs, initIdleMs));
    const idle = new IdleTimer(idleFor, (ms) => {
      if (transport.sessionId === undefined) return;
      sessions.delete(transport.sessionId);
      log(link.used ? `an MCP session had no request for ${ms / 1000} s: closing it and its browser session` : `an MCP session that only initialized had no request for ${ms / 1000} s: closing it`);
      transport.close().catch((e: unknown) => log(`closing an idle MCP session failed: ${e instanceof Error ? e.message : String(e)}`));
    });
    const session: HttpSession = { transport, link, idle };
    transport.onclose = () => {
      idle.stop();
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void link.close();
    };
    track(idle, req, res);
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // A first request that was not an initialize opened no session: nothing is kept for it.
    if (transport.sessionId === undefined) {
      idle.stop();
      await server.close();
    }
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
