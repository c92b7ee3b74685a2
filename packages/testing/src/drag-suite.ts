import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import { startDragSite, type DragSite } from './drag-site';
import { dispatchClient } from './dispatch-client';

/**
 * `page.drag` on one real engine, through core's dispatcher as a client calls it, on one page load
 * (drag-site.ts): jQuery UI box onto box and sortable both ways, HTML5 draggable, a range slider, a
 * sortable inside a same-origin and a cross-site iframe, the refusal of a drag from one frame into
 * another, and the refusal of an HTML5 mode the engine lacks. `html5` is how the engine makes HTML5 drag events.
 */
export interface DragSuiteOptions {
  html5: 'native' | 'synthesized';
  /** Whether the engine delivers pointer input into a cross-site (out-of-process) frame. */
  crossSiteInput: boolean;
}

export function describeDrag(name: string, make: () => Backend, o: DragSuiteOptions): void {
  describe(`${name}: page.drag`, () => {
    let site: DragSite;
    let provider: Provider;
    let d: Dispatcher;
    let page: { session_id: string; page_id: string };
    const { call, ok } = dispatchClient(() => d);
    const evalIn = (expression: string) => ok('page.eval', { ...page, expression }).then((r) => r.value as unknown);
    const order = () => evalIn(`[...document.querySelectorAll('#sortable li')].map((li) => li.textContent).join(',')`);
    const drops = async (type: string) => ((await evalIn('JSON.stringify(window.dragLog)')) as string).split(`"type":"${type}"`).length - 1;
    const dragTo = (from: string, to: string, extra: Record<string, unknown> = {}) => ok('page.drag', { ...page, selector: from, to_selector: to, snapshot: 'none', ...extra });
    const item = (n: number) => `#sortable li:nth-child(${n})`;
    /** The items in the order the snapshot lists them (frames included: a cross-site one cannot be read by eval). */
    const listed = async (items: string[]) => {
      const text = (await ok('page.snapshot', { ...page })).text as string;
      const at = (item: string) => {
        const i = text.indexOf(`"${item}"`);
        if (i < 0) throw new Error(`the snapshot does not list ${item}:\n${text}`);
        return i;
      };
      return [...items].sort((a, b) => at(a) - at(b)).join(',');
    };

    beforeAll(async () => {
      site = await startDragSite();
      provider = new Provider({ backend: make(), allowEval: true });
      d = new Dispatcher(provider);
      const s = await ok('session.ensure', { client_session_id: 'drag' });
      page = { session_id: s.session_id, page_id: s.default_page_id };
      await ok('page.open', { ...page, url: `${site.origin}/` });
    });
    afterAll(async () => {
      await provider?.shutdown();
      await site?.close();
    });

    it('advertises page.drag and how it makes HTML5 drag events here', async () => {
      const desc = await ok('provider.describe', {});
      expect(desc.capabilities.optional_methods).toContain('page.drag');
      expect(desc.capabilities.method_options['page.drag']).toEqual({ html5_events: o.html5 === 'native' ? ['native', 'synthesized'] : ['synthesized'] });
    });

    it('drops a jQuery UI draggable onto its droppable (mouse events)', async () => {
      const r = await dragTo('#jq-box', '#jq-target');
      expect(r).toMatchObject({ dragged: true, html5: 'none' });
      expect(await evalIn(`document.getElementById('jq-target').textContent`)).toBe('Got box');
    });

    it.each([
      ['down', 1, 3, 'Bravo,Charlie,Alpha,Delta'],
      ['up', 4, 2, 'Bravo,Delta,Charlie,Alpha'],
    ])('moves a jQuery UI sortable item %s to exactly the position of the item it is dropped on', async (_way, from, onto, after) => {
      await dragTo(item(from), item(onto));
      expect(await order()).toBe(after);
    });

    it(`drags an HTML5 draggable onto its drop zone (${o.html5} drag events), carrying its DataTransfer`, async () => {
      const r = await dragTo('#h5-src', '#h5-dst');
      expect(r).toMatchObject({ dragged: true, html5: o.html5 });
      expect(await evalIn(`window.dragLog.filter((l) => l.type === 'drop').map((l) => l.what).join()`)).toBe('card-1');
      expect(await evalIn(`document.getElementById('h5-dst').textContent`)).toBe('Got card');
      // Native: the engine's own events. Synthesized: the engine's trusted dragstart was stopped before
      // the page saw it and replaced by ours, so every drag event the page got is untrusted.
      expect(await evalIn(`window.dragLog.filter((l) => l.type.startsWith('drag') || l.type === 'drop').every((l) => l.trusted)`)).toBe(o.html5 === 'native');
    });

    it.runIf(o.html5 === 'native')('also dispatches the HTML5 drop in the page when asked', async () => {
      const before = await drops('drop');
      expect(await dragTo('#h5-src', '#h5-dst', { html5_events: 'synthesized' })).toMatchObject({ html5: 'synthesized', dropped: true });
      expect(await drops('drop')).toBe(before + 1);
    });

    it.runIf(o.html5 === 'synthesized')('refuses native HTML5 drag events by name, with a repair, and drags nothing', async () => {
      const before = await drops('dragstart');
      const env = await call('page.drag', { ...page, selector: '#h5-src', to_selector: '#h5-dst', html5_events: 'native' });
      expect(env.ok).toBe(false);
      if (env.ok) return;
      expect(env.error).toMatchObject({ code: 'unsupported_target', details: { code: 'unsupported_option', method: 'page.drag', field: 'html5_events', value: 'native' } });
      expect(env.error.details['repair']).toBeDefined();
      expect(await drops('dragstart')).toBe(before);
    });

    it('drags a range slider to a point', async () => {
      // The slider is 160 px wide at x 20; three quarters along is about 75.
      const snap = await ok('page.snapshot', { ...page });
      const slider = (snap.elements as Array<{ element_ref: string; role: string }>).find((e) => e.role === 'slider');
      const r = await ok('page.drag', { ...page, element_ref: slider?.element_ref, to_point: { x: 140, y: 248 }, snapshot: 'none' });
      expect(r).toMatchObject({ dragged: true, to: { x: 140, y: 248 } });
      const value = Number(await evalIn(`document.getElementById('range').value`));
      expect(value).toBeGreaterThanOrEqual(65);
      expect(value).toBeLessThanOrEqual(85);
    });
    const frames: Array<[string, string, string[], string]> = [['a same-origin', 'same', ['One', 'Two', 'Three'], 'Two,Three,One']];
    if (o.crossSiteInput) frames.push(['a cross-site', 'cross', ['Uno', 'Dos', 'Tres'], 'Dos,Tres,Uno']);
    it.each(frames)('moves a jQuery UI sortable item inside %s iframe onto the position of the item it is dropped on', async (_kind, id, items, after) => {
      expect(await listed(items)).toBe(items.join(','));
      expect(await dragTo(`#${id} li:nth-child(1)`, `#${id} li:nth-child(3)`)).toMatchObject({ dragged: true, html5: 'none' });
      expect(await listed(items)).toBe(after);
    });

    it.runIf(!o.crossSiteInput)('refuses a drag inside a cross-site frame the engine delivers no input to, by name, with a repair', async () => {
      const env = await call('page.drag', { ...page, selector: '#cross li:nth-child(1)', to_selector: '#cross li:nth-child(3)' });
      expect(env.ok).toBe(false);
      if (env.ok) return;
      expect(env.error).toMatchObject({ code: 'unsupported_target', details: { code: 'input_not_delivered', dispatched: true, repair: { method: 'page.open' } } });
      expect(env.error.details['repair']).toBeDefined();
      expect(await listed(['Uno', 'Dos', 'Tres'])).toBe('Uno,Dos,Tres');
    });

    it('refuses a drag from one frame into another by name, with a repair, and drags nothing', async () => {
      const all = o.crossSiteInput ? ['Two', 'Three', 'One', 'Dos', 'Tres', 'Uno'] : ['Two', 'Three', 'One', 'Uno', 'Dos', 'Tres'];
      const before = await listed(all);
      const env = await call('page.drag', { ...page, selector: '#same li:nth-child(1)', to_selector: '#cross li:nth-child(1)' });
      expect(env.ok).toBe(false);
      if (env.ok) return;
      expect(env.error).toMatchObject({ code: 'unsupported_target', details: { code: 'drag_in_frame' } });
      expect(env.error.details['repair']).toBeDefined();
      expect(await listed(all)).toBe(before);
    });
  });
}
