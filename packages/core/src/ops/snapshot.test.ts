import { encodeFrame, type OpName } from '@browser-provider/page-script';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend, type StubPage } from '../testing/stub-backend';

function setup() {
  const backend = new StubBackend();
  const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
  let n = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env: ResponseEnvelope = await d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
    if (!env.ok) throw new Error(`${method}: ${JSON.stringify(env.error)}`);
    return env.result as Record<string, any>;
  };
  const raw = (method: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
  return { backend, call, raw };
}

/** Makes the stub page answer `snapshot` with a button named `name` (the rest as the stub has it). */
function renameButton(page: StubPage, name: string): void {
  const call = page.call.bind(page);
  page.call = (async (frame, op, args, signal) => {
    if ((op as OpName) !== 'snapshot') return call(frame, op, args, signal);
    return encodeFrame({
      doc: page.doc,
      url: page.url,
      title: 'Stub',
      truncated: false,
      nodes: [
        { role: 'document', name: 'Stub', actionable: false, enabled: true, children: [1, 2] },
        { id: 1, role: 'heading', name: 'Hello', level: 1, actionable: false, enabled: true, children: [] },
        { id: 2, role: 'button', name, actionable: true, enabled: true, children: [] },
      ],
    }, '');
  }) as StubPage['call'];
}

const refOf = (snap: Record<string, any>, role: string): string => snap.snapshot.nodes.find((n: any) => n.role === role).element_ref;

describe('page.snapshot since_rev: the base is the snapshot as it was answered', () => {
  it('names what changed by the refs both answers gave', async () => {
    const { call, backend } = setup();
    const { session_id } = await call('session.ensure', {});
    const first = await call('page.snapshot', { session_id });
    const button = refOf(first, 'button');
    renameButton(backend.pages[0]!, 'Stop');
    const next = await call('page.snapshot', { session_id, since_rev: first.rev });
    expect(next.diff).toEqual({
      since_rev: first.rev,
      base_found: true,
      added: [],
      removed: [],
      changed: [{ line: `button "Stop" [${button}]`, was: `button "Go" [${button}]`, element_ref: button }],
    });
    expect(next.elements).toEqual([{ element_ref: button, role: 'button', name: 'Stop', text: 'Stop', actionable: true, enabled: true }]);
  });

  it('keeps the refs of a document that has since gone, and mints none for it', async () => {
    const { call } = setup();
    const { session_id } = await call('session.ensure', {});
    const first = await call('page.snapshot', { session_id });
    await call('page.open', { session_id, url: 'http://127.0.0.1:1/next' });
    const next = await call('page.snapshot', { session_id, since_rev: first.rev });
    const [oldHeading, oldButton] = [refOf(first, 'heading'), refOf(first, 'button')];
    const [newHeading, newButton] = [refOf(next, 'heading'), refOf(next, 'button')];
    expect(next.diff.removed.map((r: any) => r.element_ref)).toEqual([oldHeading, oldButton]);
    expect(next.diff.added.map((a: any) => a.element_ref)).toEqual([newHeading, newButton]);
    // A rebuilt base that minted its refs again would have used up e3 and e4 before this snapshot's.
    expect([oldHeading, oldButton, newHeading, newButton]).toEqual(['e1', 'e2', 'e3', 'e4']);
    const again = await call('page.snapshot', { session_id, since_rev: next.rev });
    expect(again.diff).toMatchObject({ base_found: true, added: [], removed: [], changed: [] });
    expect(again.text).toBe(`no changes since rev ${next.rev}`);
  });
});

/** Makes the stub page answer `snapshot` with a link and a form (heading + button named `name`), or the link alone. */
function formPage(page: StubPage, name: string, withForm = true): void {
  const call = page.call.bind(page);
  page.call = (async (frame, op, args, signal) => {
    // The probe a missing scope asks: the element is gone from its document.
    if ((op as OpName) === 'probe') return { ok: true, doc: page.doc, readyState: 'complete', satisfied: { element_present: false }, iframes: [] };
    if ((op as OpName) !== 'snapshot') return call(frame, op, args, signal);
    const node = (id: number, role: string, name: string, children: number[] = [], extra = {}) =>
      ({ id, role, name, actionable: role === 'button' || role === 'link', enabled: true, children, ...extra });
    const nodes = [
      { role: 'document', name: 'Stub', actionable: false, enabled: true, children: withForm ? [1, 2] : [1] },
      node(13, 'link', 'Home'),
      ...(withForm ? [node(10, 'form', 'Sign up', [3, 4]), node(11, 'heading', 'Join', [], { level: 2 }), node(12, 'button', name)] : []),
    ];
    return encodeFrame({ doc: page.doc, url: page.url, title: 'Stub', truncated: false, nodes }, '');
  }) as StubPage['call'];
}

describe('page.snapshot scope', () => {
  it('answers only the scoped subtree, with the full snapshot refs, and diffs within it', async () => {
    const { call, backend } = setup();
    const { session_id } = await call('session.ensure', {});
    formPage(backend.pages[0]!, 'Go');
    const full = await call('page.snapshot', { session_id });
    const [form, heading, button] = [refOf(full, 'form'), refOf(full, 'heading'), refOf(full, 'button')];
    const scoped = await call('page.snapshot', { session_id, scope: form });
    expect(scoped.text).toBe(`form "Sign up" [${form}]\n  heading "Join" [level=2] [${heading}]\n  button "Go" [${button}]`);
    expect(scoped.elements.map((e: any) => e.element_ref)).toEqual([button]);
    expect(scoped.snapshot.root.children).toHaveLength(1);
    expect(scoped.snapshot.nodes.map((n: any) => n.role)).toEqual(['form', 'heading', 'button']);
    formPage(backend.pages[0]!, 'Stop');
    const diff = await call('page.snapshot', { session_id, scope: form, since_rev: full.rev });
    expect(diff.diff).toEqual({
      since_rev: full.rev, base_found: true, added: [], removed: [],
      changed: [{ element_ref: button, line: `button "Stop" [${button}]`, was: `button "Go" [${button}]` }],
    });
  });

  it('refuses an unknown ref, and a ref whose element is gone, with a repair', async () => {
    const { call, raw, backend } = setup();
    const { session_id } = await call('session.ensure', {});
    formPage(backend.pages[0]!, 'Go');
    const full = await call('page.snapshot', { session_id });
    const unknown = await raw('page.snapshot', { session_id, scope: 'e999' });
    expect(unknown.ok ? unknown.result : unknown.error).toMatchObject({ code: 'element_not_found', details: { code: 'unknown_ref', repair: { method: 'page.snapshot' } } });
    formPage(backend.pages[0]!, 'Go', false);
    const gone = await raw('page.snapshot', { session_id, scope: refOf(full, 'form') });
    expect(gone.ok ? gone.result : gone.error).toMatchObject({ code: 'element_not_found', details: { code: 'stale_ref', repair: { method: 'page.snapshot' } } });
  });
});

describe('page.snapshot waits for a frame to stop scrolling (page-script scrolling.ts)', () => {
  /** The stub page answers `{ scrolling }` to the first `busy` snapshot calls, then snapshots; counts every call. */
  function scrollingFor(page: StubPage, busy: number): { calls: Array<Record<string, unknown>> } {
    const calls: Array<Record<string, unknown>> = [];
    const call = page.call.bind(page);
    page.call = (async (frame, op, args, signal) => {
      if ((op as OpName) !== 'snapshot') return call(frame, op, args, signal);
      const opts = (args as unknown[])[0] as Record<string, unknown>;
      calls.push(opts);
      if (calls.length <= busy && opts.midScroll !== true) return { scrolling: 20 };
      return call(frame, op, args, signal);
    }) as StubPage['call'];
    return { calls };
  }

  it('asks again while the frame says it scrolls, and answers the snapshot taken at rest', async () => {
    const { call, backend, raw } = setup();
    const { session_id } = await call('session.ensure', {});
    const { calls } = scrollingFor(backend.pages[0]!, 3);
    const env = await raw('page.snapshot', { session_id });
    expect(env.ok && (env.result as any).text).toContain('button "Go"');
    expect(env.ok && env.warnings).toEqual([]);
    expect(calls.length).toBe(4);
    expect(calls.every((o) => o.midScroll === undefined)).toBe(true);
  });

  it('takes a frame that never stops mid-scroll after the bound, and says so', async () => {
    const { call, backend, raw } = setup();
    const { session_id } = await call('session.ensure', {});
    const { calls } = scrollingFor(backend.pages[0]!, Number.POSITIVE_INFINITY);
    const env = await raw('page.snapshot', { session_id });
    expect(env.ok && (env.result as any).text).toContain('button "Go"');
    expect(env.ok && env.warnings).toEqual([expect.stringMatching(/still scrolling after 2000 ms; this snapshot shows it mid-scroll/)]);
    expect(calls.at(-1)).toMatchObject({ midScroll: true });
  });
});
