import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { decodeFrameSnapshot } from '../decode';
import { launchChromium, scriptedPage, type ScriptedPage } from '../testing/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const FIXTURE = `<!doctype html><html><head><title>actionability</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  #modal { position: fixed; inset: 0 0 auto 0; height: 120px; background: rgba(0,0,0,.5); }
  @keyframes slide { from { transform: translateX(0); } to { transform: translateX(300px); } }
  #moving { animation: slide 0.3s linear infinite alternate; }
  .fake-box { display: inline-block; width: 14px; height: 14px; border: 1px solid; }
</style></head><body>
<button id="covered" style="margin-top:40px">Covered</button>
<div id="modal" class="overlay dim"><p>Cookie consent</p></div>
<div style="height:140px"></div>
<button id="ok">Fine</button>
<button id="vis-hidden" style="visibility:hidden">Invisible</button>
<button id="zero" style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button>
<button id="disabled" disabled>Off</button>
<fieldset disabled><input id="in-fieldset" aria-label="In fieldset"></fieldset>
<input id="file" type="file" aria-label="Upload">
<input id="ro" readonly value="fixed" aria-label="Read only">
<input id="text" value="old text" aria-label="Name">
<div id="editable" contenteditable="true">Edit <b>me</b></div>
<select id="sel" aria-label="Fruit"><option value="a">Apple</option><option value="b">Banana</option></select>
<button id="moving">Moving</button>
<x-panel id="host"><span slot="label">Slotted label</span></x-panel>
<label><input type="checkbox" id="hidden-box" style="position:absolute;opacity:0;width:0;height:0"><span class="fake-box"></span> Custom checkbox</label>
<iframe id="frame" style="border:5px solid;padding:7px;width:200px;height:100px" srcdoc="<button>Inside</button>"></iframe>
<div style="height:2000px"></div>
<button id="far">Far below</button>
<script>
  customElements.define('x-panel', class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).innerHTML = '<h3><slot name="label"></slot></h3><button id="inner">Shadow action</button>';
    }
  });
</script>
</body></html>`;

let p: ScriptedPage;
let doc: string;
async function id(selector: string): Promise<number> {
  const r = await p.call('query', { selector, limit: 1 });
  if (!r.ok || !r.matches[0]) throw new Error(`no match for ${selector}`);
  return r.matches[0].id;
}

describe('actionability in Chromium', () => {
  beforeAll(async () => {
    p = await scriptedPage(browser, FIXTURE);
    doc = await p.call('doc');
  });

  test('snapshot: hidden and zero-size elements are not actionable; shadow and frames are present', async () => {
    const s = decodeFrameSnapshot(await p.call('snapshot', { maxNodes: 1000, mode: 'full' }));
    const byName = (n: string) => s.nodes.find((x) => x.name === n);
    expect(byName('Invisible')).toBeUndefined();
    expect(byName('Zero')).toMatchObject({ role: 'button', actionable: false, enabled: true });
    expect(byName('Fine')).toMatchObject({ role: 'button', actionable: true });
    expect(byName('Off')).toMatchObject({ actionable: false, enabled: false });
    expect(byName('In fieldset')).toMatchObject({ actionable: false, enabled: false });
    expect(byName('Shadow action')).toMatchObject({ role: 'button', actionable: true });
    expect(byName('Slotted label')).toMatchObject({ role: 'heading', level: 3 });
    expect(byName('Custom checkbox')).toMatchObject({ role: 'checkbox', actionable: true });
    expect(s.nodes.find((n) => n.frame)).toMatchObject({ role: 'iframe', id: await id('#frame') });
  });

  test('prepare: a covered button is obscured, with a description of the cover', async () => {
    const r = await p.call('prepare', doc, await id('#covered'), 'click');
    expect(r).toMatchObject({ ok: false, code: 'obscured', cover: 'div#modal.overlay "Cookie consent"' });
  });

  test('prepare: disabled, not visible, zero-size, file input, read-only, not a select', async () => {
    expect(await p.call('prepare', doc, await id('#disabled'), 'click')).toMatchObject({ ok: false, code: 'disabled' });
    expect(await p.call('prepare', doc, await id('#in-fieldset'), 'type')).toMatchObject({ ok: false, code: 'disabled' });
    expect(await p.call('prepare', doc, await id('#vis-hidden'), 'click')).toMatchObject({ ok: false, code: 'not_visible' });
    expect(await p.call('prepare', doc, await id('#zero'), 'click')).toMatchObject({ ok: false, code: 'not_visible' });
    expect(await p.call('prepare', doc, await id('#file'), 'type')).toMatchObject({ ok: false, code: 'file_input' });
    expect(await p.call('prepare', doc, await id('#ro'), 'type')).toMatchObject({ ok: false, code: 'not_editable' });
    expect(await p.call('prepare', doc, await id('#ok'), 'select')).toMatchObject({ ok: false, code: 'not_select' });
  });

  test('prepare: a moving element is unstable', async () => {
    expect(await p.call('prepare', doc, await id('#moving'), 'click')).toMatchObject({ ok: false, code: 'unstable' });
  });

  test('prepare scrolls far elements into view and the point hits them', async () => {
    const r = await p.call('prepare', doc, await id('#far'), 'click');
    if (!r.ok) throw new Error(r.message);
    const m = await p.call('metrics');
    expect(r.point.y).toBeGreaterThan(0);
    expect(r.point.y).toBeLessThan(m.viewportHeight);
    expect(m.scrollY).toBeGreaterThan(1000);
    expect(await p.call('hit', doc, await id('#far'), r.point)).toEqual({ ok: true });
    expect(await p.call('hit', doc, await id('#ok'), r.point)).toMatchObject({ ok: false, cover: 'button#far "Far below"' });
  });

  test('prepare and a real click through shadow DOM and through a custom checkbox label', async () => {
    const inner = (await p.call('query', { text: 'shadow action', limit: 1 }) as { matches: { id: number }[] }).matches[0]!.id;
    const r = await p.call('prepare', doc, inner, 'click');
    if (!r.ok) throw new Error(r.message);
    await p.page.mouse.click(r.point.x, r.point.y);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: true, navigation: 'none' });
    // Read once: the guard stood down with the report.
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: null, navigation: 'unknown' });

    const s = decodeFrameSnapshot(await p.call('snapshot', { maxNodes: 1000, mode: 'interactive' }));
    const box = s.nodes.find((n) => n.name === 'Custom checkbox')!;
    const rb = await p.call('prepare', doc, box.id!, 'click');
    if (!rb.ok) throw new Error(rb.message);
    await p.page.mouse.click(rb.point.x, rb.point.y);
    expect(await p.page.evaluate(() => (document.getElementById('hidden-box') as HTMLInputElement).checked)).toBe(true);
  });

  test('the click guard cancels a gesture that would land on another element', async () => {
    await p.page.evaluate(() => {
      const w = window as unknown as { hits: string[] };
      w.hits = [];
      for (const id of ['ok', 'text']) document.getElementById(id)!.addEventListener('click', () => w.hits.push(id));
      scrollTo(0, 0);
    });
    const armed = await p.call('prepare', doc, await id('#ok'), 'click');
    if (!armed.ok) throw new Error(armed.message);
    // The page "moved": the dispatch goes to the text field's point while the guard expects the button.
    const elsewhere = await p.call('rect', doc, await id('#text'));
    await p.page.mouse.click(elsewhere!.x + 5, elsewhere!.y + 5);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: false });
    // Not even the mousedown's default action (focus) happened.
    expect(await p.page.evaluate(() => ({ hits: (window as unknown as { hits: string[] }).hits, textFocused: document.activeElement?.id === 'text' }))).toEqual({ hits: [], textFocused: false });
    // Stood down: the next click reaches the page as usual.
    await p.page.mouse.click(elsewhere!.x + 5, elsewhere!.y + 5);
    expect(await p.page.evaluate(() => (window as unknown as { hits: string[] }).hits)).toEqual(['text']);
  });

  test('the guard judges every event of the gesture: a swap after pointerdown cancels the rest', async () => {
    await p.page.evaluate(() => {
      scrollTo(0, 0);
      const w = window as unknown as { swapped: string[] };
      w.swapped = [];
      const ok = document.getElementById('ok')!;
      const twin = document.createElement('button');
      twin.id = 'twin';
      twin.textContent = 'Twin';
      twin.addEventListener('click', () => w.swapped.push('twin clicked'));
      // A list that re-renders on pointerdown: what is under the pointer for mousedown and click is
      // another element, at the same place.
      ok.addEventListener('pointerdown', () => {
        const r = ok.getBoundingClientRect();
        twin.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;margin:0`;
        document.body.append(twin);
      }, { once: true });
    });
    const r = await p.call('prepare', doc, await id('#ok'), 'click');
    if (!r.ok) throw new Error(r.message);
    await p.page.mouse.click(r.point.x, r.point.y);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: false });
    expect(await p.page.evaluate(() => (window as unknown as { swapped: string[] }).swapped)).toEqual([]);
    await p.page.evaluate(() => document.getElementById('twin')!.remove());
  });

  test('a report asked before the click answers once the click and its default action have run', async () => {
    await p.page.evaluate(() => {
      scrollTo(0, 0);
      const ok = document.getElementById('ok')!;
      ok.onclick = () => (ok.dataset['clicked'] = String(Number(ok.dataset['clicked'] ?? 0) + 1));
    });
    const r = await p.call('prepare', doc, await id('#ok'), 'click');
    if (!r.ok) throw new Error(r.message);
    // Asked first, as a backend asks it alongside input.performActions: it waits for the gesture.
    const reading = p.call('clickReport', doc, 500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.page.mouse.click(r.point.x, r.point.y);
    expect(await reading).toMatchObject({ landed: true, navigation: 'none' });
    expect(await p.page.evaluate(() => document.getElementById('ok')!.dataset['clicked'])).toBe('1');
    // Without a click it gives up after its wait and reports nothing seen.
    const again = await p.call('prepare', doc, await id('#ok'), 'click');
    if (!again.ok) throw new Error(again.message);
    expect(await p.call('clickReport', doc, 50)).toMatchObject({ landed: null });
    // The guard's listeners stay installed but idle: a later click passes untouched.
    await p.page.mouse.click(r.point.x, r.point.y);
    expect(await p.page.evaluate(() => document.getElementById('ok')!.dataset['clicked'])).toBe('2');
  });

  test('the guard waits for the gesture it was armed for: every click of a triple click, a middle click\'s auxclick', async () => {
    await p.page.evaluate(() => scrollTo(0, 0));
    const ok = await id('#ok');
    const triple = await p.call('prepare', doc, ok, 'click', { button: 'left', count: 3 });
    if (!triple.ok) throw new Error(triple.message);
    await p.page.mouse.click(triple.point.x, triple.point.y, { clickCount: 3 });
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: true, reached: ['click', 'click', 'dblclick', 'click'] });
    const middle = await p.call('prepare', doc, ok, 'click', { button: 'middle', count: 1 });
    if (!middle.ok) throw new Error(middle.message);
    await p.page.mouse.click(middle.point.x, middle.point.y, { button: 'middle' });
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: true, reached: ['auxclick'] });
    // Armed for a double click, one click is not the whole gesture: not seen, not landed.
    const twice = await p.call('prepare', doc, ok, 'click', { button: 'left', count: 2 });
    if (!twice.ok) throw new Error(twice.message);
    await p.page.mouse.click(twice.point.x, twice.point.y);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: null, reached: ['click'] });
    // A gesture that is not one (a caller bug) is guarded as one left click.
    const odd = await p.call('prepare', doc, ok, 'click', { button: 'thumb', count: 9 } as never);
    if (!odd.ok) throw new Error(odd.message);
    await p.page.mouse.click(odd.point.x, odd.point.y);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: true, reached: ['click'] });
  });

  test('a click on the element itself passes the guard, and a same-document link is no navigation', async () => {
    await p.page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<a id="anchor" href="#far" style="position:fixed;right:0;bottom:0">To far</a>'));
    const r = await p.call('prepare', doc, await id('#anchor'), 'click');
    if (!r.ok) throw new Error(r.message);
    await p.page.mouse.click(r.point.x, r.point.y);
    expect(await p.call('clickReport', doc)).toMatchObject({ landed: true, navigation: 'none', url: expect.stringMatching(/#far$/) });
  });

  test('focus with replace, then typing, replaces the value; without replace it appends', async () => {
    const text = await id('#text');
    expect(await p.call('prepare', doc, text, 'type')).toMatchObject({ ok: true });
    expect(await p.call('focus', doc, text, true)).toMatchObject({ ok: true });
    await p.page.keyboard.type('new');
    expect(await p.call('value', doc, text)).toBe('new');
    await p.call('focus', doc, text, false);
    await p.page.keyboard.type('er');
    expect(await p.call('value', doc, text)).toBe('newer');
    const editable = await id('#editable');
    await p.call('focus', doc, editable, true);
    await p.page.keyboard.type('Replaced');
    expect(await p.call('value', doc, editable)).toBe('Replaced');
  });

  test('select fires change; rect, frameOrigin and metrics', async () => {
    await p.page.evaluate(() => {
      (window as unknown as { changes: number }).changes = 0;
      document.getElementById('sel')!.addEventListener('change', () => (window as unknown as { changes: number }).changes++);
    });
    expect(await p.call('select', doc, await id('#sel'), null, ['Banana'])).toEqual({ ok: true, selected: ['b'] });
    expect(await p.page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(1);
    const frame = await id('#frame');
    const rect = (await p.call('rect', doc, frame))!;
    const origin = (await p.call('frameOrigin', doc, frame))!;
    expect(origin.x - rect.x).toBeCloseTo(12);
    expect(origin.y - rect.y).toBeCloseTo(12);
    const m = await p.call('metrics');
    expect(m).toMatchObject({ viewportWidth: 1000, viewportHeight: 700, devicePixelRatio: 1 });
    expect(m.documentHeight).toBeGreaterThan(2000);
  });

  test('stale after removal, and a new document means a new doc token', async () => {
    const ok = await id('#ok');
    await p.page.evaluate(() => document.getElementById('ok')!.remove());
    expect(await p.call('prepare', doc, ok, 'click')).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(await p.call('hit', doc, ok, { x: 1, y: 1 })).toMatchObject({ ok: false });
    // A real navigation (setContent uses document.open, which keeps the same global and Document).
    await p.page.goto('data:text/html,<button id="ok">Fine</button>');
    expect(await p.callRaw('doc', '[]')).toBeNull();
    await p.install();
    const doc2 = await p.call('doc');
    expect(doc2).not.toBe(doc);
    expect(await p.call('prepare', doc, ok, 'click')).toMatchObject({ ok: false, code: 'stale_ref' });
  });
});
