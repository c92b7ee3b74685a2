import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import { expect, it } from 'vitest';
import { descendantsOf } from '@browser-provider/core/host';
import { commandName, describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { COUNTER_PAGE, ok } from './testing/counter-page';

/**
 * Sessions that cannot step on each other, on real browsers: cancellation, background jobs, and a
 * browser killed under a running call.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));

const site = servePage(COUNTER_PAGE);

const raw = (c: ProviderClient, id: string, method: string, params: Record<string, unknown>) =>
  c.callRaw({ protocol_version: '0.1', id, method, params });

/** The browser's own process among the server's descendants (the one a crash would take down). */
const BROWSER_PROCESS: Record<string, RegExp> = { firefox: /^firefox/, chrome: /^chrom(e|ium)$/, safari: /^WebKitWebDriver$/ };

for (const browser of BROWSERS) {
  describeEngine(browser)(`sessions on ${browser}`, () => {
    it('a cancelled queued call never reaches the browser, and the next call still runs', async () => {
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
      try {
        const s = ok(await c.call('session.ensure', {}));
        ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin()}/` }));
        const waiting = raw(c, 'w', 'page.wait', { session_id: s.session_id, text_present: 'never shown', timeout_ms: 2_000 });
        const queued = raw(c, 'q', 'page.click', { session_id: s.session_id, text_query: 'Add' });
        const after = raw(c, 'a', 'page.wait', { session_id: s.session_id, text_present: 'count 0', timeout_ms: 5_000 });
        // Only the session that sent a request may cancel it (issue 13 item 5): without session_id, 'q' is not reachable.
        expect(ok(await c.call('requests.cancel', { request_id: 'q' }))).toMatchObject({ cancelled: false, state: 'not_found' });
        expect(ok(await c.call('requests.cancel', { session_id: s.session_id, request_id: 'q' }))).toMatchObject({ cancelled: true, state: 'queued' });
        const cancelled = await queued;
        expect(cancelled.ok).toBe(false);
        if (!cancelled.ok) expect(cancelled.error).toMatchObject({ code: 'not_ready', details: { code: 'cancelled', outcome: 'not_done' } });
        expect(ok(await waiting).satisfied).toBe(false);
        expect(ok(await after).satisfied).toBe(true);
        const snap = ok(await c.call('page.snapshot', { session_id: s.session_id }));
        expect(snap.text).toContain('count 0');
      } finally {
        await c.close();
      }
    });

    it('runs a background job that is polled, blocks other mutations, and is invisible to other sessions', async () => {
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
      try {
        const a = ok(await c.call('session.ensure', { client_session_id: 'a' }));
        const b = ok(await c.call('session.ensure', { client_session_id: 'b' }));
        const job = ok(
          await c.call('jobs.submit', {
            session_id: a.session_id,
            steps: [
              { method: 'page.open', params: { url: `${site.origin()}/` } },
              { method: 'page.click', params: { text_query: 'Add' } },
              { method: 'page.click', params: { text_query: 'Add' } },
              { method: 'page.wait', params: { text_present: 'count 2', timeout_ms: 10_000 } },
            ],
          }),
        );
        const blocked = await c.call('page.open', { session_id: a.session_id, url: `${site.origin()}/` });
        if (!blocked.ok) expect(blocked.error.details.code).toBe('job_active');
        const foreign = await c.call('jobs.get', { session_id: b.session_id, job_id: job.job_id });
        expect(foreign.ok ? null : foreign.error.details.code).toBe('unknown_job');
        let view = job;
        for (let i = 0; i < 300 && view.state === 'running'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          view = ok(await c.call('jobs.get', { session_id: a.session_id, job_id: job.job_id }));
        }
        expect(view.state).toBe('succeeded');
        expect(view.steps.map((s: any) => s.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
        expect(view.steps[3].result.satisfied).toBe(true);

        const long = ok(
          await c.call('jobs.submit', {
            session_id: a.session_id,
            steps: Array.from({ length: 5 }, () => ({ method: 'page.wait', params: { text_present: 'never', timeout_ms: 700 } })),
          }),
        );
        ok(await c.call('jobs.cancel', { session_id: a.session_id, job_id: long.job_id }));
        for (let i = 0; i < 100 && view.state !== 'cancelled'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          view = ok(await c.call('jobs.get', { session_id: a.session_id, job_id: long.job_id }));
        }
        expect(view.state).toBe('cancelled');
        expect(view.steps.at(-1).state).toBe('skipped');
        expect(ok(await c.call('jobs.list', { session_id: b.session_id })).jobs).toEqual([]);
      } finally {
        await c.close();
      }
    });

    it('a killed browser answers every pending call with browser_not_running, and the next session relaunches', async () => {
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
      try {
        const s = ok(await c.call('session.ensure', {}));
        ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin()}/` }));
        const victims = descendantsOf(c.pid as number).filter((pid) => BROWSER_PROCESS[browser]?.test(commandName(pid)));
        expect(victims.length).toBeGreaterThan(0);
        const running = c.call('page.wait', { session_id: s.session_id, text_present: 'never shown', timeout_ms: 20_000 });
        const queued = c.call('page.snapshot', { session_id: s.session_id });
        await new Promise((r) => setTimeout(r, 300));
        const killedAt = Date.now();
        for (const pid of victims) {
          // A helper process of the browser (Chromium's zygote or a renderer) may have ended on its own since it was listed.
          try {
            process.kill(pid, 'SIGKILL');
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
          }
        }
        for (const answer of await Promise.all([running, queued])) {
          expect(answer.ok ? 'ok' : answer.error.code).toBe('browser_not_running');
        }
        // Answered by the browser's death, not by the wait's own 20 s deadline.
        expect(Date.now() - killedAt).toBeLessThan(15_000);
        const degraded = ok(await c.call('provider.status', {}));
        expect(degraded).toMatchObject({ availability: 'degraded', browser_running: false });
        const again = ok(await c.call('session.ensure', {}));
        expect(ok(await c.call('page.open', { session_id: again.session_id, url: `${site.origin()}/` })).title).toBe('Counter');
        expect(ok(await c.call('provider.status', {})).availability).toBe('ready');
      } finally {
        await c.close();
      }
    });
  });
}
