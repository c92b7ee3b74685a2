import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAt, pressKeys, ProviderError, typeText, type BackendPage, type BackendSession } from '@browser-provider/core';
import type { BidiBackend, BidiSession } from '@browser-provider/bidi';
import { groupRunning } from '@browser-provider/core/host';
import { startFixtureSite, type FixtureSite } from './fixture-site';

/**
 * The real-browser checks every BiDi engine must pass, shared by the Firefox and Chrome adapters'
 * `*.browser.test.ts`. One backend (one browser) per suite; every test leaves no page behind.
 */
const sig = (ms = 30_000) => AbortSignal.timeout(ms);

const groupAlive = groupRunning;

async function center(page: BackendPage, frame: string, selector: string): Promise<{ x: number; y: number; id: number; doc: string }> {
  const q = await page.call(frame, 'query', [{ selector, limit: 5 }], sig());
  if (!q.ok) throw new Error(q.message);
  const id = q.matches[0]!.id;
  const r = await page.call(frame, 'rect', [q.doc, id], sig());
  if (!r) throw new Error(`no rect for ${selector}`);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2, id, doc: q.doc };
}

export function describeBidiBackend(name: string, make: () => BidiBackend): void {
  describe(`${name} over WebDriver BiDi`, () => {
    let site: FixtureSite;
    let backend: BidiBackend;
    let session: BackendSession;

    beforeAll(async () => {
      site = await startFixtureSite();
      backend = make();
    });
    afterAll(async () => {
      await backend?.shutdown();
      await site?.close();
    });

    it('detects the browser, launches lazily and reports it running', async () => {
      const before = await backend.status();
      expect(before.browser_detected).toBe(true);
      expect(before.browser_running).toBe(false);
      expect(backend.running()).toBe(false);
      session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig(60_000) });
      expect(session.isolated).toBe(true);
      expect(backend.running()).toBe(true);
      const after = await backend.status();
      expect(after.browser_running).toBe(true);
      expect(after.browser_version).toMatch(/\d+\.\d+/);
    });

    it('keeps cookies apart between isolated sessions', async () => {
      const other = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      const [p1, p2] = [await session.newPage(sig()), await other.newPage(sig())];
      await p1.navigate(`${site.a}/set-cookie?v=one`, 'load', sig());
      await p1.navigate(`${site.a}/cookie`, 'load', sig());
      await p2.navigate(`${site.a}/cookie`, 'load', sig());
      expect((await p1.info(sig())).title).toBe('cookie:sid=one');
      expect((await p2.info(sig())).title).toBe('cookie:');
      await other.close(sig());
      await expect(p2.info(sig())).rejects.toMatchObject({ code: 'page_not_found' });
      await p1.close(sig());
    });

    it('navigates, reports url and title, runs ops, and clicks at a point', async () => {
      const page = await session.newPage(sig());
      await page.navigate(`${site.a}/`, 'domcontentloaded', sig());
      expect(await page.info(sig())).toEqual({ url: `${site.a}/`, title: 'Fixture' });
      const doc = await page.call(page.mainFrame, 'doc', [], sig());
      expect(typeof doc).toBe('string');
      const m = await page.call(page.mainFrame, 'metrics', [], sig());
      expect(m.viewportWidth).toBeGreaterThan(300);
      const btn = await center(page, page.mainFrame, '#btn');
      const out = await center(page, page.mainFrame, '#out');
      expect(await page.call(page.mainFrame, 'value', [out.doc, out.id], sig())).toBe('');
      expect(await clickAt(page, btn, sig())).toEqual({ navigated: false });
      expect(await page.call(page.mainFrame, 'value', [out.doc, out.id], sig())).toBe('clicked');
      await page.close(sig());
    });

    it('reports navigation started by a click, but not by a fragment link', async () => {
      const page = await session.newPage(sig());
      await page.navigate(`${site.a}/`, 'load', sig());
      const frag = await center(page, page.mainFrame, '#frag');
      expect(await clickAt(page, frag, sig())).toEqual({ navigated: false });
      const link = await center(page, page.mainFrame, '#link');
      expect(await clickAt(page, link, sig())).toEqual({ navigated: true });
      expect((await page.info(sig())).url).toBe(`${site.a}/next`);
      await page.close(sig());
    });

    it('types text (any code point, newline as Enter) and presses chords', async () => {
      const page = await session.newPage(sig());
      await page.navigate(`${site.a}/`, 'load', sig());
      const out = await center(page, page.mainFrame, '#out');
      await clickAt(page, out, sig());
      await typeText(page, 'héllo wörld ✓', sig());
      expect(await page.call(page.mainFrame, 'value', [out.doc, out.id], sig())).toBe('héllo wörld ✓');
      await pressKeys(page, ['Control', 'a'], sig());
      await pressKeys(page, ['Backspace'], sig());
      expect(await page.call(page.mainFrame, 'value', [out.doc, out.id], sig())).toBe('');
      await typeText(page, 'ab', sig());
      await pressKeys(page, ['ArrowLeft'], sig());
      await typeText(page, 'X', sig());
      expect(await page.call(page.mainFrame, 'value', [out.doc, out.id], sig())).toBe('aXb');
      await expect(pressKeys(page, ['NoSuchKey'], sig())).rejects.toMatchObject({ code: 'invalid_request' });
      await page.close(sig());
    });

    it('takes viewport, clipped and full-page screenshots with the right dimensions', async () => {
      const page = await session.newPage(sig());
      await page.navigate(`${site.a}/`, 'load', sig());
      const m = await page.call(page.mainFrame, 'metrics', [], sig());
      const vp = await page.screenshot({}, sig());
      // Chrome 156 captures the viewport without its classic scrollbar (15 px); Firefox 153 headless includes it.
      expect(vp.width).toBeGreaterThanOrEqual(Math.round((m.viewportWidth - 20) * m.devicePixelRatio));
      expect(vp.width).toBeLessThanOrEqual(Math.round(m.viewportWidth * m.devicePixelRatio));
      expect(vp.height).toBeGreaterThanOrEqual(Math.round((m.viewportHeight - 20) * m.devicePixelRatio));
      expect(vp.height).toBeLessThanOrEqual(Math.round(m.viewportHeight * m.devicePixelRatio));
      const clip = await page.screenshot({ clip: { x: 10, y: 1000, width: 100, height: 50 } }, sig());
      expect([clip.width, clip.height]).toEqual([100 * m.devicePixelRatio, 50 * m.devicePixelRatio]);
      const full = await page.screenshot({ fullPage: true }, sig());
      expect(full.height).toBeGreaterThanOrEqual(3000);
      await page.close(sig());
    });

    it('resolves same-origin and cross-site iframes to frames that run ops', async () => {
      const page = await session.newPage(sig());
      await page.navigate(`${site.a}/`, 'load', sig());
      for (const [sel, origin] of [['#same', site.a], ['#cross', site.b]] as const) {
        const f = await center(page, page.mainFrame, sel);
        const frame = await page.childFrame(page.mainFrame, f.id, sig());
        expect(frame).toBeTypeOf('string');
        expect(frame).not.toBe(page.mainFrame);
        const q = await page.call(frame!, 'query', [{ selector: '#inner', limit: 1 }], sig());
        expect(q.ok && q.matches[0]?.name).toContain(new URL(origin).host);
      }
      const btn = await center(page, page.mainFrame, '#btn');
      expect(await page.childFrame(page.mainFrame, btn.id, sig())).toBeNull();
      await expect(page.call('no-such-frame', 'doc', [], sig())).rejects.toMatchObject({ code: 'page_not_found', details: { code: 'frame_detached' } });
      await page.close(sig());
    });

    it('keeps an earlier page visible and its animation frames running when another page opens', async () => {
      const other = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      const first = await session.newPage(sig());
      await first.navigate(`${site.a}/next`, 'load', sig());
      const second = await other.newPage(sig());
      await second.navigate(`${site.a}/next`, 'load', sig());
      const conn = (session as BidiSession).browser.conn;
      const r = await conn.send(
        'script.callFunction',
        {
          functionDeclaration: `() => new Promise((r) => { const t = performance.now(); requestAnimationFrame(() => requestAnimationFrame(() => r(document.visibilityState + ' ' + Math.round(performance.now() - t)))); })`,
          awaitPromise: true,
          target: { context: first.targetId },
        },
        sig(),
      );
      if (r.type !== 'success' || r.result.type !== 'string') throw new Error(`the page answered ${JSON.stringify(r)}`);
      const [state, ms] = r.result.value.split(' ');
      expect(state).toBe('visible');
      expect(Number(ms)).toBeLessThan(400);
      await other.close(sig());
      await first.close(sig());
    });

    it('rejects pending calls with browser_not_running when the browser dies, then relaunches', async () => {
      const page = await session.newPage(sig());
      const pid = backend.processId!;
      const pending = page.navigate(`${site.a}/hang`, 'load', sig());
      await new Promise((r) => setTimeout(r, 300));
      const t0 = Date.now();
      process.kill(-pid, 'SIGKILL');
      const err = await pending.then(() => undefined, (e: unknown) => e);
      expect(Date.now() - t0).toBeLessThan(3000);
      expect(ProviderError.is(err, 'browser_not_running')).toBe(true);
      expect(backend.running()).toBe(false);
      await expect(page.info(sig())).rejects.toMatchObject({ code: 'browser_not_running' });
      await expect(session.newPage(sig())).rejects.toMatchObject({ code: 'browser_not_running' });
      session = await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig(60_000) });
      expect(backend.processId).not.toBe(pid);
      expect(groupAlive(pid)).toBe(false);
      const p2 = await session.newPage(sig());
      await p2.navigate(`${site.a}/next`, 'load', sig());
      expect((await p2.info(sig())).title).toBe('Next');
    });

    it('shuts down leaving no process behind', async () => {
      const pid = backend.processId!;
      expect(groupAlive(pid)).toBe(true);
      await backend.shutdown();
      expect(groupAlive(pid)).toBe(false);
      expect(backend.running()).toBe(false);
    });
  });
}
