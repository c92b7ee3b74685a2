import { gridRequest, GridReplyError } from './http';

/**
 * Watches one Grid session for its node going away, with positive evidence only: every 500 ms a
 * cheap classic command (Get Timeouts) goes through the router, and only an answer saying the session
 * or its node is gone counts — a slow answer on a busy machine never does. Needed because Grid 4.48's
 * router does not always close a session's BiDi socket when the node dies (seen: one socket of six
 * stayed open, and its calls waited out their deadline).
 */

const PERIOD_MS = 500;
/** What the router answers for a session whose node is gone, or a session it no longer knows. */
export const NODE_GONE = /Unable to execute request for an existing session|Unable to find session with ID|No active session with ID/i;

export function isNodeGone(e: unknown): boolean {
  if (!(e instanceof GridReplyError)) return false;
  return e.error === 'invalid session id' || NODE_GONE.test(e.message);
}

export function watchGridSession(url: string, sessionId: string, onGone: (why: string) => void): () => void {
  let stopped = false;
  let inFlight = false;
  const timer = setInterval(() => {
    if (stopped || inFlight) return;
    inFlight = true;
    gridRequest(url, 'GET', `/session/${encodeURIComponent(sessionId)}/timeouts`, undefined, AbortSignal.timeout(10_000))
      .then(
        () => undefined,
        (e: unknown) => {
          if (!stopped && isNodeGone(e)) {
            stop();
            onGone((e as Error).message.split('\n')[0]!.slice(0, 200));
          }
        },
      )
      .finally(() => (inFlight = false));
  }, PERIOD_MS);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
