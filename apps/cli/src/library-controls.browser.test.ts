import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { openDispatchSession, refOf, type DispatchSession } from './testing/dispatch-session';

/**
 * Issue 30's product bugs the widget suite found in component libraries, on every engine, each
 * reduced to the markup that shows it (docs/snapshot.md):
 * - a table cell is named by its content, as ARIA's name from content says, when that content is
 *   only text in passive wrappers (antd's DatePicker: `<td><div>14</div></td>`), so `cell "14"` can
 *   be found and clicked;
 * - a control with no size inside a box that clips it to nothing is not listed (antd's Select renders
 *   its options for screen readers in a 0×0 listbox beside the rows a person clicks): its
 *   `option "Team"` could only be refused as not visible, while the visible row is the one to click;
 * - a field its library paints transparent under a face of its own (Element Plus's select: the input
 *   at opacity 0 under the placeholder "Choose a size") is clicked on that face, where a person
 *   clicks it, and never when the face also holds another control or lies under a modal.
 */

const PAGE = `<!doctype html><html><head><title>Library controls</title></head><body>
<table><thead><tr><th>Mo</th><th>Tu</th></tr></thead><tbody>
<tr><td title="2026-03-13"><div class="inner">13</div></td><td title="2026-03-14"><div class="inner">14</div></td></tr>
<tr><td><a href="#x">Link cell</a></td><td><b>Total</b> <i>3</i></td></tr>
</tbody></table>
<p id="picked">none</p>
<div role="combobox" tabindex="0" aria-expanded="true" aria-controls="plan_list" style="width:160px;border:1px solid #999">Choose a plan</div>
<div role="listbox" id="plan_list" style="height:0;width:0;overflow:hidden"><div role="option" aria-label="Free" aria-selected="false">free</div><div role="option" aria-label="Team" aria-selected="false">team</div></div>
<div class="rows"><div class="row" title="Free" style="cursor:pointer;padding:4px">Free</div><div class="row" title="Team" style="cursor:pointer;padding:4px">Team</div></div>
<p id="plan">none</p>
<label for="size">Size</label>
<div class="face" id="size-face"><div class="sel"><div class="in"><input id="size" role="combobox" readonly></div><div class="ph"><span>Choose a size</span></div></div></div>
<label for="mixed">Mixed</label>
<div class="face" id="mixed-face"><div class="sel"><div class="in"><input id="mixed" role="combobox" readonly></div><div class="ph"><span>Choose</span></div><button id="other" style="position:absolute;inset:0;opacity:0.01">Delete all</button></div></div>
<label for="under">Under</label>
<div class="face" id="under-face"><div class="sel"><div class="in"><input id="under" role="combobox" readonly></div><div class="ph"><span>Choose</span></div></div></div>
<div id="veil" style="position:absolute;background:rgba(0,0,0,.4)">Please sign in</div>
<p id="opened">none</p>
<style>
  .face { position: relative; width: 240px; height: 32px; border: 1px solid #999; cursor: pointer; margin: 4px 0; }
  .sel { position: relative; padding: 4px 8px; }
  .in { position: absolute; opacity: 0; z-index: -1; width: 160px; height: 24px; }
  .in input { width: 100%; height: 100%; border: 0; }
  .ph { position: relative; height: 24px; color: #888; }
</style>
<script>
  for (const f of document.querySelectorAll('.face')) f.addEventListener('click', () => { document.getElementById('opened').textContent = f.id; });
  document.getElementById('other').addEventListener('click', (e) => { e.stopPropagation(); document.getElementById('opened').textContent = 'deleted'; });
  const veil = document.getElementById('veil'); const r = document.getElementById('under-face').getBoundingClientRect();
  Object.assign(veil.style, { left: (r.left + scrollX - 4) + 'px', top: (r.top + scrollY - 4) + 'px', width: (r.width + 8) + 'px', height: (r.height + 8) + 'px' });
  for (const r of document.querySelectorAll('.row')) r.addEventListener('click', () => { document.getElementById('plan').textContent = r.title; });
  document.querySelector('tbody').addEventListener('click', (e) => { const td = e.target.closest('td'); if (td) document.getElementById('picked').textContent = td.title || td.textContent; });
</script>
</body></html>`;

const site = servePage(PAGE);

for (const browser of BROWSERS) {
  describeEngine(browser)(`library controls on ${browser}`, () => {
    let s: DispatchSession | undefined;
    const call = (method: string, params?: Record<string, unknown>) => s!.call(method, params);
    const snapshot = () => s!.snapshot();
    const text = async (selector: string) => String(await s!.evaluate(`document.querySelector(${JSON.stringify(selector)}).textContent`));

    beforeAll(async () => {
      s = await openDispatchSession(browser, { allowEval: true });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a cell whose content is text in passive wrappers is named by it, its text not repeated, and a click on it lands', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const outline = await snapshot();
      const day = refOf(outline, 'cell', '14');
      expect(day, outline).toBeDefined();
      expect(refOf(outline, 'cell', 'Total 3'), outline).toBeDefined();
      expect(outline).not.toMatch(/^\s*"14"/m);
      // A cell that holds a control is still named by its children: the link speaks for it.
      expect(outline).toMatch(/^\s*link "Link cell"/m);
      expect(refOf(outline, 'cell', 'Link cell'), outline).toBeUndefined();
      await call('page.click', { element_ref: day, snapshot: 'none' });
      expect(await text('#picked')).toBe('2026-03-14');
    });

    it('an option inside a 0×0 box that clips its overflow is not listed; the row a person sees is, and its click lands', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const outline = await snapshot();
      expect(outline).not.toMatch(/option "(Free|Team)"/);
      const row = refOf(outline, 'clickable', 'Team');
      expect(row, outline).toBeDefined();
      await call('page.click', { element_ref: row, snapshot: 'none' });
      expect(await text('#plan')).toBe('Team');
    });

    it('a field painted transparent under its own face is clicked on the face, and the answer says so', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const outline = await snapshot();
      const size = refOf(outline, 'combobox', 'Size');
      expect(size, outline).toBeDefined();
      await call('page.click', { element_ref: size, snapshot: 'none' });
      expect(s!.warnings().join('\n')).toMatch(new RegExp(`${size} is a field its page paints transparent .* on that face, div\\.sel "Choose a size"`));
      expect(await text('#opened')).toBe('size-face');
    });

    it('a transparent field is still refused when its face holds another control, or lies under an overlay', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const outline = await snapshot();
      const mixed = refOf(outline, 'combobox', 'Mixed');
      const under = refOf(outline, 'combobox', 'Under');
      expect(mixed, outline).toBeDefined();
      expect(under, outline).toBeDefined();
      // A button a page slid over the field's face could take the click: never pressed for the field.
      await expect(call('page.click', { element_ref: mixed, snapshot: 'none', timeout_ms: 5_000 })).rejects.toThrow(/"obscured".*button#other/);
      await expect(call('page.click', { element_ref: under, snapshot: 'none', timeout_ms: 5_000 })).rejects.toThrow(/"obscured".*div#veil/);
      expect(await text('#opened')).toBe('none');
    });
  });
}
