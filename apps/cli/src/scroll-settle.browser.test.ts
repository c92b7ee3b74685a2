import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { openDispatchSession, type DispatchSession } from './testing/dispatch-session';

/**
 * A snapshot describes the page once a scroll has stopped (page-script/src/page/scrolling.ts). PageDown
 * in a scroller scrolls smoothly on every engine, and the key's answer used to come back mid-scroll:
 * its snapshot listed the rows a virtualized list showed half-way, which it removed a moment later,
 * so refs read from that answer were stale (the widget suite's virtualized list failed so on
 * Firefox). A page that scrolls itself all the time is not waited for beyond a bound.
 */

const PAGE = `<!doctype html><html><head><title>Scrolling</title></head><body>
<div id="vl" tabindex="0" role="list" aria-label="Invoices" style="height:300px;overflow-y:auto;width:260px;position:relative"><div id="spacer" style="position:relative"></div></div>
<p id="picked">none</p>
<div id="ticker" style="width:200px;overflow:hidden;white-space:nowrap">${'News of the day. '.repeat(40)}</div>
<script>
  const ROW = 30, N = 1000, vl = document.getElementById('vl'), sp = document.getElementById('spacer'); sp.style.height = ROW * N + 'px';
  // Rows kept while in the window and made when they enter it, keyed by index, as virtualizing libraries do.
  const rows = new Map();
  function draw() { const first = Math.max(0, Math.floor(vl.scrollTop / ROW) - 2), last = Math.min(N, first + 14);
    for (const [i, d] of rows) if (i < first || i >= last) { d.remove(); rows.delete(i); }
    for (let i = first; i < last; i++) { if (rows.has(i)) continue; const d = document.createElement('div'); d.setAttribute('role', 'listitem'); d.textContent = 'Invoice ' + (i + 1);
      d.style.cssText = 'position:absolute;left:0;right:0;height:' + ROW + 'px;top:' + i * ROW + 'px;cursor:pointer'; d.addEventListener('click', () => { document.getElementById('picked').textContent = d.textContent; }); sp.appendChild(d); rows.set(i, d); } }
  vl.addEventListener('scroll', draw); draw();
  window.rendered = () => [...sp.children].map((d) => d.textContent).sort();
  window.tick = () => { const t = document.getElementById('ticker'); (function step() { t.scrollLeft = (t.scrollLeft + 1) % 2000; requestAnimationFrame(step); })(); };
</script>
</body></html>`;

const site = servePage(PAGE);
/** The ref on the line that names `name` (`listitem "Invoice 7" [e12]`). */
const refIn = (text: string, name: string) => {
  const ref = new RegExp(`^\\s*[\\w-]+ "${name}".* \\[(e\\d+)\\]$`, 'm').exec(text)?.[1];
  expect(ref, `${name} in\n${text}`).toBeDefined();
  return ref as string;
};
/** The rows an outline lists with a ref (the picked row's text, quoted in a paragraph, is not one). */
const listed = (text: string) => [...text.matchAll(/^\s*[\w-]+ "(Invoice \d+)" \[e\d+\]$/gm)].map((m) => m[1]).sort();

for (const browser of BROWSERS) {
  describeEngine(browser)(`snapshots wait for a scroll to stop on ${browser}`, () => {
    let s: DispatchSession | undefined;
    beforeAll(async () => {
      s = await openDispatchSession(browser, { allowEval: true });
      await s.call('page.open', { url: `${site.origin()}/` });
    });
    afterAll(() => s?.close());

    it("PageDown's answer lists the rows the list shows once its scroll is over, and a ref read from it clicks", async () => {
      const first = refIn(await s!.snapshot(), 'Invoice 1');
      await s!.call('page.click', { element_ref: first, snapshot: 'none' });
      const r = await s!.call('page.press', { key: 'PageDown', snapshot: 'full' });
      expect(r.snapshot?.text).toBeDefined();
      const seen = listed(String(r.snapshot.text));
      expect(seen.length).toBeGreaterThan(0);
      // Whatever the engine's scroll does after the answer, the page has settled by now.
      await new Promise((done) => setTimeout(done, 1500));
      const after = (await s!.evaluate('JSON.stringify(window.rendered())')) as string;
      expect(seen).toEqual(JSON.parse(after));
      // The last row of that answer is still there to be clicked by its ref.
      const last = seen.map((n) => Number(n?.split(' ')[1])).sort((a, b) => a - b).at(-1)!;
      await s!.call('page.click', { element_ref: refIn(String(r.snapshot.text), `Invoice ${last - 4}`), snapshot: 'none' });
      expect(await s!.evaluate('document.getElementById("picked").textContent')).toBe(`Invoice ${last - 4}`);
    });

    it('a page that keeps scrolling itself still gets its snapshot, without a warning', async () => {
      await s!.evaluate('window.tick()');
      const text = await s!.snapshot();
      expect(text).toContain('News of the day.');
      expect(s!.warnings().filter((w) => /scrolling/.test(w))).toEqual([]);
    });
  });
}
