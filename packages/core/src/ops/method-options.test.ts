import { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../backend';
import { createProviderServer } from '../provider-server';
import { StubBackend } from '../testing/stub-backend';
import { clickSources, type ClickGesture } from '../toolkit/w3c/pointer';

/**
 * `page.click`'s button, click_count and modifiers: validated at the boundary (naming the field),
 * refused before anything runs where the engine cannot do them, handed to the backend as one gesture,
 * and listed in provider.describe per engine.
 */

/** The input sources of a page's latest input: what the backend was handed. */
const lastSources = (page: { inputs: Array<{ sources: unknown }> }) => page.inputs.at(-1)?.sources;
/** The sources of `gesture` at the stub's click point (its `prepare` answers 10, 20). */
const at = (gesture: ClickGesture, point = { x: 10, y: 20 }) => clickSources(point, gesture);

class FamilyStub extends StubBackend {
  override readonly info: BackendInfo;
  constructor(family: string) {
    super();
    this.info = { providerId: `${family}-stub`, providerLabel: `${family} stub`, family, browserLabel: `${family} browser`, engine: { name: family, automation: 'in-memory' } };
  }
}

/** `alpha` presses every button; `beta` only the left one (as a backend without clickButtons). */
function setup(engines: 'one' | 'two' = 'one') {
  const alpha = new FamilyStub('alpha');
  const beta = new FamilyStub('beta');
  beta.buttons = [];
  const server = createProviderServer(engines === 'one' ? [alpha] : [alpha, beta], { log: () => undefined });
  let n = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await server.call({ protocol_version: '0.1', id: `r${++n}`, method, params });
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    return env;
  };
  const ok = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await call(method, params);
    if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
    return env.result as Record<string, any>;
  };
  const fails = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await call(method, params);
    if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result)}`);
    return env.error;
  };
  return { alpha, beta, call, ok, fails };
}

async function openPage(s: ReturnType<typeof setup>, family?: string) {
  const { session_id } = await s.ok('session.ensure', family ? { browser_preference: family } : {});
  await s.ok('page.open', { session_id, url: 'http://example.test/' });
  const snap = await s.ok('page.snapshot', { session_id });
  const ref = (snap.elements as Array<{ element_ref: string; role: string }>).find((e) => e.role === 'button')!.element_ref;
  return { session_id, ref };
}

describe('page.click options', () => {
  it.each([
    [{ button: 'up' }, 'button'],
    [{ button: 2 }, 'button'],
    [{ click_count: 0 }, 'click_count'],
    [{ click_count: 4 }, 'click_count'],
    [{ click_count: 1.5 }, 'click_count'],
    [{ click_count: '2' }, 'click_count'],
    [{ modifiers: 'Shift' }, 'modifiers'],
    [{ modifiers: ['Hyper'] }, 'modifiers.0'],
    [{ modifiers: ['shift'] }, 'modifiers.0'],
    [{ modifiers: ['Shift', 'Shift'] }, 'modifiers'],
    [{ position: { x: 1, y: 2 }, click_count: 5 }, 'click_count'],
  ])('refuses %j with invalid_request naming %s, before anything runs', async (params, field) => {
    const s = setup();
    const { session_id, ref } = await openPage(s);
    const page = s.alpha.pages[0]!;
    const before = page.log.length;
    const position = 'position' in params;
    const err = await s.fails('page.click', { session_id, ...(position ? {} : { element_ref: ref }), ...params });
    expect(err).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field } });
    expect(err.message).toContain(field);
    expect(page.log.slice(before)).toEqual([]);
    expect(page.clicks).toEqual([]);
  });

  it('hands the gesture to the backend and arms the page guard for it', async () => {
    const s = setup();
    const { session_id, ref } = await openPage(s);
    const page = s.alpha.pages[0]!;
    await s.ok('page.click', { session_id, element_ref: ref, button: 'right', click_count: 2, modifiers: ['Shift', 'Alt'] });
    expect(lastSources(page)).toEqual(at({ button: 'right', count: 2, modifiers: ['Shift', 'Alt'] }));
    expect(page.lastArgs.prepare?.[3]).toEqual({ button: 'right', count: 2 });
    await s.ok('page.click', { session_id, element_ref: ref });
    expect(lastSources(page)).toEqual(at({ button: 'left', count: 1, modifiers: [] }));
  });

  it('takes the same options for a click at a position (no element, no guard)', async () => {
    const s = setup();
    const { session_id } = await openPage(s);
    const page = s.alpha.pages[0]!;
    const r = await s.ok('page.click', { session_id, position: { x: 5, y: 6 }, button: 'middle', click_count: 3, modifiers: ['Control'] });
    expect(r).toMatchObject({ clicked: true, point: { x: 5, y: 6 } });
    expect(page.inputs.map((i) => i.sources)).toEqual([at({ button: 'middle', count: 3, modifiers: ['Control'] }, { x: 5, y: 6 })]);
    expect(page.log).not.toContain('prepare');
  });

  it('refuses a button the engine does not press with unsupported_target / unsupported_option, for refs and positions alike', async () => {
    const s = setup('two');
    const { session_id, ref } = await openPage(s, 'beta');
    const page = s.beta.pages[0]!;
    const before = page.log.length;
    for (const target of [{ element_ref: ref }, { position: { x: 1, y: 1 } }]) {
      const err = await s.fails('page.click', { session_id, ...target, button: 'right' });
      expect(err).toMatchObject({
        code: 'unsupported_target',
        retryable: false,
        details: { code: 'unsupported_option', field: 'button', value: 'right', browser_family: 'beta', offered_by: ['alpha'], repair: { method: 'session.ensure', params: { browser_preference: 'alpha' } } },
      });
    }
    // Nothing was checked or dispatched.
    expect(page.log.slice(before)).toEqual([]);
    expect(page.clicks).toEqual([]);
    // What every engine does still works there.
    await s.ok('page.click', { session_id, element_ref: ref, click_count: 2, modifiers: ['Meta'] });
    expect(page.inputs.map((i) => i.sources)).toEqual([at({ button: 'left', count: 2, modifiers: ['Meta'] })]);
  });

  it('lists what each engine takes in describe, and only what all take in the common capabilities', async () => {
    const one = setup();
    const all = { button: ['left', 'middle', 'right'], click_count: [1, 2, 3], modifiers: ['Alt', 'Control', 'Meta', 'Shift'] };
    // Neither stub engine drags natively: page.drag dispatches HTML5 drag events in the page on both.
    const png = { 'page.screenshot': { format: ['png'] }, 'page.drag': { html5_events: ['synthesized'] } };
    const actions = ['move', 'down', 'up', 'click', 'wheel'];
    const mouse = (button: string[]) => ({ 'page.mouse': { action: actions, button } });
    expect((await one.ok('provider.describe')).capabilities.method_options).toEqual({ 'page.click': all, ...png, ...mouse(all.button) });
    const two = setup('two');
    const d = await two.ok('provider.describe');
    expect(d.capabilities.method_options).toEqual({ 'page.click': { ...all, button: ['left'] }, ...png, ...mouse(['left']) });
    expect(d.capabilities_by_family.alpha.method_options).toEqual({ 'page.click': all, ...png, ...mouse(all.button) });
    expect(d.capabilities_by_family.beta.method_options).toEqual({ 'page.click': { ...all, button: ['left'] }, ...png, ...mouse(['left']) });
  });

  it('answers a gesture whose first event reached the element as a success that says what was cancelled', async () => {
    const s = setup();
    const { session_id, ref } = await openPage(s);
    const page = s.alpha.pages[0]!;
    page.clickLands = false;
    page.clickBegan = true;
    page.clickReached = ['click'];
    page.clickCancelled = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick'];
    const env = await s.call('page.click', { session_id, element_ref: ref, click_count: 2 });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    expect(env.result).toMatchObject({ clicked: true, interrupted: { reached: ['click'], cancelled: page.clickCancelled } });
    expect(env.warnings.join('\n')).toMatch(/after it got click: the rest of the gesture \(pointerdown, mousedown, pointerup, mouseup, click, dblclick\) .* was cancelled/);
    // Cancelled from its first event, nothing reached the page: refused, and only then retryable.
    page.clickBegan = false;
    page.clickReached = [];
    const none = await s.fails('page.click', { session_id, element_ref: ref });
    expect(none).toMatchObject({ code: 'element_not_actionable', retryable: true, details: { code: 'missed', cancelled: true } });
    expect(none.message).toMatch(/Nothing was clicked/);
  });
});

describe('page.screenshot format', () => {
  it.each([
    [{ format: 'gif' }, 'format'],
    [{ format: 'jpeg', quality: 101 }, 'quality'],
    [{ format: 'jpeg', quality: 0.5 }, 'quality'],
    [{ quality: 50 }, 'quality'],
  ])('refuses %j as invalid_request naming %s', async (params, field) => {
    const s = setup();
    const { session_id } = await openPage(s);
    const err = await s.fails('page.screenshot', { session_id, ...params });
    expect(err.code).toBe('invalid_request');
    expect(err.message).toContain(field);
    expect(s.alpha.pages[0]!.shots).toEqual([]);
  });

  it('captures a JPEG where the engine lists it, with its media type and quality; PNG stays the default', async () => {
    const s = setup();
    s.alpha.formats = ['png', 'jpeg'];
    const { session_id } = await openPage(s);
    expect(await s.ok('page.screenshot', { session_id, format: 'jpeg', quality: 40 })).toMatchObject({ media_type: 'image/jpeg' });
    expect(await s.ok('page.screenshot', { session_id })).toMatchObject({ media_type: 'image/png' });
    expect(s.alpha.pages[0]!.shots).toEqual([{ format: 'jpeg', quality: 40 }, {}]);
    expect((await s.ok('provider.describe')).capabilities.method_options['page.screenshot']).toEqual({ format: ['png', 'jpeg'] });
  });

  it('refuses a format the engine does not capture with unsupported_target / unsupported_option, naming one that does', async () => {
    const s = setup('two');
    s.alpha.formats = ['png', 'jpeg'];
    const { session_id } = await openPage(s, 'beta');
    const err = await s.fails('page.screenshot', { session_id, format: 'jpeg' });
    expect(err).toMatchObject({
      code: 'unsupported_target',
      details: { code: 'unsupported_option', method: 'page.screenshot', field: 'format', value: 'jpeg', browser_family: 'beta', offered_by: ['alpha'], repair: { method: 'session.ensure', params: { browser_preference: 'alpha' } } },
    });
    expect(s.beta.pages[0]!.shots).toEqual([]);
    const d = await s.ok('provider.describe');
    expect(d.capabilities.method_options['page.screenshot']).toEqual({ format: ['png'] });
    expect(d.capabilities_by_family.alpha.method_options['page.screenshot']).toEqual({ format: ['png', 'jpeg'] });
  });
});
