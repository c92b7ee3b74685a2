/**
 * JSON over HTTP to a Selenium Grid (the router/hub), with Node's fetch so an AbortSignal really
 * cancels. Grid 4.48 refuses a JSON body whose content type lacks `charset=utf-8`.
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

function transportCode(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  // fetch refuses some ports outright ("bad port"), with no errno.
  if (cause && typeof cause.message === 'string' && cause.message) return cause.message;
  return (e as Error).message || 'fetch failed';
}

/** Joins the Grid's base URL (which may carry a path prefix, e.g. `/wd/hub`) and a command path. */
export function gridPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

export async function gridRequest(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
  const url = gridPath(base, path);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    throw new GridUnreachable(url, transportCode(e), e);
  }
  const text = await res.text();
  let parsed: { value?: unknown } = {};
  try {
    parsed = text ? (JSON.parse(text) as { value?: unknown }) : {};
  } catch {
    if (!res.ok) throw new GridReplyError('unknown error', `HTTP ${res.status}: ${text.slice(0, 200)}`, res.status);
    throw new GridReplyError('unknown error', `the Grid answered non-JSON: ${text.slice(0, 200)}`, res.status);
  }
  if (!res.ok) {
    const v = (parsed.value ?? {}) as { error?: unknown; message?: unknown };
    const error = typeof v.error === 'string' ? v.error : 'unknown error';
    throw new GridReplyError(error, typeof v.message === 'string' && v.message ? v.message : `HTTP ${res.status}`, res.status);
  }
  return parsed.value ?? null;
}
