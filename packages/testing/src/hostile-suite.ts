import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAt, type Backend, type BackendPage, type BackendSession, type ClickGesture } from '@browser-provider/core';
import { decodeFrameSnapshot, type FrameWire } from '@browser-provider/page-script';
import { REALM_SPOOF_ROWS, realmSpoofPage } from './realm-spoof';

/**
 * A page that lies to the checks (issue 13, item 2), driven through any engine's Backend with the real
 * page script: the Firefox and Chrome adapters (BiDi sandbox) and the Safari adapter (classic, fresh
 * realm) run the same rows. Every page patches the DOM in an inline <head> script, before we arrive.
 */
const sig = (ms = 60_000) => AbortSignal.timeout(ms);

/** Replaces the hit test and the event path so that they always name #target. */
const SPOOF = `<script>
(() => {
  const target = () => document.getElementById('target');
  Document.prototype.elementFromPoint = function () { return target(); };
  Document.prototype.elementsFromPoint = function () { return [target()]; };
  ShadowRoot.prototype.elementFromPoint = function () { return target(); };
  const path = Event.prototype.composedPath;
  Event.prototype.composedPath = function () { return [target(), ...path.call(this)]; };
  Node.prototype.contains = function () { return true; };
})();
</script>`;

const OVERLAY = `<div id="overlay" style="position:fixed;left:0;top:0;width:600px;height:200px;background:rgba(0,0,0,.02)"
  onclick="window.overlayClicks = (window.overlayClicks || 0) + 1"></div>`;

/** Buttons 120×40 with covers laid over parts of them (issue 15, item 3); each counts its clicks. */
const btn = (id: string, top: number) =>
  `<button id="${id}" style="position:absolute;left:20px;top:${top}px;width:120px;height:40px;margin:0" onclick="this.dataset.clicks=Number(this.dataset.clicks||0)+1">${id}</button>`;
const cover = (id: string, left: number, top: number, width: number, height: number, extra = '') =>
  `<div id="${id}" style="position:absolute;left:${left}px;top:${top}px;width:${width}px;height:${height}px;background:rgba(0,0,128,.3);${extra}"></div>`;
const PARTIAL =
  btn('full', 20) + btn('half', 100) + btn('corners', 180) + btn('layered', 260) +
  cover('cover-full', 10, 10, 140, 60) +
  cover('cover-half', 10, 90, 80, 60) +
  cover('cover-middle', 40, 185, 80, 30) +
  cover('layer', 0, 0, 600, 400, 'background:transparent;pointer-events:none');

/**
 * A page that steers a gesture once it started: the target's first click (or its contextmenu) slides
 * an overlay over it, so the rest of a double or right click would land on the overlay. Both record
 * every mouse event they get in `window.hits`.
 */
const STEER = `<button id="target" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Row</button>
<div id="overlay" style="position:fixed;left:0;top:300px;width:600px;height:200px;background:rgba(0,0,0,.02)"></div>
<script>
  window.hits = [];
  const target = document.getElementById('target');
  const overlay = document.getElementById('overlay');
  for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'auxclick']) {
    target.addEventListener(type, () => hits.push('target:' + type));
    overlay.addEventListener(type, () => hits.push('overlay:' + type));
  }
  const steer = () => { overlay.style.top = '0px'; };
  target.addEventListener('click', steer);
  target.addEventListener('contextmenu', (e) => { e.preventDefault(); steer(); });
</script>`;

const page = (head: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>hostile</title>${head}</head><body style="margin:0">${body}</body></html>`;

function pages(other: () => string): Record<string, string> {
  return {
    ...Object.fromEntries(REALM_SPOOF_ROWS.map((row, i) => [`/realm/${i}`, realmSpoofPage(row, page, OVERLAY)])),
    '/spoof': page(SPOOF, `<button id="target" style="position:absolute;left:20px;top:20px;width:120px;height:40px" onclick="window.targetClicks=(window.targetClicks||0)+1">Buy</button>
      <button id="free" style="position:absolute;left:20px;top:300px;width:120px;height:40px">Free</button>${OVERLAY}`),
    // Chrome: replacing elementFromPoint alone let a transparent cross-origin frame take the click.
    '/frame-cover': page(
      `<script>Document.prototype.elementFromPoint = function () { return document.getElementById('target'); };</script>`,
      `<button id="target" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Pay</button>
       <iframe id="jack" src="${other()}/inner" style="position:absolute;left:0;top:0;width:300px;height:120px;opacity:0;border:0"></iframe>`,
    ),
    '/inner': page('', '<p>inner</p>'),
    '/partial': page('', PARTIAL),
    '/steer': page('', STEER),
    // A page's user agent is the page's to fake: it must not switch off our geometry.
    '/fake-ua': page(
      `<script>Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => 'Mozilla/5.0 (X11) jsdom/26.0.0' });</script>`,
      `<button id="zero" style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button><button id="shown">Shown</button>`,
    ),
  };
}

function listen(routes: (path: string) => string | undefined): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const body = routes(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? '');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

interface PointRow {
  name: string;
  id: string;
  /** The point we may click at, in this page's viewport; or the cover we must name. */
  expect: { inside: [number, number, number, number] } | { obscuredBy: RegExp };
}

/** Each row: which button, and the region (left, top, right, bottom) of it that shows. */
const POINT_ROWS: PointRow[] = [
  { name: 'fully covered → obscured', id: 'full', expect: { obscuredBy: /^div#cover-full/ } },
  { name: 'half covered → clicked at its visible half', id: 'half', expect: { inside: [90, 100, 140, 140] } },
  { name: 'covered centre, visible corners → clicked at a corner', id: 'corners', expect: { inside: [20, 180, 140, 220] } },
  { name: 'under a transparent pointer-events:none layer → clicked at its centre', id: 'layered', expect: { inside: [79, 279, 81, 281] } },
];

/** `fresh`: the engine has no sandbox, so its checks take their functions from a new frame (classic WebDriver). */
export function describeHostilePage(name: string, make: () => Backend, realm: 'sandbox' | 'fresh' = 'sandbox'): void {
  describe(`${name}: a page that lies to the checks`, () => {
    let backend: Backend;
    let session: BackendSession;
    let p: BackendPage;
    let a: { server: Server; origin: string };
    let b: { server: Server; origin: string };

    beforeAll(async () => {
      // Two servers: the frame comes from another origin (another port), as a clickjacking frame would.
      b = await listen((path) => pages(() => '')[path]);
      a = await listen((path) => pages(() => b.origin.replace('127.0.0.1', 'localhost'))[path]);
      backend = make();
      session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      p = await session.newPage(sig());
    });
    afterAll(async () => {
      await session?.close(sig()).catch(() => undefined);
      await backend?.shutdown();
      a?.server.close();
      b?.server.close();
    });

    const id = async (selector: string) => {
      const q = await p.call(p.mainFrame, 'query', [{ selector, limit: 1 }], sig());
      if (!q.ok || !q.matches[0]) throw new Error(`no ${selector}`);
      return { doc: q.doc, id: q.matches[0].id };
    };
    // The page's own realm (page.eval's path): what the page itself sees and counts.
    const read = async (expr: string) => {
      if (!p.evaluate) throw new Error('this backend cannot evaluate');
      return p.evaluate(`() => ${expr}`, sig());
    };

    it('refuses a covered button although elementFromPoint, elementsFromPoint, composedPath and contains name it', async () => {
      await p.navigate(`${a.origin}/spoof`, 'load', sig());
      const t = await id('#target');
      const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click'], sig());
      expect(r).toMatchObject({ ok: false, code: 'obscured', cover: expect.stringMatching(/^div#overlay/) });
    });

    for (const [i, row] of REALM_SPOOF_ROWS.entries()) {
      it(`refuses a covered button when the page hands us a realm it patched: ${row.accessor}`, async () => {
        await p.navigate(`${a.origin}/realm/${i}`, 'load', sig());
        const t = await id('#target');
        const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click'], sig());
        const code = realm === 'fresh' ? row.classic : 'obscured';
        expect(r).toMatchObject(code === 'obscured' ? { ok: false, code, cover: expect.stringMatching(/^div#overlay/) } : { ok: false, code });
      });
    }

    /**
     * Checks #free, then the page moves its overlay over it; after `lateMs` the click at the checked
     * point goes out. What the guard reported, and how many clicks the overlay got.
     */
    const steeredClick = async (lateMs: number) => {
      await p.navigate(`${a.origin}/spoof`, 'load', sig());
      const free = await id('#free');
      const r = await p.call(p.mainFrame, 'prepare', [free.doc, free.id, 'click'], sig());
      if (!r.ok) throw new Error(r.message);
      // After the check, the overlay moves over the button (as a page could at any moment).
      await read(`(document.getElementById('overlay').style.top = '280px', true)`);
      if (lateMs > 0) await new Promise((w) => setTimeout(w, lateMs));
      let seen: { landed: boolean | null; began?: boolean } | undefined;
      // As core asks it: alongside the dispatch (Chrome), the report waits in the page for the click.
      await clickAt(p, r.point, sig(), async (s, alongside) => {
        seen = await p.call(p.mainFrame, 'clickReport', alongside ? [free.doc, 2_000] : [free.doc], s);
        return 'unknown';
      });
      // Not begun: no event reached the button, so core refuses the click as missed.
      return { landed: seen?.landed, began: seen?.began, overlayClicks: await read('window.overlayClicks || 0') };
    };

    it('cancels a click the page steered onto its overlay, and reports it as not landed', async () => {
      expect(await steeredClick(0)).toEqual({ landed: false, began: false, overlayClicks: 0 });
    });

    it('keeps guarding a click that comes late (a loaded machine: 1.5 s between the check and the dispatch)', async () => {
      // The CI run that found this: the guard stood down after 1 s, and the late click hit the overlay.
      expect(await steeredClick(1_500)).toEqual({ landed: false, began: false, overlayClicks: 0 });
    });

    it('refuses a transparent cross-origin iframe over the target, naming the frame', async () => {
      await p.navigate(`${a.origin}/frame-cover`, 'load', sig());
      const t = await id('#target');
      const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click'], sig());
      expect(r).toMatchObject({ ok: false, code: 'obscured', cover: expect.stringMatching(/^iframe#jack \(a frame/) });
    });

    it('keeps its geometry under a faked "jsdom" user agent', async () => {
      await p.navigate(`${a.origin}/fake-ua`, 'load', sig());
      expect(await read('navigator.userAgent')).toContain('jsdom');
      const s = decodeFrameSnapshot((await p.call(p.mainFrame, 'snapshot', [{ maxNodes: 100, mode: 'full', midScroll: true }], sig())) as FrameWire);
      expect(s.nodes.find((n) => n.name === 'Zero')).toMatchObject({ actionable: false });
      expect(s.nodes.find((n) => n.name === 'Shown')).toMatchObject({ actionable: true });
      const zero = await id('#zero');
      expect(await p.call(p.mainFrame, 'prepare', [zero.doc, zero.id, 'click'], sig())).toMatchObject({ ok: false, code: 'not_visible' });
    });

    // What each gesture lets reach the target before the overlay slides over it; none reaches the overlay.
    const STEERED: Array<{ gesture: ClickGesture; reached: string[]; hits: string[] }> = [
      { gesture: { button: 'left', count: 2, modifiers: ['Alt'] }, reached: ['click'], hits: ['target:mousedown', 'target:mouseup', 'target:click'] },
      { gesture: { button: 'right', count: 1, modifiers: [] }, reached: ['contextmenu'], hits: ['target:mousedown', 'target:contextmenu'] },
    ];
    for (const row of STEERED) {
      const name = `${row.gesture.button} ×${row.gesture.count}${row.gesture.modifiers.map((m) => `+${m}`).join('')}`;
      it(`cancels the rest of a ${name} the page steers onto its overlay once it started, and reports what reached the target`, async (ctx) => {
        if (!(backend.clickButtons?.() ?? []).includes(row.gesture.button) && row.gesture.button !== 'left') ctx.skip();
        await p.navigate(`${a.origin}/steer`, 'load', sig());
        const t = await id('#target');
        const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click', { button: row.gesture.button, count: row.gesture.count }], sig());
        if (!r.ok) throw new Error(r.message);
        let seen: { landed: boolean | null; reached?: string[]; began?: boolean } | undefined;
        await clickAt(p, 
          r.point,
          sig(),
          async (s, alongside) => {
            seen = await p.call(p.mainFrame, 'clickReport', alongside ? [t.doc, 2_000] : [t.doc], s);
            return 'unknown';
          },
          row.gesture,
        );
        // Begun: the target got the gesture's first event, so core answers a success saying what was cancelled.
        expect(seen).toMatchObject({ landed: false, began: true, reached: row.reached });
        expect(JSON.parse(String(await read('JSON.stringify(window.hits)')))).toEqual(row.hits);
      });
    }

    it('lets a whole double click through to its target: both clicks and the dblclick', async () => {
      await p.navigate(`${a.origin}/partial`, 'load', sig());
      const t = await id('#full');
      await read(`(document.getElementById('cover-full').remove(), true)`);
      const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click', { button: 'left', count: 2 }], sig());
      if (!r.ok) throw new Error(r.message);
      let seen: { landed: boolean | null; reached?: string[] } | undefined;
      await clickAt(p, r.point, sig(), async (s, alongside) => {
        seen = await p.call(p.mainFrame, 'clickReport', alongside ? [t.doc, 2_000] : [t.doc], s);
        return 'unknown';
      }, { button: 'left', count: 2, modifiers: [] });
      expect(seen).toMatchObject({ landed: true, reached: ['click', 'click', 'dblclick'] });
      expect(await read(`document.getElementById('full').dataset.clicks`)).toBe('2');
    });

    for (const row of POINT_ROWS) {
      it(`click point: ${row.name}`, async () => {
        await p.navigate(`${a.origin}/partial`, 'load', sig());
        const t = await id(`#${row.id}`);
        const r = await p.call(p.mainFrame, 'prepare', [t.doc, t.id, 'click'], sig());
        if ('obscuredBy' in row.expect) {
          expect(r).toMatchObject({ ok: false, code: 'obscured', cover: expect.stringMatching(row.expect.obscuredBy) });
          return;
        }
        if (!r.ok) throw new Error(r.message);
        const [left, top, right, bottom] = row.expect.inside;
        expect(r.point.x).toBeGreaterThanOrEqual(left);
        expect(r.point.x).toBeLessThanOrEqual(right);
        expect(r.point.y).toBeGreaterThanOrEqual(top);
        expect(r.point.y).toBeLessThanOrEqual(bottom);
        if (row.id === 'corners') expect(r.point.x < 40 || r.point.x > 120 || r.point.y < 185 || r.point.y > 215).toBe(true);
        let landed: boolean | null | undefined;
        await clickAt(p, r.point, sig(), async (s, alongside) => {
          landed = (await p.call(p.mainFrame, 'clickReport', alongside ? [t.doc, 2_000] : [t.doc], s)).landed;
          return 'unknown';
        });
        expect(landed).toBe(true);
        expect(await read(`document.getElementById(${JSON.stringify(row.id)}).dataset.clicks`)).toBe('1');
      });
    }
  });
}
