import { WireError, wireRequest } from '@browser-provider/classic';

/**
 * JSON over HTTP to a Selenium Grid (the router/hub), through the classic client's request (an
 * AbortSignal really cancels). Grid 4.48 refuses a JSON body whose content type lacks `charset=utf-8`.
 */

/** A Grid that could not be reached at all (refused, reset, DNS), as opposed to one that answered. */
export class GridUnreachable extends Error {
  constructor(
    readonly url: string,
    readonly code: string,
    cause: unknown,
  ) {
    super(`${url}: ${code}`, { cause });
    this.name = 'GridUnreachable';
  }
}

/** The Grid answered with a W3C error (`{value:{error, message}}`) or a non-2xx status. */
export class GridReplyError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = error;
  }
}

/** Joins the Grid's base URL (which may carry a path prefix, e.g. `/wd/hub`) and a command path. */
export function gridPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The Grid's answer to a classic-client failure: unreachable (no answer at all) or a W3C reply. One
 * place, used by gridRequest and by the WebKit launcher's New Session (which goes through the classic client).
 */
export function fromWireError(url: string, e: WireError): GridUnreachable | GridReplyError {
  if (e.error === 'transport') return new GridUnreachable(url, e.code ?? 'ECONNREFUSED', e.cause ?? e);
  return new GridReplyError(e.error, e.message, e.status ?? 500);
}

/** A Grid command over the classic client's request (same JSON over HTTP, same charset rule). */
export async function gridRequest(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
  try {
    return await wireRequest(base, method, path, body, signal);
  } catch (e) {
    if (e instanceof WireError) throw fromWireError(gridPath(base, path), e);
    throw e;
  }
}
