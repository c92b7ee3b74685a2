import type { ResponseEnvelope } from '@browser-provider/protocol';
import { FIXTURE } from '../fixtures/pages';
import { check, type Scenario } from './context';
import { ANSWER_SLACK_MS, expectError } from './error-checks';

/** The cut-off wait's own deadline: the close must end it long before. */
const WAIT_MS = 60_000;
/** How soon, after session.close is sent, the wait and the close must both be answered. */
const CLOSE_WITHIN_MS = 10_000;

/** The envelope, or undefined when it has not come `ms` after now (the call goes on; see the caller). */
function within(answer: Promise<ResponseEnvelope>, ms: number): Promise<ResponseEnvelope | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * (s8, issue 31) A session whose call runs long must still close at once: `session.close` stops the
 * calls running in the session. A page.wait with a 60 s deadline is running when the close comes; the
 * wait must be answered within 10 s as cut off (`session_not_found` / `session_closed`), the close must
 * succeed within 10 s, and provider.status must stop counting the session. (That a later call on a
 * closed session is refused is 10-session-close's check.) A provider that queues the close behind the
 * wait leaves the session open for as long as a client asks (up to timeout_ms).
 */
export const closeStopsCallsScenario: Scenario = {
  id: 's08-close-stops-calls',
  tier: 'security',
  method: 'session.close',
  title: 'session.close while a 60 s page.wait runs: the wait is cut off at once (session_closed), the close succeeds, status stops counting the session',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('close-stops', FIXTURE.home.path);
    const before = (await ctx.ok('provider.status', {})).sessions;
    // Waits for the heading, which never goes, to go.
    const waiting = ctx.client.call('page.wait', { ...page, text_absent: FIXTURE.home.heading, timeout_ms: WAIT_MS }, { signal: ctx.signal, timeoutMs: WAIT_MS + ANSWER_SLACK_MS });
    // A provider that fails this leaves the wait running past the scenario; its answer must not go unhandled.
    waiting.catch(() => undefined);
    // The close must meet the wait running, not queued.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentAt = performance.now();
    const closing = ctx.client.call('session.close', { session_id: page.session_id }, { signal: ctx.signal, timeoutMs: WAIT_MS + ANSWER_SLACK_MS });
    closing.catch(() => undefined);

    const wait = await within(waiting, CLOSE_WITHIN_MS);
    const waitMs = Math.round(performance.now() - sentAt);
    check(wait !== undefined, `page.wait (timeout_ms ${WAIT_MS}) was still running ${CLOSE_WITHIN_MS} ms after session.close was sent: the close did not stop it`);
    check(!wait.ok, `page.wait answered ok (${JSON.stringify(wait.ok ? wait.result : null)}) ${waitMs} ms after session.close was sent, as if its session were still open`);
    const cut = expectError(wait, 'the page.wait that session.close cut off', { code: 'session_not_found', detail: 'session_closed' });

    const closed = await within(closing, Math.max(0, CLOSE_WITHIN_MS - waitMs));
    const closeMs = Math.round(performance.now() - sentAt);
    check(closed !== undefined, `session.close did not answer within ${CLOSE_WITHIN_MS} ms while a page.wait ran in the session`);
    check(closed.ok, `session.close answered ${closed.ok ? '' : `${closed.error.code}: ${closed.error.message}`} while a page.wait ran in the session`);
    const result = closed.result as { closed?: boolean; detached?: boolean };
    check(result.closed === true || result.detached === true, 'session.close answered closed: false without detaching');
    ctx.sessions.delete(page.session_id);
    ctx.page = undefined;

    const after = (await ctx.ok('provider.status', {})).sessions;
    if (before === undefined || after === undefined) ctx.note('provider.status reports no session count; not checked');
    else check(after === before - 1, `provider.status counted ${before} sessions before the close and ${after} after it`);

    // The provider goes on serving (and the report gets a page to show).
    await ctx.openFixture('after-close', FIXTURE.home.path);
    ctx.note(`the wait was answered ${waitMs} ms after session.close was sent (outcome ${String(cut.outcome)}); the close in ${closeMs} ms`);
  },
};
