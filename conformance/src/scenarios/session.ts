import { check, type Scenario } from './context';

/** (3) `session.ensure` is idempotent per client_session_id and isolates different ids. */
export const sessionEnsureScenario: Scenario = {
  id: '03-session-ensure',
  tier: 'core',
  method: 'session.ensure',
  title: 'session.ensure creates, reuses for the same id, separates different ids',
  needsBrowser: true,
  async run(ctx) {
    const first = await ctx.ensureSession('a');
    check(first.reused !== true, 'a brand-new client_session_id answered reused: true');
    check(first.default_page_id.length > 0, 'default_page_id is empty');
    const again = await ctx.ensureSession('a');
    check(again.session_id === first.session_id, `same client_session_id gave ${again.session_id}, not ${first.session_id}`);
    check(again.reused === true, `the second ensure for the same id answered reused: ${String(again.reused)}`);
    const other = await ctx.ensureSession('b');
    check(other.session_id !== first.session_id, 'a different client_session_id reused the first session');
    check(other.reused !== true, 'a different client_session_id answered reused: true');
  },
};

/** (10) `session.close` closes, and the closed session is gone for later calls. */
export const sessionCloseScenario: Scenario = {
  id: '10-session-close',
  tier: 'core',
  method: 'session.close',
  title: 'session.close cleans up; the session is then unknown',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('close', '/');
    const closed = await ctx.ok('session.close', { session_id: page.session_id });
    check(closed.session_id === page.session_id, `session.close answered for ${closed.session_id}`);
    check(closed.closed || closed.detached === true, 'session.close answered closed: false without detaching');
    ctx.sessions.delete(page.session_id);
    ctx.page = undefined;
    const after = await ctx.fails('page.snapshot', { ...page });
    check(after.error.code === 'session_not_found', `page.snapshot after close answered ${after.error.code}, not session_not_found`);
  },
};
