import { FIXTURE } from '../fixtures/pages';
import { ERROR_FIXTURE } from '../fixtures/error-pages';
import { check, findElement, type Scenario } from './context';
import { ANSWER_SLACK_MS, expectError, repairOf, timed } from './error-checks';

const E = ERROR_FIXTURE;
const { home } = FIXTURE;

const NAV_TIMEOUT_MS = 1_500;
const CLICK_TIMEOUT_MS = 1_500;
const SNAPSHOT_TIMEOUT_MS = 2_000;
/** Generous bounds for calls that must merely work, measured on a loaded 2-core machine. */
const RECOVERY_CALL_MS = 20_000;

/** (e7) A navigation to a server that answers in 8 s times out on time, and the session goes on. */
export const slowNavigationScenario: Scenario = {
  id: 'e07-slow-navigation',
  tier: 'errors',
  method: 'page.open',
  title: 'page.open of a slow page with timeout_ms 1500: navigation_timeout on time, the session still works',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('slow', home.path);
    const { value: r, ms } = await timed(() =>
      ctx.client.call(
        'page.open',
        { ...page, url: ctx.url(E.slow.path), timeout_ms: NAV_TIMEOUT_MS },
        { signal: ctx.signal, timeoutMs: E.slow.delayMs + ANSWER_SLACK_MS },
      ),
    );
    check(!r.ok, `page.open of a page that takes ${E.slow.delayMs} ms answered ok within timeout_ms ${NAV_TIMEOUT_MS} (after ${ms} ms)`);
    expectError(r, 'page.open of the slow page', { code: 'navigation_timeout' });
    check(ms <= NAV_TIMEOUT_MS + ANSWER_SLACK_MS, `navigation_timeout came after ${ms} ms for timeout_ms ${NAV_TIMEOUT_MS}`);

    const { value: opened, ms: recoveryMs } = await timed(() =>
      ctx.ok('page.open', { ...page, url: ctx.url(home.path), timeout_ms: RECOVERY_CALL_MS }, { timeoutMs: RECOVERY_CALL_MS + ANSWER_SLACK_MS }),
    );
    check(opened.url === ctx.url(home.path), `after the timeout page.open landed on ${opened.url}`);
    const snap = await ctx.snapshot(page);
    check(snap.title === home.title, `after the timeout the snapshot shows "${snap.title}", not the fast page`);
    ctx.note(`navigation_timeout after ${ms} ms; the next page.open took ${recoveryMs} ms`);
  },
};

/**
 * (e8) A page whose script never yields: calls on it answer by their deadline, and the provider
 * (status, a new session, a new page) keeps working. Runs last: the busy page stays busy ~15 s.
 */
export const hungPageScenario: Scenario = {
  id: 'e08-hung-page',
  tier: 'errors',
  method: 'page.snapshot',
  title: 'a page busy in script: page.snapshot answers by its deadline, status and new sessions still work',
  needsBrowser: true,
  async run(ctx) {
    const hung = await ctx.openFixture('hung', E.hung.path);
    const button = findElement((await ctx.snapshot(hung)).elements, 'button', E.hung.button);
    // The click itself may answer (input delivered) or time out (the page never acknowledged it).
    const click = await ctx.client.call(
      'page.click',
      { ...hung, element_ref: button.element_ref, timeout_ms: CLICK_TIMEOUT_MS },
      { signal: ctx.signal, timeoutMs: CLICK_TIMEOUT_MS + ANSWER_SLACK_MS },
    );
    if (!click.ok && click.error.code !== 'internal_error') repairOf(click);
    ctx.note(`click answered ${click.ok ? 'ok' : `${click.error.code}${click.error.details.code ? ` (${click.error.details.code})` : ''}`}`);

    const { value: snap, ms } = await timed(() =>
      ctx.client.call(
        'page.snapshot',
        { ...hung, timeout_ms: SNAPSHOT_TIMEOUT_MS },
        { signal: ctx.signal, timeoutMs: SNAPSHOT_TIMEOUT_MS + ANSWER_SLACK_MS },
      ),
    );
    check(!snap.ok, `page.snapshot of a page busy in script answered ok after ${ms} ms (was the page ever busy?)`);
    check(ms <= SNAPSHOT_TIMEOUT_MS + ANSWER_SLACK_MS, `page.snapshot with timeout_ms ${SNAPSHOT_TIMEOUT_MS} answered after ${ms} ms`);
    if (snap.error.code !== 'internal_error') repairOf(snap);
    ctx.note(`snapshot answered ${snap.error.code}${snap.error.details.code ? ` (${snap.error.details.code})` : ''} after ${ms} ms`);
    if (snap.error.code !== 'not_ready') ctx.note(`expected not_ready, got ${snap.error.code}`);

    const { ms: statusMs } = await timed(() => ctx.ok('provider.status', {}, { timeoutMs: RECOVERY_CALL_MS }));
    const { value: fresh, ms: freshMs } = await timed(async () => {
      const session = await ctx.ensureSession('after-hang');
      const opened = await ctx.ok(
        'page.open',
        { session_id: session.session_id, page_id: session.default_page_id, url: ctx.url(home.path), timeout_ms: RECOVERY_CALL_MS },
        { timeoutMs: RECOVERY_CALL_MS + ANSWER_SLACK_MS },
      );
      return { session_id: session.session_id, page_id: opened.page_id, url: opened.url };
    });
    check(fresh.url === ctx.url(home.path), `the new session's page.open landed on ${fresh.url}`);
    // Photograph the healthy page for the report, not the frozen one.
    ctx.page = { session_id: fresh.session_id, page_id: fresh.page_id };
    ctx.note(`provider.status took ${statusMs} ms; a new session and page.open took ${freshMs} ms`);
  },
};
