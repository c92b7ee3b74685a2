import { describe, expect, test } from 'vitest';
import { ELEMENT_BY_ID, OP_CALLER, PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION, pageScriptSource, parseOpReply } from '../host';
import { decodeFrameSnapshot } from '../decode';
import { jsdomPage } from '../testing/jsdom-page';

async function idOf(page: ReturnType<typeof jsdomPage>, selector: string): Promise<number> {
  const r = await page.call('query', { selector, limit: 1 });
  if (!r.ok || !r.matches[0]) throw new Error(`no match for ${selector}`);
  return r.matches[0].id;
}

describe('ids and documents (jsdom)', () => {
  test('the same element keeps its id across snapshots; ids are never reused', async () => {
    const page = jsdomPage('<button id="a">A</button><button id="b">B</button>');
    const first = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 100, mode: 'full' }));
    const idA = first.nodes.find((n) => n.name === 'A')!.id!;
    const idB = first.nodes.find((n) => n.name === 'B')!.id!;
    expect(idA).not.toBe(idB);
    page.document.getElementById('b')!.remove();
    const fresh = page.document.createElement('button');
    fresh.textContent = 'C';
    page.document.body.append(fresh);
    const second = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 100, mode: 'full' }));
    expect(second.nodes.find((n) => n.name === 'A')!.id).toBe(idA);
    const idC = second.nodes.find((n) => n.name === 'C')!.id!;
    expect(idC).toBeGreaterThan(Math.max(idA, idB));
    expect(await page.call('alive', first.doc, idB)).toBe(false);
    expect(await page.call('alive', first.doc, idA)).toBe(true);
  });

  test('another doc token or a removed element is stale, never another element', async () => {
    const page = jsdomPage('<input id="x" value="v"><button id="y">Y</button>');
    const doc = await page.call('doc');
    const id = await idOf(page, '#x');
    expect(await page.call('value', doc, id)).toBe('v');
    expect(await page.call('value', 'some-other-doc', id)).toBeNull();
    expect(await page.call('alive', 'some-other-doc', id)).toBe(false);
    expect(await page.call('prepare', 'some-other-doc', id, 'click')).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(await page.call('focus', 'some-other-doc', id, true)).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(await page.call('rect', 'some-other-doc', id)).toBeNull();
    page.document.getElementById('x')!.remove();
    expect(await page.call('prepare', doc, id, 'click')).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(await page.call('select', doc, id, ['a'], null)).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(await page.call('alive', doc, 999_999)).toBe(false);
  });

  test('a second install is a no-op: doc token and ids survive', async () => {
    const page = jsdomPage('<button>A</button>');
    const doc = await page.call('doc');
    const id = await idOf(page, 'button');
    page.install();
    expect(await page.call('doc')).toBe(doc);
    expect(await idOf(page, 'button')).toBe(id);
  });

  test('bad input is answered, not thrown', async () => {
    const page = jsdomPage('<button>A</button>');
    const doc = await page.call('doc');
    expect(await page.call('prepare', doc, 'nope' as unknown as number, 'click')).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(decodeFrameSnapshot(await page.call('snapshot', null as never))).toMatchObject({ truncated: false });
    expect(await page.call('query', null as never)).toMatchObject({ ok: false, code: 'invalid_selector' });
    expect(JSON.parse(await page.raw('noSuchOp', '[]'))).toEqual({ ok: false, error: 'unknown page-script op "noSuchOp"' });
    expect(JSON.parse(await page.raw('doc', 'not json'))).toMatchObject({ ok: false });
  });
});

describe('element checks and forms (jsdom)', () => {
  test('prepare classifies disabled, file inputs, read-only fields and non-selects before geometry', async () => {
    const page = jsdomPage('<button disabled>off</button><input type="file"><input readonly value="r"><div id="d">text</div><select><option>a</option></select><p hidden id="h">hidden</p>');
    const doc = await page.call('doc');
    expect(await page.call('prepare', doc, await idOf(page, 'button'), 'click')).toMatchObject({ ok: false, code: 'disabled' });
    expect(await page.call('prepare', doc, await idOf(page, 'button'), 'hover')).not.toMatchObject({ code: 'disabled' });
    expect(await page.call('prepare', doc, await idOf(page, 'input[type=file]'), 'type')).toMatchObject({ ok: false, code: 'file_input' });
    expect(await page.call('prepare', doc, await idOf(page, 'input[readonly]'), 'type')).toMatchObject({ ok: false, code: 'not_editable' });
    expect(await page.call('prepare', doc, await idOf(page, '#d'), 'type')).toMatchObject({ ok: false, code: 'not_editable' });
    expect(await page.call('prepare', doc, await idOf(page, '#d'), 'select')).toMatchObject({ ok: false, code: 'not_select' });
    expect(await page.call('prepare', doc, await idOf(page, '#h'), 'click')).toMatchObject({ ok: false, code: 'not_visible' });
  });

  test('value masks passwords; focus selects or places the caret', async () => {
    const page = jsdomPage('<input type="password" value="hunter2"><input id="t" value="hello">');
    const doc = await page.call('doc');
    expect(await page.call('value', doc, await idOf(page, 'input[type=password]'))).toBe('•••••••');
    const t = await idOf(page, '#t');
    expect(await page.call('focus', doc, t, true)).toMatchObject({ ok: true });
    const input = page.document.getElementById('t') as HTMLInputElement;
    expect(page.document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 5]);
    await page.call('focus', doc, t, false);
    expect([input.selectionStart, input.selectionEnd]).toEqual([5, 5]);
  });

  test('select by value or label fires input and change; unknown options change nothing', async () => {
    const page = jsdomPage('<select id="s"><option value="fr">France</option><option value="pe">Peru</option></select><select id="m" multiple><option value="1">One</option><option value="2">Two</option><option value="3">Three</option></select>');
    const doc = await page.call('doc');
    const s = page.document.getElementById('s') as HTMLSelectElement;
    const events: string[] = [];
    s.addEventListener('input', () => events.push('input'));
    s.addEventListener('change', () => events.push('change'));
    expect(await page.call('select', doc, await idOf(page, '#s'), null, ['peru'])).toEqual({ ok: true, selected: ['pe'] });
    expect(events).toEqual(['input', 'change']);
    expect(await page.call('select', doc, await idOf(page, '#s'), ['fr'], null)).toEqual({ ok: true, selected: ['fr'] });
    const missing = await page.call('select', doc, await idOf(page, '#s'), ['xx'], null);
    expect(missing).toMatchObject({ ok: false, code: 'no_option' });
    expect(s.value).toBe('fr');
    expect(await page.call('select', doc, await idOf(page, '#m'), ['1', '3'], null)).toEqual({ ok: true, selected: ['1', '3'] });
  });
});

describe('host helpers', () => {
  test('pageScriptSource is built once and cached', () => {
    const a = pageScriptSource();
    expect(a.length).toBeGreaterThan(10_000);
    expect(pageScriptSource()).toBe(a);
    expect(a).toContain(PAGE_SCRIPT_GLOBAL);
  });

  test('OP_CALLER answers null before install and a JSON envelope after; ELEMENT_BY_ID checks doc', async () => {
    const page = jsdomPage('<button id="b">B</button>');
    const caller = page.window.eval(`(${OP_CALLER})`) as (op: string, a: string) => Promise<string | null>;
    const byId = page.window.eval(`(${ELEMENT_BY_ID})`) as (id: number, doc?: string) => Element | null;
    const reply = parseOpReply(await caller('doc', '[]'));
    expect(reply).toMatchObject({ ok: true });
    const doc = (reply as { value: string }).value;
    const id = await idOf(page, '#b');
    expect(byId(id)).toBe(page.document.getElementById('b'));
    expect(byId(id, doc)).toBe(page.document.getElementById('b'));
    expect(byId(id, 'other')).toBeNull();
    expect(parseOpReply(await caller('nope', '[]'))).toMatchObject({ ok: false });
    delete (page.window as unknown as Record<string, unknown>)[PAGE_SCRIPT_GLOBAL];
    expect(await caller('doc', '[]')).toBeNull();
    expect(parseOpReply(null)).toBeNull();
    expect(() => parseOpReply(42)).toThrow(/expected a string/);
    expect(PAGE_SCRIPT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
