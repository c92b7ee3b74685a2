import { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { createProviderServer } from '../provider-server';
import { StubBackend } from '../testing/stub-backend';

/**
 * `page.mouse` over the stub engine: the W3C sources it sends (a held button stays held across
 * calls), the viewport check before anything is dispatched, the element named by the session's ref,
 * and the refusals by name of what the engine does not do.
 */
function setup() {
  const engine = new StubBackend();
  const server = createProviderServer([engine], { log: () => undefined });
  let n = 0;
  const call = async (params: Record<string, unknown>) => {
    const env = await server.call({ protocol_version: '0.1', id: `r${++n}`, method: 'page.mouse', params });
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    return env;
  };
  return { engine, server, call };
}

async function opened() {
  const s = setup();
  const ensure = await s.server.call({ protocol_version: '0.1', id: 'e', method: 'session.ensure', params: {} });
  if (!ensure.ok) throw new Error('no session');
  const session_id = (ensure.result as { session_id: string }).session_id;
  await s.server.call({ protocol_version: '0.1', id: 'o', method: 'page.open', params: { session_id, url: 'http://example.test/' } });
  return { ...s, session_id, page: () => s.engine.pages[0]! };
}

describe('page.mouse', () => {
  it('keeps a pressed button held across calls until its up, and names the element by its ref', async () => {
    const s = await opened();
    const snap = await s.server.call({ protocol_version: '0.1', id: 's', method: 'page.snapshot', params: { session_id: s.session_id } });
    const go = snap.ok ? (snap.result as { elements: Array<{ element_ref: string; role: string }> }).elements.find((e) => e.role === 'button')?.element_ref : undefined;
    const down = await s.call({ session_id: s.session_id, action: 'down', x: 10, y: 20, button: 'right' });
    expect(down.ok && down.result).toMatchObject({ point: { x: 10, y: 20 }, pressed: ['right'], at: { tag: 'button', element_ref: go } });
    await s.call({ session_id: s.session_id, action: 'move', x: 300, y: 40 });
    const up = await s.call({ session_id: s.session_id, action: 'up', button: 'right' });
    expect(up.ok && up.result).toMatchObject({ point: { x: 300, y: 40 }, pressed: [] });
    const inputs = s.page().inputs;
    expect(inputs.map((i) => i.hold)).toEqual([true, true, false]);
    expect(inputs[0]?.sources[0]).toMatchObject({ type: 'pointer', actions: [{ type: 'pointerMove', x: 10, y: 20 }, { type: 'pointerDown', button: 2 }] });
    expect(inputs[2]?.sources[0]).toMatchObject({ actions: [{ type: 'pointerMove', x: 300, y: 40 }, { type: 'pointerUp', button: 2 }] });
  });

  it('says no button is held once another action released them all', async () => {
    // A key press goes out without hold, so the engine releases every button after it: the next
    // page.mouse answer must not still name the button a down pressed before.
    const s = await opened();
    await s.call({ session_id: s.session_id, action: 'down', x: 10, y: 20 });
    const press = await s.server.call({ protocol_version: '0.1', id: 'k', method: 'page.press', params: { session_id: s.session_id, key: 'Enter' } });
    expect(press.ok).toBe(true);
    const move = await s.call({ session_id: s.session_id, action: 'move', x: 30, y: 40 });
    expect(move.ok && move.result).toMatchObject({ pressed: [] });
    expect(s.page().inputs.at(-1)?.hold).toBe(false);
  });

  it('turns the wheel at the viewport centre before any move, and refuses a down with nowhere to press', async () => {
    const s = await opened();
    const down = await s.call({ session_id: s.session_id, action: 'down' });
    expect(!down.ok && down.error).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field: 'x', repair: { method: 'page.mouse' } } });
    const wheel = await s.call({ session_id: s.session_id, action: 'wheel', delta_y: 120 });
    expect(wheel.ok && wheel.result).toMatchObject({ point: { x: 400, y: 300 } });
    expect(s.page().inputs.at(-1)?.sources[0]).toMatchObject({ type: 'wheel', actions: [{ type: 'scroll', x: 400, y: 300, deltaX: 0, deltaY: 120 }] });
  });

  it.each([
    [{ x: 800, y: 10 }],
    [{ x: -1, y: 10 }],
    [{ x: 10, y: 600 }],
  ])('refuses %o outside the 800×600 viewport before dispatching anything', async (pt) => {
    const s = await opened();
    const r = await s.call({ session_id: s.session_id, action: 'click', ...pt });
    expect(!r.ok && r.error).toMatchObject({ code: 'element_not_actionable', details: { code: 'out_of_viewport', viewport: { width: 800, height: 600 }, repair: { method: 'page.screenshot' } } });
    expect(s.page().inputs).toEqual([]);
    expect(s.page().clicks).toEqual([]);
  });

  it('refuses by name a button or an action the engine lacks, and a field of another action', async () => {
    const s = await opened();
    s.engine.buttons = [];
    s.engine.mouseLacking = ['wheel'];
    const right = await s.call({ session_id: s.session_id, action: 'click', x: 1, y: 1, button: 'right' });
    expect(!right.ok && right.error).toMatchObject({ code: 'unsupported_target', details: { code: 'unsupported_option', field: 'button', value: 'right' } });
    const wheel = await s.call({ session_id: s.session_id, action: 'wheel', delta_y: 1 });
    expect(!wheel.ok && wheel.error).toMatchObject({ code: 'unsupported_target', details: { code: 'unsupported_option', field: 'action', value: 'wheel' } });
    const mixed = await s.call({ session_id: s.session_id, action: 'move', x: 1, y: 1, delta_y: 3 });
    expect(!mixed.ok && mixed.error).toMatchObject({ code: 'invalid_request', details: { field: 'delta_x' } });
    expect(s.page().inputs).toEqual([]);
  });

  it('sends whole pixels, so a wheel after a fractional or tiny point is one the engines take', async () => {
    // BiDi's wheel scroll and classic Perform Actions want integers; the point is made whole before
    // the page is asked what is there, and the answer names the point the input went to.
    const s = await opened();
    const move = await s.call({ session_id: s.session_id, action: 'move', x: 40.5, y: 1e-7 });
    expect(move.ok && move.result).toMatchObject({ point: { x: 40, y: 0 } });
    await s.call({ session_id: s.session_id, action: 'wheel', delta_x: -0.4, delta_y: 50.5 });
    expect(s.page().inputs.map((i) => i.sources[0]?.actions[0])).toEqual([
      { type: 'pointerMove', x: 40, y: 0, origin: 'viewport', duration: 0 },
      { type: 'scroll', x: 40, y: 0, deltaX: 0, deltaY: 51, origin: 'viewport', duration: 0 },
    ]);
    const edge = await s.call({ session_id: s.session_id, action: 'click', x: 799.9, y: 599.9 });
    expect(edge.ok && edge.result).toMatchObject({ point: { x: 799, y: 599 } });
  });

  it.each([{ delta_y: 1e308 }, { delta_x: -100_001 }])('refuses the wheel delta %o no engine takes, by its field, before dispatching', async (delta) => {
    const s = await opened();
    const r = await s.call({ session_id: s.session_id, action: 'wheel', ...delta });
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field: Object.keys(delta)[0] } });
    expect(s.page().inputs).toEqual([]);
  });
});
