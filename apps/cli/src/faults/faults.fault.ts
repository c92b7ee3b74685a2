import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS, type BrowserName } from '../browsers';
import { startFaultSite, type FaultSite } from './fixture';
import { browserFamilyOf, serverFamilyOf, mainProcesses, signalAll, survivorsAfter } from './processes';

/**
 * The fault run (`pnpm test:faults`): the real `serve` over stdio, a call in flight, and the browser
 * (with its driver, and Xvfb for WebKit) killed -9 under it, or stopped past the call's deadline.
 * Every pending call is answered within its deadline + 1 s with the protocol's code, provider.status
 * answers at once, a new session works, and nothing of the dead browser is left. Last, the server
 * itself is killed -9, and nothing it started may run 5 s later.
 */

const BIN = fileURLToPath(new URL('../../bin/browser-provider.js', import.meta.url));
const DEADLINE_MS = 3_000;
const SLACK_MS = 1_000;
/** A session that (re)launches its browser: generous, since a loaded 2-core machine took over 30 s. */
const LAUNCH_MS = 120_000;

type Method = 'page.click' | 'page.type' | 'page.snapshot' | 'page.wait' | 'page.open';
type Fault = 'kill' | 'stop';

/** The call under test, and how it may be answered when the browser is stopped past its deadline. */
const CALLS: Record<Method, { path: string; params: (origin: string) => Record<string, unknown>; stopped: (e: ResponseEnvelope) => void }> = {
  'page.click': { path: '/', params: () => ({ selector: '#stall' }), stopped: (e) => expect(e).toMatchObject({ ok: false, error: { code: 'not_ready', details: { code: 'outcome_unknown' } } }) },
  'page.type': { path: '/', params: () => ({ selector: '#field', text: 'x' }), stopped: (e) => expect(e).toMatchObject({ ok: false, error: { code: 'not_ready', details: { code: 'outcome_unknown' } } }) },
  'page.snapshot': { path: '/freeze-soon', params: () => ({}), stopped: (e) => expect(e).toMatchObject({ ok: false, error: { code: 'not_ready', details: { code: 'outcome_unknown' } } }) },
  // The draft answers an unmet wait with satisfied: false rather than an error.
  'page.wait': { path: '/', params: () => ({ text_present: 'never on this page' }), stopped: (e) => expect(e).toMatchObject({ ok: true, result: { satisfied: false } }) },
  'page.open': { path: '/', params: (origin) => ({ url: `${origin}/hang` }), stopped: (e) => expect(e).toMatchObject({ ok: false, error: { code: 'navigation_timeout' } }) },
};

const serve = (browser: string) => new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 180_000 });
const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};

/**
 * Sends `method` until one call is still unanswered after `settleMs`, pausing between answered ones:
 * `/freeze-soon` blocks its page within 100 ms of `armFreeze()`, and a snapshot sent then stays in flight.
 */
async function inFlight(c: ProviderClient, method: string, params: Record<string, unknown>, settleMs = 700): Promise<{ answer: Promise<ResponseEnvelope>; sentAt: number }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const sentAt = Date.now();
    const answer = c.call(method, { ...params, timeout_ms: DEADLINE_MS });
    const early = await Promise.race([answer, new Promise<undefined>((r) => setTimeout(r, settleMs))]);
    if (early === undefined) return { answer, sentAt };
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${method} never stayed in flight`);
}

for (const browser of BROWSERS) {
  describeEngine(browser)(`fault run: ${browser}`, () => {
    let site: FaultSite;
    let c: ProviderClient;

    beforeAll(async () => {
      site = await startFaultSite();
      c = serve(browser);
    });
    afterAll(async () => {
      await c?.close();
      await site?.close();
    });

    const cases: Array<[Method, Fault]> = (Object.keys(CALLS) as Method[]).flatMap((m) => [[m, 'kill'] as [Method, Fault], [m, 'stop'] as [Method, Fault]]);
    it.each(cases)('%s with the browser %s', { timeout: 400_000 }, async (method, fault) => {
      const spec = CALLS[method];
      const s = ok(await c.call('session.ensure', { timeout_ms: LAUNCH_MS }));
      ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin}${spec.path}` }));
      const server = c.pid as number;
      const targets = mainProcesses(browser as BrowserName, server);
      expect(targets.length).toBeGreaterThan(0);
      // Everything of the browser now: after a kill none of these pids may run (a relaunch gets new ones).
      const family = browserFamilyOf(server);
      expect(family).toEqual(expect.arrayContaining(targets));

      let pending: { answer: Promise<ResponseEnvelope>; sentAt: number };
      if (fault === 'kill') {
        if (method === 'page.snapshot') site.armFreeze();
        pending = await inFlight(c, method, { session_id: s.session_id, ...spec.params(site.origin) });
        signalAll(targets, 'SIGKILL');
      } else {
        // Stopped first, so the call is certainly in flight when it reaches the browser.
        signalAll(targets, 'SIGSTOP');
        pending = await inFlight(c, method, { session_id: s.session_id, ...spec.params(site.origin) }, 0);
      }
      try {
        const answer = await pending.answer;
        const took = Date.now() - pending.sentAt;
        expect(took).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);
        if (fault === 'kill') expect(answer).toMatchObject({ ok: false, error: { code: 'browser_not_running' } });
        else spec.stopped(answer);
        const t0 = Date.now();
        ok(await c.call('provider.status', {}, { timeoutMs: 10_000 }));
        expect(Date.now() - t0).toBeLessThanOrEqual(SLACK_MS * 2);
      } finally {
        if (fault === 'stop') signalAll(targets, 'SIGCONT');
      }
      if (fault === 'kill') {
        // Nothing of the killed browser lingers: its helpers, content processes, the browser a driver started.
        expect(await survivorsAfter(family, 5_000)).toEqual([]);
      }
      const fresh = ok(await c.call('session.ensure', { timeout_ms: LAUNCH_MS }));
      ok(await c.call('page.open', { session_id: fresh.session_id, url: `${site.origin}/` }));
      await c.call('session.close', { session_id: fresh.session_id });
      await c.call('session.close', { session_id: s.session_id });
    });

    it('kill -9 of the server leaves none of its processes after 5 s', { timeout: 300_000 }, async () => {
      const s = ok(await c.call('session.ensure', { timeout_ms: LAUNCH_MS }));
      ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin}/` }));
      const server = c.pid as number;
      const family = serverFamilyOf(server);
      expect(family.length).toBeGreaterThan(1);
      process.kill(server, 'SIGKILL');
      expect(await survivorsAfter([server, ...family], 5_000)).toEqual([]);
    });
  });
}
