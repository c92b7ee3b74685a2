/**
 * Raw classic WebDriver over HTTP (W3C WebDriver §6 "Protocol"), for the few requests we do not send
 * through the `webdriver` client: New Session (so that a failure keeps the driver's exact message,
 * which the Safari adapter classifies, and so that the client never starts its own driver or BiDi
 * socket), Switch To Frame (the client prints a deprecation notice on every call), and the raw
 * `webdriver.send` passthrough. An AbortSignal really cancels the request (http-json.ts).
 */
import { httpJson, type HttpAnswer } from './http-json';

/** A W3C error reply (`{value:{error, message}}`) or an HTTP/transport failure. */
export class WireError extends Error {
  /** The W3C error code, e.g. `no such frame`; used by translateWebDriverError via `name`. */
  readonly error: string;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(error: string, message: string, status?: number, code?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = error;
    this.error = error;
    this.status = status;
    this.code = code;
  }
}

export type WireMethod = 'GET' | 'POST' | 'DELETE';

/** node:http's errno (`ECONNREFUSED`, `ECONNRESET`, …) on the error itself. */
function transportCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Where a WebDriver server listens: a loopback port, or a remote server's base URL (a Grid). */
export type WireTarget = number | string;

/** The base URL of a target, e.g. `http://127.0.0.1:4444` (no trailing slash). */
export function wireBase(target: WireTarget): string {
  return typeof target === 'number' ? `http://127.0.0.1:${target}` : target.replace(/\/+$/, '');
}

export async function wireRequest(
  port: WireTarget,
  method: WireMethod,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  const url = `${wireBase(port)}${path.startsWith('/') ? path : `/${path}`}`;
  let res: HttpAnswer;
  try {
    res = await httpJson(new URL(url), method, method === 'POST' ? JSON.stringify(body ?? {}) : undefined, signal);
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    const code = transportCode(e) ?? 'ECONNRESET';
    throw new WireError('transport', `${method} ${path}: ${code}`, undefined, code, e);
  }
  const { text } = res;
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new WireError('unknown error', `driver answered non-JSON (HTTP ${res.status}): ${text.slice(0, 200)}`, res.status);
  }
  const value = (parsed as { value?: unknown }).value;
  if (res.status < 200 || res.status > 299) {
    const v = (value ?? {}) as { error?: unknown; message?: unknown };
    const error = typeof v.error === 'string' ? v.error : 'unknown error';
    const message = typeof v.message === 'string' && v.message ? v.message : error;
    throw new WireError(error, message, res.status);
  }
  return value ?? null;
}

export interface NewSessionReply {
  sessionId: string;
  capabilities: Record<string, unknown>;
}

export async function wireNewSession(
  port: WireTarget,
  alwaysMatch: Record<string, unknown>,
  signal: AbortSignal,
): Promise<NewSessionReply> {
  const value = (await wireRequest(port, 'POST', '/session', { capabilities: { alwaysMatch, firstMatch: [{}] } }, signal)) as
    | { sessionId?: unknown; capabilities?: unknown }
    | null;
  if (!value || typeof value.sessionId !== 'string') {
    throw new WireError('session not created', 'New Session answered without a sessionId');
  }
  return { sessionId: value.sessionId, capabilities: (value.capabilities ?? {}) as Record<string, unknown> };
}

/** Polls the driver's Status endpoint until it answers (the driver is listening). */
export async function waitForDriver(port: number, signal: AbortSignal, exited: () => string | undefined): Promise<void> {
  for (;;) {
    const how = exited();
    if (how !== undefined) throw new WireError('transport', `driver exited before listening (${how})`, undefined, 'ECONNREFUSED');
    try {
      await wireRequest(port, 'GET', '/status', undefined, signal);
      return;
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      if (!(e instanceof WireError) || e.error !== 'transport') return; // any HTTP reply means it listens
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
