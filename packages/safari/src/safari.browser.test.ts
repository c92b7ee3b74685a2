import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { type ClassicBackend, type ClassicPage, decodeFrameSnapshot, decodePng, type OpName, standInPageScript } from '@browser-provider/classic';
import { clickAt, pressKeys, typeText } from '@browser-provider/core';
import { ProviderError } from '@browser-provider/core/toolkit';
import { pidLive } from '@browser-provider/core/host';
import type { BackendPage, BackendSession, FrameKey } from '@browser-provider/core/backend';

import { createSafariBackend } from './index';


/**
 * Real WebKitGTK (WebKitWebDriver + MiniBrowser under a private Xvfb) driven through the Backend
 * interface, with a stand-in page script so these tests do not depend on the real one.
 */

const sig = () => AbortSignal.timeout(60_000);

function listen(handler: (path: string) => string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/setcookie')) {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'jar=A; Path=/' });
      res.end('<title>set</title>set');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(handler(url));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ server, base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
    }),
  );
}

/** Our live (non-zombie) descendant processes, from /proc. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (rest[0] !== 'Z') parent.set(Number(e), Number(rest[1]));
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [pid, pp] of parent) if (pp === p) (out.push(pid), walk(pid));
  };
  walk(root);
  return out;
}

function aliveNotZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const call = <T>(page: BackendPage, frame: FrameKey, op: string, ...args: unknown[]) =>
  page.call(frame, op as OpName, args as never, sig()) as Promise<T>;

const PAGES: Record<string, string> = {
  '/': `<!doctype html><title>home</title><body style="margin:0">
    <button id="b" style="position:absolute;left:10px;top:10px;width:100px;height:40px"
      onclick="document.getElementById('out').textContent='clicked'">press</button>
    <a id="l" href="/next" style="position:absolute;left:10px;top:80px">next</a>
    <p id="out" style="position:absolute;left:200px;top:10px">idle</p>
    <form action="/next" style="position:absolute;left:10px;top:140px"><input id="t" name="q" style="width:200px;height:30px"></form>
    <div style="position:absolute;left:400px;top:300px;width:100px;height:50px;background:rgb(255,0,0)"></div>
    <div style="position:absolute;left:0;top:0;width:1px;height:2500px"></div>
    <div style="position:absolute;left:0;top:2400px;width:300px;height:100px;background:rgb(0,0,255)"></div>
  </body>`,
  '/next': '<!doctype html><title>next</title><p>second page</p>',
  '/plain': '<!doctype html><title>plain</title><p>plain</p>',
};

describeEngine('safari')('Safari backend on WebKitGTK', () => {
  let backend: ClassicBackend;
  let site: { server: Server; base: string };
  let other: { server: Server; base: string };
  let session: BackendSession;
  let page: BackendPage;
  const top = '[]';

  beforeAll(async () => {
    site = await listen((p) => {
      if (p.startsWith('/frames')) {
        const cross = decodeURIComponent(p.split('?x=')[1] ?? '');
        return `<!doctype html><title>frames</title><iframe id="same" src="/plain" width="300" height="100"></iframe>
          <iframe id="cross" src="${cross}/inner" width="300" height="100"></iframe><p id="np">not a frame</p>`;
      }
      return PAGES[p.split('?')[0] ?? '/'] ?? PAGES['/plain']!;
    });
    other = await listen(() => '<!doctype html><title>cross-origin inner</title><p>inner</p>');
    backend = createSafariBackend({ pageScript: standInPageScript, xvfb: 'always' }) as ClassicBackend;
    session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
    page = await session.newPage(sig());
  });

  afterAll(async () => {
    await backend?.shutdown();
    site?.server.close();
    other?.server.close();
  });

  it('describes itself truthfully and reports status', async () => {
    expect(backend.info.browserLabel).toBe('WebKit (WebKitGTK MiniBrowser)');
    expect(backend.features()).toContain('isolated_contexts');
    const st = await backend.status();
    expect(st.availability).toBe('ready');
    expect(st.browser_running).toBe(true);
    expect(st.browser_version).toMatch(/^\d+\.\d+/);
  });

  it('navigates, reads info and runs page-script ops, reinstalling per document', async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    expect(await page.info(sig())).toEqual({ url: `${site.base}/`, title: 'home' });
    const doc1 = await call<string>(page, top, 'doc');
    expect(await call<string>(page, top, 'doc')).toBe(doc1);
    const q = await call<{ ok: true; matches: { id: number; name: string }[] }>(page, top, 'query', { selector: 'button', limit: 5 });
    expect(q.matches.map((m) => m.name)).toEqual(['press']);
    await page.navigate(`${site.base}/plain`, 'domcontentloaded', sig());
    const doc2 = await call<string>(page, top, 'doc');
    expect(doc2).not.toBe(doc1);
  });

  it('clicks at a point with trusted input, and detects navigation', async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    expect(await clickAt(page, { x: 60, y: 30 }, sig())).toEqual({ navigated: false });
    const info = await call<{ text: string }>(page, top, 'info');
    expect(info.text).toContain('clicked');
    const nav = await clickAt(page, { x: 20, y: 88 }, sig());
    expect(nav.navigated).toBe(true);
    expect((await page.info(sig())).title).toBe('next');
  });

  it("gives the page the Navigation API, whose navigate event tells a click's guard that a link started a navigation", async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    const classic = page as ClassicPage;
    await classic.evaluate(`() => navigation.addEventListener('navigate', (e) => sessionStorage.setItem('seen', String(e.destination.sameDocument)))`, sig());
    expect((await clickAt(page, { x: 20, y: 88 }, sig())).navigated).toBe(true);
    expect(await classic.evaluate(`() => sessionStorage.getItem('seen')`, sig())).toBe('false');
  });

  it('types text into the focused input and submits with Enter', async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    await clickAt(page, { x: 100, y: 155 }, sig());
    await typeText(page, 'héllo wörld', sig());
    const q = await call<{ matches: { id: number }[] }>(page, top, 'query', { selector: '#t', limit: 1 });
    expect(await call<string>(page, top, 'value', 'x', q.matches[0]!.id)).toBe('héllo wörld');
    await pressKeys(page, ['Control', 'a'], sig());
    await typeText(page, 'q', sig());
    expect(await call<string>(page, top, 'value', 'x', q.matches[0]!.id)).toBe('q');
    const r = await pressKeys(page, ['Enter'], sig());
    expect(r.navigated).toBe(true);
    expect((await page.info(sig())).url).toBe(`${site.base}/next?q=q`);
  });

  it('takes viewport, clipped and stitched full-page screenshots', async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    const m = await call<{ viewportWidth: number; viewportHeight: number; documentHeight: number }>(page, top, 'metrics');
    const vp = await page.screenshot({}, sig());
    expect([vp.width, vp.height]).toEqual([m.viewportWidth, m.viewportHeight]);

    const clip = await page.screenshot({ clip: { x: 410, y: 310, width: 50, height: 20 } }, sig());
    expect([clip.width, clip.height]).toEqual([50, 20]);
    const ci = decodePng(Buffer.from(clip.data, 'base64'));
    expect([...ci.data.subarray(0, 3)]).toEqual([255, 0, 0]);

    const full = await page.screenshot({ fullPage: true }, sig());
    expect(full.height).toBe(2500);
    expect(full.width).toBe(m.viewportWidth);
    const fi = decodePng(Buffer.from(full.data, 'base64'));
    const at = (x: number, y: number) => [...fi.data.subarray((y * fi.width + x) * 4, (y * fi.width + x) * 4 + 3)];
    expect(at(150, 2450)).toEqual([0, 0, 255]); // from a lower tile
    expect(at(450, 325)).toEqual([255, 0, 0]); // from the first tile
    expect((await call<{ scrollY: number }>(page, top, 'metrics')).scrollY).toBe(0); // scroll restored
  });

  it('enters same-origin and cross-origin iframes', async () => {
    const otherOrigin = other.base.replace('127.0.0.1', 'localhost');
    await page.navigate(`${site.base}/frames?x=${encodeURIComponent(otherOrigin)}`, 'load', sig());
    const ids = async (sel: string) =>
      (await call<{ matches: { id: number }[] }>(page, top, 'query', { selector: sel, limit: 1 })).matches[0]!.id;
    const same = await page.childFrame(top, await ids('#same'), sig());
    const cross = await page.childFrame(top, await ids('#cross'), sig());
    expect(await page.childFrame(top, await ids('#np'), sig())).toBeNull();
    expect(same).not.toBeNull();
    expect((await call<{ title: string }>(page, same!, 'info')).title).toBe('plain');
    expect((await call<{ url: string; title: string }>(page, cross!, 'info')).title).toBe('cross-origin inner');
    expect((await call<{ url: string }>(page, cross!, 'info')).url.startsWith(otherOrigin)).toBe(true);
    // Back to the top document after a frame call.
    expect((await call<{ title: string }>(page, top, 'info')).title).toBe('frames');
    await expect(page.childFrame('[9999]', 1, sig())).rejects.toMatchObject({ code: 'page_not_found', details: { code: 'frame_detached' } });
  });

  it('serves webdriver.perform_actions and webdriver.send on the page', async () => {
    await page.navigate(`${site.base}/`, 'load', sig());
    const [pa, sd] = backend.customMethods();
    const ctx = { signal: sig(), session, page };
    await pa!.handle(
      { session_id: 's', actions: [{ type: 'pointer', id: 'm', parameters: { pointerType: 'mouse' }, actions: [
        { type: 'pointerMove', x: 60, y: 30, origin: 'viewport' }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }] },
      ctx,
    );
    expect((await call<{ text: string }>(page, top, 'info')).text).toContain('clicked');
    expect(await sd!.handle({ session_id: 's', method: 'GET', path: '/title' }, ctx)).toEqual({ value: 'home' });
    await expect(sd!.handle({ session_id: 's', method: 'POST', path: '/element', body: { using: 'css selector', value: '#none' } }, ctx)).rejects.toMatchObject({ code: 'element_not_found' });
  });

  it('keeps cookies of two isolated sessions apart', async () => {
    const s2 = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
    try {
      const p2 = await s2.newPage(sig());
      await page.navigate(`${site.base}/setcookie`, 'load', sig());
      await page.navigate(`${site.base}/plain`, 'load', sig());
      await p2.navigate(`${site.base}/plain`, 'load', sig());
      const cookieNames = async (p: BackendPage) =>
        ((await (p as ClassicPage).raw('GET', '/cookie', undefined, sig())) as { name: string }[]).map((c) => c.name);
      expect(await cookieNames(page)).toEqual(['jar']);
      expect(await cookieNames(p2)).toEqual([]);
    } finally {
      await s2.close(sig());
    }
  });

  it('opens and closes several pages in one session', async () => {
    const p2 = await session.newPage(sig());
    expect(p2.targetId).not.toBe(page.targetId);
    await p2.navigate(`${site.base}/next`, 'load', sig());
    expect((await page.info(sig())).title).not.toBe('next');
    await p2.close(sig());
    await expect(p2.info(sig())).rejects.toMatchObject({ code: 'page_not_found' });
    expect((await page.info(sig())).url).toContain(site.base);
  });

  it('rejects pending calls with browser_not_running when the driver is killed', async () => {
    const b2 = createSafariBackend({ pageScript: standInPageScript, xvfb: 'always' }) as ClassicBackend;
    try {
      const s = await b2.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      const p = await s.newPage(sig());
      await p.navigate(`${site.base}/plain`, 'load', sig());
      const pending = call(p, top, 'sleep', 20_000);
      pending.catch(() => undefined);
      const queued = p.info(sig());
      queued.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      const driverPid = Math.min(...b2.pids());
      const t0 = Date.now();
      process.kill(driverPid, 'SIGKILL');
      await expect(pending).rejects.toMatchObject({ code: 'browser_not_running' });
      await expect(queued).rejects.toBeInstanceOf(ProviderError);
      expect(Date.now() - t0).toBeLessThan(5000);
      await expect(p.info(sig())).rejects.toMatchObject({ code: 'browser_not_running', details: { repair: { method: 'session.ensure' } } });
      expect(b2.running()).toBe(false);
    } finally {
      await b2.shutdown();
    }
  });

  it('ends the driver when its browser crashes under it, and starts afresh for the next session', async () => {
    const b2 = createSafariBackend({ pageScript: standInPageScript, xvfb: 'always' }) as ClassicBackend;
    try {
      const s = await b2.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
      const p = await s.newPage(sig());
      await p.navigate(`${site.base}/plain`, 'load', sig());
      const comm = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const before = b2.pids();
      const browser = before.filter((pid) => comm(pid) === 'MiniBrowser');
      expect(browser).toHaveLength(1);
      // The UI process alone, as a WebKit crash ends it: WebKitWebDriver stays up and answers
      // "invalid session id" (session deleted because of page crash or hang) from then on.
      process.kill(browser[0]!, 'SIGKILL');
      await expect(p.info(sig())).rejects.toMatchObject({ code: 'browser_not_running', details: { repair: { method: 'session.ensure' } } });
      expect(b2.running()).toBe(false);
      for (let i = 0; i < 100 && before.some(pidLive); i++) await new Promise((r) => setTimeout(r, 50));
      expect(before.filter(pidLive)).toEqual([]);
      const again = await b2.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
      const p2 = await again.newPage(sig());
      await p2.navigate(`${site.base}/plain`, 'load', sig());
      expect(b2.running()).toBe(true);
    } finally {
      await b2.shutdown();
    }
  });

  it('runs the real page script: snapshot, prepare and a trusted click on its point', async () => {
    const real = createSafariBackend({ xvfb: 'always' }) as ClassicBackend;
    try {
      const s = await real.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
      const p = await s.newPage(sig());
      await p.navigate(`${site.base}/`, 'load', sig());
      const snap = decodeFrameSnapshot(await p.call(top, 'snapshot', [{ maxNodes: 500, mode: 'full', midScroll: true }], sig()));
      const button = snap.nodes.find((n) => n.role === 'button');
      expect(button?.name).toBe('press');
      const check = await p.call(top, 'prepare', [snap.doc, button!.id!, 'click'], sig());
      expect(check.ok).toBe(true);
      if (!check.ok) return;
      await clickAt(p, check.point, sig());
      const probe = await p.call(top, 'probe', [{ text_present: 'clicked' }], sig());
      expect(probe.ok && probe.satisfied.text_present).toBe(true);
    } finally {
      await real.shutdown();
    }
  });

  it('leaves no driver, MiniBrowser or Xvfb behind after shutdown', async () => {
    // Only the browser stack: other children of the test worker (e.g. esbuild's service) are not ours.
    const comm = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    };
    const before = descendants(process.pid).filter((pid) => /WebKit|MiniBrowser|Xvfb/.test(comm(pid)));
    expect(before.map(comm)).toEqual(expect.arrayContaining(['WebKitWebDriver', 'MiniBrowser', 'Xvfb', 'WebKitWebProces', 'WebKitNetworkPr']));
    await backend.shutdown();
    await new Promise((r) => setTimeout(r, 300));
    expect(before.filter(aliveNotZombie)).toEqual([]);
    expect(backend.running()).toBe(false);
  });
});
