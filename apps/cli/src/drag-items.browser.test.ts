import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DRAG_ITEMS, DRAG_ITEMS_PAGE, describeEngine, dragItemsFiles, servePage, type DragList } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * Items a person drags get refs, whatever library made them (issue 30, finding 4), and `page.drag`
 * by those refs moves them where docs/drag.md says: onto an item is to that item's position. Each
 * order is read from the library's own API (drag-items-site.ts). One page load per engine.
 */

const site = servePage(DRAG_ITEMS_PAGE, dragItemsFiles());

const quote = (s: string) => JSON.stringify(s);

for (const browser of BROWSERS) {
  describeEngine(browser)(`dragged items on ${browser}`, () => {
    let backend: Backend | undefined;
    let d: Dispatcher;
    let sid = '';
    let n = 0;
    const send = (method: string, params: Record<string, unknown> = {}) =>
      d.handle({ protocol_version: '0.1', id: `d${++n}`, method, params: { session_id: sid, timeout_ms: 60_000, ...params } });
    const call = async (method: string, params: Record<string, unknown> = {}) => {
      const env = await send(method, params);
      if (!env.ok) throw new Error(`${method} failed: ${JSON.stringify(env.error)}`);
      return env.result as Record<string, any>;
    };
    const orders = async () => JSON.parse(String((await call('page.eval', { expression: 'JSON.stringify(window.orders())' })).value)) as Record<DragList, string>;
    /** Each item's ref from the snapshot's text (`clickable "Apple" [e5]`), or undefined. */
    const refs = async () => {
      const text = String((await call('page.snapshot', { collapse: false })).text);
      const found: Record<string, string | undefined> = {};
      for (const name of Object.values(DRAG_ITEMS).flat()) found[name] = new RegExp(`^\\s*\\w+ ${quote(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[(e\\d+)\\]`, 'm').exec(text)?.[1];
      return { text, found };
    };
    const drag = async (from: string, to: string) => {
      const { found, text } = await refs();
      expect(found[from], `${from} in\n${text}`).toBeDefined();
      expect(found[to], `${to} in\n${text}`).toBeDefined();
      return call('page.drag', { element_ref: found[from], to_element_ref: found[to], snapshot: 'none' });
    };

    beforeAll(async () => {
      backend = await createBackend(browser);
      d = new Dispatcher(new Provider({ backend, log: () => undefined, allowEval: true }));
      sid = String((await call('session.ensure', { session_id: undefined })).session_id);
      await call('page.open', { url: `${site.origin()}/` });
    });
    afterAll(() => backend?.shutdown());

    it('lists every item of every drag style with a ref, and no list as one line', async () => {
      const { found, text } = await refs();
      for (const [list, names] of Object.entries(DRAG_ITEMS) as Array<[DragList, readonly string[]]>) {
        const listed = names.filter((x) => found[x] !== undefined);
        expect(listed, `${list} on ${browser}:\n${text}`).toEqual(names);
      }
    });

    const lists: Array<[DragList, string]> = [
      ['jq', 'jQuery UI sortable (mouse events)'],
      ['sj', 'SortableJS forceFallback (pointer events)'],
      ['sjc', 'SortableJS forceFallback with a move cursor'],
      ['h5', 'HTML5 draggable'],
    ];
    for (const [list, style] of lists) {
      it(`${style}: dragged by ref down and up onto the position of the item it is dropped on`, async () => {
        const [a, b, c, x] = DRAG_ITEMS[list];
        // The answer says where the item went: a snapshot diff cannot, its lines key on refs.
        expect((await drag(a, c)).moved).toMatchObject({ from: 1, to: 3, of: 4, other_list: false });
        expect((await orders())[list]).toBe([b, c, a, x].join());
        expect((await drag(x, c)).moved).toMatchObject({ from: 4, to: 2, of: 4 });
        expect((await orders())[list]).toBe([b, x, c, a].join());
      });
    }

    it('a drag that moved nothing says so: dropped beside its list, the item keeps its place', async () => {
      const before = (await orders()).jq;
      const first = before.split(',')[0] as string;
      const { found } = await refs();
      const env = await send('page.drag', { element_ref: found[first], to_point: { x: 680, y: 40 }, snapshot: 'none' });
      expect(env).toMatchObject({ ok: true, result: { dragged: true, moved: null } });
      expect(env.ok ? env.warnings.join(' ') : '').toMatch(/did not move/);
      expect((await orders()).jq).toBe(before);
    });

    /** [from, onto] as grid indexes (row by row), each drag from the order the one before left. */
    const GRID_DROPS: Array<[string, number, number]> = [
      ['straight down two rows', 1, 7],
      ['straight down one row', 0, 3],
      ['straight up two rows', 8, 2],
      ['diagonally down', 0, 4],
      ['diagonally up', 8, 4],
      ['right along a row', 3, 5],
      ['left along a row', 5, 3],
    ];
    it('a floated 3×3 jQuery UI grid: every drop onto a tile puts the dragged one at that tile\'s position', async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const [way, from, onto] of GRID_DROPS) {
        const before = (await orders()).grid.split(',');
        const after = [...before];
        const [moved] = after.splice(from, 1);
        after.splice(onto, 0, moved as string);
        want.push(`${way}: ${after.join()}`);
        await drag(before[from] as string, before[onto] as string);
        got.push(`${way}: ${(await orders()).grid}`);
      }
      expect(got).toEqual(want);
    });

    it('MiniWoB\'s grid by text query (each name a small div at its tile\'s top): every drop takes the tile\'s position', async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const [way, from, onto] of GRID_DROPS) {
        const before = (await orders()).mini.split(',');
        const after = [...before];
        const [moved] = after.splice(from, 1);
        after.splice(onto, 0, moved as string);
        want.push(`${way}: ${after.join()}`);
        await call('page.drag', { text_query: before[from], to_text_query: before[onto], snapshot: 'none' });
        got.push(`${way}: ${(await orders()).mini}`);
      }
      expect(got).toEqual(want);
    });

    it('MiniWoB\'s grid by ref onto the name\'s div (to_selector): the drop still takes the tile\'s position', async () => {
      const got: string[] = [];
      const want: string[] = [];
      const { found } = await refs();
      for (const [way, from, onto] of GRID_DROPS.slice(0, 3)) {
        const before = (await orders()).mini.split(',');
        const after = [...before];
        const [moved] = after.splice(from, 1);
        after.splice(onto, 0, moved as string);
        want.push(`${way}: ${after.join()}`);
        await call('page.drag', { element_ref: found[before[from] as string], to_selector: `#mini li:nth-child(${onto + 1}) > div`, snapshot: 'none' });
        got.push(`${way}: ${(await orders()).mini}`);
      }
      expect(got).toEqual(want);
    });

    it('an ambiguous drop target is refused with a repair that keeps both ends, and following it drops there', async () => {
      // "5" alone names the tile "5" (an exact match beats "58"); "8" is in "58" and "80" alike.
      const env = await send('page.drag', { text_query: '7', to_text_query: '8', snapshot: 'none' });
      expect(env.ok).toBe(false);
      if (env.ok) return;
      const candidates = env.error.details['candidates'] as Array<{ element_ref: string; name: string }>;
      expect(env.error).toMatchObject({ code: 'invalid_request', details: { code: 'ambiguous' } });
      expect(candidates.map((c) => c.name).sort()).toEqual(['58', '80']);
      const { found } = await refs();
      const repair = env.error.details['repair'] as { method: string; params: Record<string, unknown> };
      // The source stays (by its ref), the first candidate becomes the drop target, nothing else is echoed.
      expect(repair).toMatchObject({ method: 'page.drag', params: { element_ref: found['7'], to_element_ref: candidates[0]?.element_ref, snapshot: 'none' } });
      expect(Object.keys(repair.params).filter((k) => k.endsWith('text_query'))).toEqual([]);
      const before = (await orders()).grid.split(',');
      const onto = before.indexOf(candidates[0]?.name as string);
      const want = before.filter((x) => x !== '7');
      want.splice(onto, 0, '7');
      expect((await send('page.drag', repair.params)).ok).toBe(true);
      expect((await orders()).grid).toBe(want.join());
    });
  });
}
