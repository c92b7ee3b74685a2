import type { OpName } from '@browser-provider/page-script';
import type { OptionalMethodName } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend, type StubPage } from '../testing/stub-backend';

/** Every method that takes a ref / selector / text_query, with the params that make it otherwise valid. */
const TARGET_METHODS: Array<[string, Record<string, unknown>]> = [
  ['page.click', {}],
  ['page.type', { text: 'hello', submit: true }],
  ['page.hover', {}],
  ['page.drag', { to_point: { x: 1, y: 1 } }],
  ['page.press', { key: 'Enter' }],
  ['page.select', { values: ['b'] }],
  ['page.scroll', { into_view: true }],
  ['upload.set_files', { files: [{ name: 'a.txt', data_base64: 'YQ==' }] }],
];

/** A page on which every query matches two buttons called "Go". */
function twoMatches(page: StubPage): void {
  Object.assign(page, { setFiles: async () => undefined });
  const call = page.call.bind(page);
  page.call = (async (frame: string, op: OpName, args: never, signal: AbortSignal) => {
    if (op !== 'query') return call(frame, op, args, signal);
    const go = (id: number) => ({ id, role: 'button', name: 'Go' });
    return { ok: true, doc: page.doc, matches: [go(2), go(3)], iframes: [] };
  }) as StubPage['call'];
}

describe('an ambiguous target', () => {
  it.each(TARGET_METHODS)('%s: the repair repeats the same method with a ref', async (method, extra) => {
    const backend = new StubBackend();
    const offered: OptionalMethodName[] = ['page.hover', 'page.scroll', 'upload.set_files'];
    Object.assign(backend, { optionalMethods: () => offered });
    const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
    let n = 0;
    const call = (m: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method: m, params });
    const s = await call('session.ensure', {});
    if (!s.ok) throw new Error(JSON.stringify(s.error));
    const session_id = (s.result as { session_id: string }).session_id;
    const opened = await call('page.open', { session_id, url: 'http://example.test/' });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    twoMatches(backend.pages[0]!);

    const env = await call(method, { session_id, text_query: 'Go', ...extra });
    if (env.ok) throw new Error(`${method} succeeded on an ambiguous query`);
    expect(env.error).toMatchObject({ code: 'invalid_request', details: { code: 'ambiguous' } });
    const candidates = env.error.details['candidates'] as Array<{ element_ref: string }>;
    expect(candidates).toHaveLength(2);
    const repair = env.error.details.repair!;
    expect(repair.method).toBe(method);
    expect(repair.params).toEqual({ ...extra, session_id, page_id: (opened.result as { page_id: string }).page_id, element_ref: candidates[0]!.element_ref });
    expect(repair.hint).toContain(method);
  });
});
