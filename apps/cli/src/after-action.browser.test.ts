import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Dispatcher, Provider } from '@browser-provider/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';
import { CallFailed, rerunIfBrowserEnded } from './testing/browser-crash';
import { beforePageCalls } from './testing/page-hook';

/**
 * An action that happened is answered as done when the snapshot after it fails (issue 21, item 4).
 * The click follows a link; the page then goes away while its after-action snapshot is taken (the
 * hook closes it at that step, through the real engine, so that the snapshot fails the way it does
 * when the navigation or the frame outruns it). The answer is a success with `snapshot_missing` and
 * a warning, never an error that would have the agent click again.
 */

let server: Server | undefined;
let origin = '';
/** The same server by another name: another site, so the redirect is a cross-site navigation. */
let otherSite = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = req.url?.startsWith('/next')
      ? '<title>Next</title><p>Arrived</p>'
      : req.url?.startsWith('/hop')
        ? // A page that sends the visitor on at once, to another site, and is busy meanwhile: the click's own
          // navigation is replaced while the click and its snapshot still read the page.
          `<title>Hop</title><script>location.replace(${JSON.stringify(`${otherSite}/next`)}); const t0 = Date.now(); while (Date.now() - t0 < 1000);</script>`
        : '<title>Start</title><a id="go" href="/next">Go on</a> <a id="hop" href="/hop">Hop</a>';
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${body}`);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  otherSite = `http://localhost:${port}`;
});
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

for (const browser of BROWSERS) {
  const real = await createBackend(browser);

  describeEngine(browser)(`the snapshot after an action, on ${browser}`, () => {
    let armed = false;
    const backend = beforePageCalls(real, async (page, op, signal) => {
      if (!armed || op !== 'snapshot') return;
      armed = false;
      await page.close(signal);
    });
    const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
    let n = 0;
    const send = (method: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `a${++n}`, method, params: { timeout_ms: 60_000, ...params } });
    const ok = async (method: string, params: Record<string, unknown>) => {
      const env = await send(method, params);
      if (!env.ok) throw new CallFailed(env.error);
      return env.result as Record<string, any>;
    };
    /** A click that was done must be answered as done: a success, whatever its snapshot met. */
    const done = async (params: Record<string, unknown>) => {
      const env = await send('page.click', params);
      if (env.ok) return env;
      if (env.error.code === 'browser_not_running') throw new CallFailed(env.error);
      throw new Error(`the click answered an error although it was done: ${JSON.stringify(env.error)}`);
    };
    afterAll(() => real.shutdown());

    it('answers a click whose page went away during its after-action snapshot as done, saying the snapshot is missing', async () => {
      const env = await rerunIfBrowserEnded(browser, async () => {
        const { session_id } = await ok('session.ensure', {});
        await ok('page.open', { session_id, url: `${origin}/` });
        await ok('page.snapshot', { session_id });
        armed = true;
        return done({ session_id, selector: '#go', snapshot: 'diff' });
      });
      expect(env.result).toMatchObject({ clicked: true, navigation_occurred: true, snapshot_missing: { code: expect.any(String), message: expect.any(String) } });
      expect(env.result).not.toHaveProperty('snapshot');
      expect(env.warnings.join('\n')).toMatch(/The action was done, but the snapshot after it failed/);
    });

    it('answers a click whose navigation the page replaces at once as done, with the snapshot or saying it is missing', async () => {
      // No hook here: the engine's own timing decides where the redirect meets the click (Chromium 156
      // answered the URL read after the click with "Cannot find context" in about a third of runs).
      const seen = await rerunIfBrowserEnded(browser, async () => {
        const { session_id } = await ok('session.ensure', {});
        const out: string[] = [];
        for (let i = 0; i < 3; i++) {
          await ok('page.open', { session_id, url: `${origin}/` });
          const r = (await done({ session_id, selector: '#hop', snapshot: 'diff' })).result as Record<string, any>;
          out.push(r.snapshot !== undefined ? 'snapshot' : r.snapshot_missing !== undefined ? 'missing' : 'neither');
        }
        return out;
      });
      expect(seen.filter((s) => s === 'neither')).toEqual([]);
    });
  });
}
