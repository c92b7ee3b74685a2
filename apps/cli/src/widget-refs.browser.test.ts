import { startWidgetSuite, SUITE, type SuiteSite } from '@browser-provider/conformance/widget-suite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, dragItemsFiles, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { openDispatchSession, refOf, type DispatchSession } from './testing/dispatch-session';

/**
 * Issue 30's two snapshot bugs the widget suite found, on every engine (docs/snapshot.md, "Dragged and
 * picked items" and "A custom control is named by the label it replaces"):
 * - the cards of every lane of a kanban board have refs, however many a lane holds: jQuery UI's
 *   connected sortables listen on each lane, and a lane of one card is still a list of items;
 * - a custom control is named by the label it replaces: jQuery UI's selectmenu points the select's
 *   `<label for>` at its own `span[role=combobox]` and labels that by the chosen option, and is still
 *   named "Speed" before and after a pick; a Choices.js-style box keeps its hidden select's label.
 * Moves and picks are read back from the library's own API, not from our answers.
 */

/**
 * A board of `div` lanes (SortableJS's usual markup, made sortable here by jQuery UI so every engine
 * sees the handler), two lanes of one card; and a Choices.js-style box around its hidden select.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Widget refs</title>
<script src="/jquery.js"></script><script src="/jquery-ui.js"></script>
<style>
  body { font: 14px sans-serif; }
  .lane { display: inline-block; vertical-align: top; width: 150px; min-height: 150px; margin: 4px; border: 1px solid #999; padding: 4px; }
  .card { padding: 6px; margin: 2px; background: #eef; border: 1px solid #88a; }
</style></head><body>
<div class="lane" id="backlog"><div class="card" data-id="Paint">Paint</div><div class="card" data-id="Sand">Sand</div></div>
<div class="lane" id="review"><div class="card" data-id="Glue">Glue</div></div>
<div class="lane" id="shipped"><div class="card" data-id="Crate">Crate</div></div>
<p><label for="plan">Plan</label></p>
<div role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false" style="width:120px;border:1px solid #999">
  <div><select id="plan" hidden tabindex="-1"><option>Pro</option></select><div>Pro</div></div>
</div>
<script>
  $('.lane').sortable({ connectWith: '.lane' });
  window.lanes = () => ({ backlog: $('#backlog').sortable('toArray', { attribute: 'data-id' }), review: $('#review').sortable('toArray', { attribute: 'data-id' }), shipped: $('#shipped').sortable('toArray', { attribute: 'data-id' }) });
</script>
</body></html>`;

const site = servePage(PAGE, dragItemsFiles());

for (const browser of BROWSERS) {
  describeEngine(browser)(`widget refs on ${browser}`, () => {
    let s: DispatchSession | undefined;
    let suite: SuiteSite | undefined;
    const call = (method: string, params?: Record<string, unknown>) => s!.call(method, params);
    const snapshot = () => s!.snapshot();
    const state = async (expression: string) => JSON.parse(String(await s!.evaluate(`JSON.stringify(${expression})`))) as Record<string, string[] | string>;

    beforeAll(async () => {
      suite = await startWidgetSuite();
      s = await openDispatchSession(browser, { allowEval: true });
    });
    afterAll(async () => {
      await s?.close();
      await suite?.close();
    });

    it('a kanban of jQuery UI connected sortables: every lane\'s cards have refs, and a card drops onto another lane\'s', async () => {
      await call('page.open', { url: `${suite!.origin}${SUITE.kanban}` });
      const text = await snapshot();
      const cards = ['Write spec', 'Review code', 'Run tests', 'Ship it'];
      expect(cards.filter((c) => refOf(text, 'clickable', c) === undefined), text).toEqual([]);
      await call('page.drag', { element_ref: refOf(text, 'clickable', 'Write spec'), to_element_ref: refOf(text, 'clickable', 'Ship it'), snapshot: 'none' });
      const after = await state('window.suiteState()');
      expect(after.done).toContain('c-write');
      expect(after.todo).not.toContain('c-write');
    });

    it('div lanes of one card are lists of items too, when a lane like them holds several', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const text = await snapshot();
      const cards = ['Paint', 'Sand', 'Glue', 'Crate'];
      expect(cards.filter((c) => refOf(text, 'clickable', c) === undefined), text).toEqual([]);
      await call('page.drag', { element_ref: refOf(text, 'clickable', 'Glue'), to_element_ref: refOf(text, 'clickable', 'Crate'), snapshot: 'none' });
      expect(await state('window.lanes()')).toMatchObject({ review: [], shipped: expect.arrayContaining(['Glue', 'Crate']) });
    });

    it('a Choices.js-style box is named by its hidden select\'s label, whose words stay on the page', async () => {
      await call('page.open', { url: `${site.origin()}/` });
      const text = await snapshot();
      expect(refOf(text, 'combobox', 'Plan'), text).toBeDefined();
      expect(text).toMatch(/^\s*"Plan"$/m);
    });

    it('jQuery UI selectmenu is named by its label before and after a pick, and the label stays as text', async () => {
      await call('page.open', { url: `${suite!.origin}${SUITE.selectmenu}` });
      let text = await snapshot();
      expect(text).toMatch(/^\s*"Speed"$/m);
      const box = refOf(text, 'combobox', 'Speed');
      expect(box, text).toBeDefined();
      await call('page.click', { element_ref: box, snapshot: 'none' });
      text = await snapshot();
      await call('page.click', { element_ref: refOf(text, 'option', 'Fast'), snapshot: 'none' });
      expect(await state('window.suiteState()')).toMatchObject({ speed: 'Fast', shown: 'Fast' });
      // The library now labels the box by the chosen option (aria-labelledby): that is its value, not its name.
      text = await snapshot();
      expect(refOf(text, 'combobox', 'Speed'), text).toBe(box);
    });
  });
}
