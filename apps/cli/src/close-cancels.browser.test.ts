import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { COUNTER_PAGE, ok } from './testing/counter-page';

/**
 * Issue 31 item 2, on each engine through the protocol: `session.close` sent while a long page.wait
 * runs in the session stops the wait (answered at once, session_not_found / session_closed), closes
 * the session promptly, and leaves nothing behind: provider.status no longer counts it and a later call
 * is refused with the reason. Before, the close queued behind the wait and timed out after 30 s.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));

const site = servePage(COUNTER_PAGE);

/** The wait's own deadline; the close must answer it far sooner. */
const WAIT_MS = 60_000;
/** How soon the wait and the close must be answered after the close is sent (generous for a slow machine). */
const ANSWER_WITHIN_MS = 10_000;

const raw = (c: ProviderClient, id: string, method: string, params: Record<string, unknown>) => c.callRaw({ protocol_version: '0.1', id, method, params }, { timeoutMs: WAIT_MS + 30_000 });

for (const browser of BROWSERS) {
  describeEngine(browser)(`session.close on ${browser}`, () => {
    it('stops a running page.wait and a job at once; the session is then gone', async () => {
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
      try {
        const s = ok(await c.call('session.ensure', { client_session_id: 'closing' }));
        ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin()}/` }));
        expect(ok(await c.call('provider.status', {})).sessions).toBe(1);

        const waiting = raw(c, 'long-wait', 'page.wait', { session_id: s.session_id, text_present: 'never shown', timeout_ms: WAIT_MS });
        const queued = raw(c, 'queued', 'page.click', { session_id: s.session_id, text_query: 'Add' });
        // Let the wait poll for a while, so the close meets it running.
        await new Promise((r) => setTimeout(r, 1_000));
        const t0 = Date.now();
        const closing = c.call('session.close', { session_id: s.session_id }, { timeoutMs: WAIT_MS + 30_000 });

        const wait = await waiting;
        const waitMs = Date.now() - t0;
        expect(wait.ok ? wait.result : wait.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed', outcome: 'not_done' } });
        if (!wait.ok) expect(wait.error.message).toMatch(/closed by session\.close/);
        expect(waitMs).toBeLessThan(ANSWER_WITHIN_MS);
        const click = await queued;
        expect(click.ok ? click.result : click.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed', outcome: 'not_done' } });

        const closed = await closing;
        expect(Date.now() - t0).toBeLessThan(ANSWER_WITHIN_MS);
        expect(ok(closed)).toMatchObject({ session_id: s.session_id, closed: true });
        expect(ok(await c.call('provider.status', {})).sessions).toBe(0);

        const later = await c.call('page.snapshot', { session_id: s.session_id });
        expect(later.ok ? later.result : later.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
        if (!later.ok) expect(later.error.message).toMatch(/closed by session\.close/);

        // A background job ends with its session too: the close is not refused as job_active, nor held by the job's wait.
        const j = ok(await c.call('session.ensure', { client_session_id: 'with-job' }));
        ok(await c.call('page.open', { session_id: j.session_id, url: `${site.origin()}/` }));
        ok(
          await c.call('jobs.submit', {
            session_id: j.session_id,
            steps: [
              { method: 'page.wait', params: { text_present: 'never shown', timeout_ms: WAIT_MS } },
              { method: 'page.click', params: { text_query: 'Add' } },
            ],
          }),
        );
        await new Promise((r) => setTimeout(r, 1_000));
        const t1 = Date.now();
        expect(ok(await c.call('session.close', { session_id: j.session_id }, { timeoutMs: WAIT_MS + 30_000 })).closed).toBe(true);
        expect(Date.now() - t1).toBeLessThan(ANSWER_WITHIN_MS);
        expect(ok(await c.call('provider.status', {})).sessions).toBe(0);

        // The provider goes on serving: a new session opens and works.
        const again = ok(await c.call('session.ensure', { client_session_id: 'closing' }));
        expect(again.session_id).not.toBe(s.session_id);
        ok(await c.call('page.open', { session_id: again.session_id, url: `${site.origin()}/` }));
        expect(ok(await c.call('page.snapshot', { session_id: again.session_id })).text).toContain('count 0');
      } finally {
        await c.close();
      }
    });
  });
}
