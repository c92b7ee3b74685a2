import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import { descendantsOf, readStat } from '@browser-provider/core/host';
import { expect, it } from 'vitest';
import { commandName, describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { COUNTER_PAGE, ok } from './testing/counter-page';

/**
 * The memory backstop (core's RecyclingBackend) forced by a tiny limit: every browser serves two
 * sessions. A third session under load goes to a fresh browser while the first two keep theirs (and
 * their pages); the old browser exits once they close; an idle browser past its limit is relaunched.
 * WebKit has a driver and browser per session, so there a recycle replaces the shared helpers (Xvfb).
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const site = servePage(COUNTER_PAGE);


/** The browsers (or drivers, or X servers) the server launched: its direct children that are an engine's main process. */
const launched = (server: number) => descendantsOf(server).filter((p) => readStat(p)?.ppid === server && /^(firefox|chromedriver|WebKitWebDriver|Xvfb)/.test(commandName(p) ?? ''));

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check(), what).toBe(true);
}

for (const browser of BROWSERS) {
  describeEngine(browser)(`recycling on ${browser}`, () => {
    it('drains a browser past its session limit under load, loses no call, and relaunches an idle one', async () => {
      const env = { ...process.env, BROWSER_PROVIDER_RECYCLE_SESSIONS: '2' };
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], env, defaultTimeoutMs: 90_000 });
      const server = c.pid as number;
      const status = async () => ok(await c.call('provider.status', {}));
      try {
        const ensure = async (name: string) => ok(await c.call('session.ensure', { client_session_id: name })).session_id as string;
        const work = async (sid: string) => {
          ok(await c.call('page.open', { session_id: sid, url: `${site.origin()}/` }));
          ok(await c.call('page.click', { session_id: sid, text_query: 'Add' }));
          return ok(await c.call('page.snapshot', { session_id: sid })).text as string;
        };
        const [a, b] = [await ensure('a'), await ensure('b')];
        // The third session is due a fresh browser while the first two are mid-call.
        const [ta, tb, cid] = await Promise.all([work(a), work(b), ensure('c')]);
        expect([ta, tb]).toEqual([expect.stringContaining('count 1'), expect.stringContaining('count 1')]);
        expect((await status()).recycle).toMatchObject({ recycles: 1, draining: 1, sessions_served: 1, max_sessions: 2 });
        // The drained sessions keep their pages, and the new one works beside them.
        const [ta2, , tc] = await Promise.all([
          c
            .call('page.click', { session_id: a, text_query: 'Add' })
            .then(ok)
            .then(() => c.call('page.snapshot', { session_id: a }))
            .then((e) => ok(e).text as string),
          work(b),
          work(cid),
        ]);
        expect(ta2).toContain('count 2');
        expect(tc).toContain('count 1');
        const busy = launched(server).length;
        ok(await c.call('session.close', { session_id: a }));
        ok(await c.call('session.close', { session_id: b }));
        await until('the drained browser exits with its last session', () => launched(server).length < busy);
        expect((await status()).recycle).toMatchObject({ recycles: 1, draining: 0 });

        // The current browser reaches its limit and goes idle: it is relaunched at once, unheld.
        const d = await ensure('d');
        ok(await c.call('session.close', { session_id: cid }));
        ok(await c.call('session.close', { session_id: d }));
        await until('the idle browser past its limit exits', () => launched(server).length === 0);
        expect((await status()).recycle).toMatchObject({ recycles: 2, draining: 0, sessions_served: 0 });
        expect(await work(await ensure('e'))).toContain('count 1');
      } finally {
        await c.close();
      }
    });
  });
}
