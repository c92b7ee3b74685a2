import type { ResponseEnvelope } from '@browser-provider/protocol';

/** A protocol call that answered an error, thrown by a test's `ok` helper with the error kept. */
export class CallFailed extends Error {
  constructor(readonly error: Extract<ResponseEnvelope, { ok: false }>['error']) {
    super(`expected success, got ${JSON.stringify(error)}`);
  }
}

/**
 * Runs `sequence` (which opens its own session), and once more if the browser ended mid-run
 * (`browser_not_running`). Seen once in CI: WebKitGTK's UI process died on a loaded machine. A crash
 * says nothing about what the test checks, and the provider answers it with session_gone, after which
 * a new session works. A second failure fails the test, and the rerun is logged.
 */
export async function rerunIfBrowserEnded<T>(browser: string, sequence: () => Promise<T>): Promise<T> {
  try {
    return await sequence();
  } catch (e) {
    if (!(e instanceof CallFailed) || e.error.code !== 'browser_not_running') throw e;
    console.warn(`${browser}: the browser ended mid-run (${e.error.message}); running the sequence again on a new session`);
    return sequence();
  }
}
