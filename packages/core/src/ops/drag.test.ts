import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend, type StubPage } from '../testing/stub-backend';
import { dragPath } from './drag';

/** A session on the stub, its page open: "Go" is its button. */
async function setup() {
  const backend = new StubBackend();
  const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
  let n = 0;
  const call = (method: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
  const s = await call('session.ensure', {});
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  const session_id = (s.result as { session_id: string }).session_id;
  await call('page.open', { session_id, url: 'https://example.test/' });
  const page = backend.pages[0] as StubPage;
  return { call, session_id, page };
}

/** Each input call as one line: what the mouse does, `+hold` when the button stays pressed after it. */
const script = (page: StubPage) =>
  page.inputs.map((i) => i.sources.flatMap((s) => s.actions.map((a) => (a.type === 'pointerMove' ? `${a.x},${a.y}` : a.type))).join(' ') + (i.hold ? ' +hold' : ''));

describe('page.drag on the raw input', () => {
  it('moves in steps of at most 15 px, ending on the target', () => {
    const path = dragPath({ x: 0, y: 0 }, { x: 100, y: 0 });
    expect(path).toHaveLength(7);
    expect(path.at(-1)).toMatchObject({ x: 100, y: 0 });
    expect(dragPath({ x: 0, y: 0 }, { x: 3, y: 0 })).toHaveLength(5);
  });

  it('presses on the source, moves to the drop point holding the button, asks the page, then releases', async () => {
    const { call, session_id, page } = await setup();
    const r = await call('page.drag', { session_id, text_query: 'Go', to_text_query: 'Go', snapshot: 'none' });
    expect(r).toMatchObject({ ok: true, result: { dragged: true, from: { x: 10, y: 20 }, to: { x: 110, y: 20 }, html5: 'none' } });
    // The steps in whole pixels, as the W3C builders send every point (w3c/pointer.ts).
    // It holds still on the drop point before the release, as a person does (SortableJS acts on a timer).
    expect(script(page)).toEqual(['10,20 pointerDown 24,20 38,20 52,20 67,20 81,20 95,20 110,20 pause +hold', 'pointerUp']);
    expect(page.log.slice(-5)).toEqual(['dropPoint', 'dragPlace', 'prepare', 'dragReport', 'dragPlace']);
    // The press check is a drag's: it arms the press guard, and the bridge, synthesizing (no native drag here).
    expect(page.lastArgs.prepare?.slice(2)).toEqual(['drag', { button: 'left', count: 1, synthesize: true }]);
  });

  it('says what the drag did to its source: the place it moved to, or that it did not move', async () => {
    const { call, session_id, page } = await setup();
    page.dragMoved = { from: 1, to: 3, of: 4, other_list: false, dx: 0, dy: 80 };
    const moved = await call('page.drag', { session_id, text_query: 'Go', to_text_query: 'Go', snapshot: 'none' });
    expect(moved).toMatchObject({ ok: true, result: { moved: { from: 1, to: 3, of: 4 } }, warnings: [] });
    page.dragMoved = null;
    const still = await call('page.drag', { session_id, text_query: 'Go', to_text_query: 'Go', snapshot: 'none' });
    expect(still).toMatchObject({ ok: true, result: { dragged: true, moved: null } });
    expect(still.ok ? still.warnings.join(' ') : '').toMatch(/did not move/);
  });

  it('answers missed, and still releases, when the guard cancelled the press', async () => {
    const { call, session_id, page } = await setup();
    page.dragBegan = false;
    const r = await call('page.drag', { session_id, text_query: 'Go', to_point: { x: 50, y: 50 } });
    expect(r).toMatchObject({ ok: false, error: { code: 'element_not_actionable', details: { code: 'missed', dispatched: true } } });
    expect(script(page).at(-1)).toBe('pointerUp');
  });

  it('refuses native HTML5 drag events where the engine makes none, before any input', async () => {
    const { call, session_id, page } = await setup();
    const r = await call('page.drag', { session_id, text_query: 'Go', to_point: { x: 50, y: 50 }, html5_events: 'native' });
    expect(r).toMatchObject({ ok: false, error: { code: 'unsupported_target', details: { code: 'unsupported_option', field: 'html5_events', value: 'native' } } });
    expect(r.ok ? undefined : r.error.details['repair']).toMatchObject({ method: 'provider.describe' });
    expect(page.inputs).toEqual([]);
  });

  it('needs exactly one destination', async () => {
    const { call, session_id } = await setup();
    const r = await call('page.drag', { session_id, text_query: 'Go', to_point: { x: 1, y: 1 }, to_element_ref: 'e1' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
