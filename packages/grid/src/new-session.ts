import { ERRORS, raise, type ProviderError } from '@browser-provider/core/toolkit';
import { gridRequest, GridReplyError, GridUnreachable } from './http';

/**
 * One Grid session: classic New Session on the Grid (it queues the request until a node with a
 * matching slot is free), and its deletion. The Grid's failures become protocol errors here, each
 * with the Grid URL that was tried.
 */

export interface GridSession {
  id: string;
  capabilities: Record<string, unknown>;
}

export function gridUnreachable(url: string, e: GridUnreachable): ProviderError {
  return raise(ERRORS.grid_unreachable, `The Selenium Grid at ${url} cannot be reached (${e.code}).`, undefined, {
    details: { grid_url: url, manual_steps: [`Start the Grid (java -jar selenium-server-<version>.jar hub, and its nodes), or pass the right --grid-url / BROWSER_PROVIDER_GRID_URL (tried ${url}).`] },
    cause: e,
  });
}

/**
 * New Session failed on the Grid. Selenium 4 answers `session not created` for all of: a request that
 * sat in the queue past `--session-request-timeout` (every matching slot busy), a request no node's
 * stereotype matches, and a driver that failed to start the browser; the message tells them apart.
 */
export function classifyNewSession(url: string, e: GridReplyError, queuedMs: number, capabilities: Record<string, unknown>): ProviderError {
  const msg = e.message.split('\n')[0]!.slice(0, 400);
  if (/timed out|timeout/i.test(msg)) {
    return raise(ERRORS.grid_queue_timeout, `Every matching slot of the Grid at ${url} stayed busy: the request waited ${queuedMs} ms in its queue and timed out.`, undefined, {
      details: { grid_url: url, queued_ms: queuedMs, grid_message: msg },
    });
  }
  if (/no nodes? support|cannot find|unable to find a node|no slot/i.test(msg)) {
    return raise(ERRORS.grid_no_matching_node, `No node of the Grid at ${url} offers a browser matching the request.`, undefined, {
      details: {
        grid_url: url,
        capabilities,
        grid_message: msg,
        manual_steps: ['Register a node whose stereotype matches browserName (and platformName), or change --grid-capabilities to match a node listed by provider.status.'],
      },
    });
  }
  return raise(ERRORS.grid_session_not_created, `The Grid at ${url} could not start a browser: ${msg}`, undefined, { details: { grid_url: url, grid_message: msg } });
}

/** Backstop for one New Session; the Grid's own queue timeout (`--session-request-timeout`) comes first. */
const NEW_SESSION_BACKSTOP_MS = 15 * 60_000;

/**
 * A caller that gives up does not cancel the request: the Grid keeps it queued (or is already starting
 * a browser) and would hold the slot until the node's idle timeout. So the request runs on, and a
 * session it makes after the caller left is deleted at once.
 */
export async function newGridSession(url: string, alwaysMatch: Record<string, unknown>, signal: AbortSignal): Promise<GridSession> {
  const started = Date.now();
  signal.throwIfAborted();
  const request = gridRequest(url, 'POST', '/session', { capabilities: { alwaysMatch, firstMatch: [{}] } }, AbortSignal.timeout(NEW_SESSION_BACKSTOP_MS));
  let value: unknown;
  try {
    value = await new Promise<unknown>((resolve, reject) => {
      const onAbort = () => {
        reject(signal.reason);
        void request.then((v) => {
          const id = (v as { sessionId?: unknown } | null)?.sessionId;
          if (typeof id === 'string') void deleteGridSession(url, id);
        }, () => undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      request.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  } catch (e) {
    if (signal.aborted) throw e;
    if (e instanceof GridUnreachable) throw gridUnreachable(url, e);
    if (e instanceof GridReplyError) throw classifyNewSession(url, e, Date.now() - started, alwaysMatch);
    throw e;
  }
  const v = (value ?? {}) as { sessionId?: unknown; capabilities?: unknown };
  if (typeof v.sessionId !== 'string') {
    throw raise(ERRORS.grid_session_not_created, `The Grid at ${url} answered New Session without a session id.`, undefined, { details: { grid_url: url } });
  }
  return { id: v.sessionId, capabilities: (v.capabilities ?? {}) as Record<string, unknown> };
}

/** Deletes a Grid session (frees its slot). Best effort: a node that died took the session with it. */
export async function deleteGridSession(url: string, id: string): Promise<void> {
  await gridRequest(url, 'DELETE', `/session/${encodeURIComponent(id)}`, undefined, AbortSignal.timeout(5000)).catch(() => undefined);
}
