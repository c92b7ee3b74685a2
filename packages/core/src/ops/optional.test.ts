import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DialogPolicy } from '../toolkit/dialog-policy';
import { evalFunction, EVAL_MAX_BYTES } from './eval-source';
import { parseReply } from './eval';
import { eventHub, eventsOf, subscribe, subscribed } from './events';
import { cookieMatchesUrl, requestDetail } from './introspect';
import { ScratchDir } from '../toolkit/scratch';
import { allowedPath, isInside, safeFileName } from '../toolkit/paths';
import type { Provider } from '../provider';
import type { BackendSession, CookieInfo } from '../backend';

describe('DialogPolicy', () => {
  it('accepts alerts and beforeunload, dismisses confirm and prompt by default', () => {
    const p = new DialogPolicy();
    expect(['alert', 'beforeunload', 'confirm', 'prompt', 'dialog'].map((t) => p.decide(t as 'alert', 'a').accept)).toEqual([true, true, false, false, false]);
  });
  it('uses a one-shot answer once, the page one before the any-page one, and a persisted one always', () => {
    const p = new DialogPolicy();
    p.set({ accept: true, promptText: 'x' }, { pageTarget: 'a' });
    p.set({ accept: true }, {});
    expect(p.decide('prompt', 'b')).toEqual({ accept: true });
    expect(p.decide('prompt', 'a')).toEqual({ accept: true, promptText: 'x' });
    expect(p.decide('prompt', 'a')).toEqual({ accept: false });
    p.set({ accept: true }, { persist: true });
    expect(p.decide('confirm', 'a').accept && p.decide('confirm', 'b').accept).toBe(true);
    p.reset();
    expect(p.decide('confirm', 'a').accept).toBe(false);
  });
  it('describes what was done', () => {
    expect(DialogPolicy.describe({ type: 'confirm', message: 'sure?', accepted: false })).toContain('confirm dialog "sure?" was dismissed');
    expect(DialogPolicy.describe({ type: 'prompt', message: 'n', accepted: true, prompt_text: 'Ada' })).toContain('accepted with text "Ada"');
  });
});

describe('cookieMatchesUrl', () => {
  const c = (o: Partial<CookieInfo>): CookieInfo => ({ name: 'n', value: 'v', domain: 'example.com', path: '/', http_only: false, secure: false, ...o });
  it.each([
    [c({}), 'http://example.com/a', true],
    [c({}), 'http://sub.example.com/', false],
    [c({ domain: '.example.com' }), 'http://sub.example.com/', true],
    [c({ domain: '.example.com' }), 'http://badexample.com/', false],
    [c({ path: '/docs' }), 'http://example.com/docs/x', true],
    [c({ path: '/docs' }), 'http://example.com/docsx', false],
    [c({ path: '/docs' }), 'http://example.com/', false],
    [c({ secure: true }), 'http://example.com/', false],
    [c({ secure: true }), 'https://example.com/', true],
  ])('%o on %s → %s', (cookie, url, want) => expect(cookieMatchesUrl(cookie, new URL(url))).toBe(want));
});

describe('upload paths', () => {
  const root = mkdtempSync(join(tmpdir(), 'bp-unit-up-'));
  const allowed = join(root, 'allowed');
  mkdirSync(join(allowed, 'sub'), { recursive: true });
  writeFileSync(join(allowed, 'sub', 'ok.txt'), 'ok');
  writeFileSync(join(root, 'secret.txt'), 's');
  symlinkSync(join(root, 'secret.txt'), join(allowed, 'link'));
  symlinkSync(join(allowed, 'sub', 'ok.txt'), join(root, 'outside-link-to-inside'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('accepts files under a root, also through a link that ends inside', () => {
    expect(allowedPath([allowed], join(allowed, 'sub', 'ok.txt'), 'f')).toBe(join(allowed, 'sub', 'ok.txt'));
    expect(allowedPath([allowed], join(root, 'outside-link-to-inside'), 'f')).toBe(join(allowed, 'sub', 'ok.txt'));
  });
  it.each([
    ['no roots', [], () => join(allowed, 'sub', 'ok.txt')],
    ['.. out of the root', [allowed], () => join(allowed, '..', 'secret.txt')],
    ['a link out of the root', [allowed], () => join(allowed, 'link')],
    ['a sibling with the root as prefix', [join(root, 'all')], () => join(allowed, 'sub', 'ok.txt')],
  ])('refuses %s', (_why, roots, path) => {
    expect(() => allowedPath(roots as string[], path(), 'files.0.path')).toThrow(expect.objectContaining({ code: 'permission_denied', details: expect.objectContaining({ code: 'path_not_allowed' }) }));
  });
  it('says when the file is missing or is a directory', () => {
    expect(() => allowedPath([allowed], join(allowed, 'nope'), 'f')).toThrow(expect.objectContaining({ details: expect.objectContaining({ code: 'file_not_found' }) }));
    expect(() => allowedPath([allowed], join(allowed, 'sub'), 'f')).toThrow(expect.objectContaining({ details: expect.objectContaining({ code: 'not_a_file' }) }));
  });
  it('isInside does not confuse a prefix with a parent', () => {
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
  });
  it.each([
    ['../../etc/passwd', '___.._etc_passwd'],
    ['..', '__'],
    ['a/b\\c', 'a_b_c'],
    ['ok name.txt', 'ok name.txt'],
    ['\u0000\u0001', 'file'],
    ['.hidden', '_hidden'],
  ])('safeFileName(%j) = %j', (input, want) => expect(safeFileName(input)).toBe(want));
  it('caps names at 255 bytes', () => expect(Buffer.byteLength(safeFileName('é'.repeat(300)))).toBeLessThanOrEqual(255));
});

describe('ScratchDir', () => {
  it('is made on first use and removed on dispose', async () => {
    const s = new ScratchDir('bp-unit-');
    expect(s.path).toBeUndefined();
    const d = s.dir('uploads/1');
    writeFileSync(join(d, 'x'), 'x');
    const { existsSync } = await import('node:fs');
    expect(existsSync(d)).toBe(true);
    s.dispose();
    expect(existsSync(s.path!)).toBe(false);
    expect(() => s.dir()).toThrow();
  });
});

describe('page.eval serialization', () => {
  // The page function runs here in Node: no DOM, but every other branch is the same code.
  const run = async (expression: string, awaitPromise = true) => parseReply(await (new Function(`return (${evalFunction(expression, awaitPromise)})();`) as () => Promise<string>)());
  it.each([
    ['1 + 1', { value: 2, type: 'number' }],
    ['"s"', { value: 's', type: 'string' }],
    ['undefined', { value: null, type: 'undefined' }],
    ['null', { value: null, type: 'null' }],
    ['NaN', { value: 'NaN', type: 'number' }],
    ['10n ** 20n', { value: '100000000000000000000', type: 'bigint' }],
    ['[1, "a", { b: true }]', { value: [1, 'a', { b: true }], type: 'array' }],
    ['new Map([["k", 1]])', { value: [['k', 1]], type: 'map' }],
    ['new Set([1, 2])', { value: [1, 2], type: 'set' }],
    ['function named() {}', { value: '[function named]', type: 'function' }],
    ['new Date(0)', { value: '1970-01-01T00:00:00.000Z', type: 'date' }],
    ['Promise.resolve(7)', { value: 7, type: 'number' }],
  ])('%s', async (expr, want) => expect(await run(expr)).toMatchObject({ ...want, threw: false, truncated: false }));
  it('does not await when told not to', async () => expect(await run('Promise.resolve(7)', false)).toMatchObject({ value: '[promise]', type: 'promise' }));
  it('marks cycles, reports throwing getters, and reports exceptions', async () => {
    expect((await run('(() => { const a = { x: 1 }; a.me = a; a.list = [a]; return a; })()')).value).toEqual({ x: 1, me: '[circular]', list: ['[circular]'] });
    expect((await run('({ get bad() { throw new Error("no") } })')).value).toEqual({ bad: '[getter threw: no]' });
    expect(await run('(() => { throw new RangeError("r") })()')).toMatchObject({ threw: true, type: 'error', value: { name: 'RangeError', message: 'r' } });
  });
  it('caps size, items and depth, saying so', async () => {
    const big = await run('"x".repeat(2 * 1024 * 1024)');
    expect(big.truncated).toBe(true);
    expect(JSON.stringify(big).length).toBeLessThan(EVAL_MAX_BYTES + 1000);
    const many = await run('Array.from({ length: 5000 }, (_, i) => i)');
    expect([(many.value as unknown[]).length, many.truncated]).toEqual([1000, true]);
    const deep = await run('(() => { let o = {}; const root = o; for (let i = 0; i < 50; i++) { o.n = {}; o = o.n; } return root; })()');
    expect(deep.truncated).toBe(true);
    const wide = await run('Array.from({ length: 1000 }, () => "y".repeat(2000))');
    expect(wide.truncated).toBe(true);
    expect(typeof wide.value).toBe('string');
  });
});

describe('events', () => {
  it('maps backend event types to protocol events and keeps subscriptions per session', () => {
    expect(eventsOf(['popup', 'dialog', 'navigated', 'console', 'download'])).toEqual(['page.dialog', 'page.navigated', 'console.entry', 'download.finished']);
    const s = {} as BackendSession;
    expect([...subscribed(s)]).toEqual([]);
    subscribe(s, ['page.dialog']);
    expect([...subscribed(s)]).toEqual(['page.dialog']);
  });
  it('fans an event out to every sink as one envelope', () => {
    const hub = eventHub({} as Provider);
    const seen: unknown[] = [];
    const off = hub.addSink((e) => seen.push(e));
    hub.emit('page.navigated', { session_id: 's', url: 'u' });
    off();
    hub.emit('page.navigated', { session_id: 's', url: 'v' });
    expect(seen).toEqual([{ protocol_version: '0.1', event: 'page.navigated', payload: { session_id: 's', url: 'u' } }]);
  });
});

describe('network.request headers', () => {
  const headers = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `x-h${i}`, value: String(i) }));
  const pageWith = (d: object) => ({ id: 'p1', backend: { networkDetail: () => ({ request_id: 'r1', method: 'GET', url: 'http://a/', started_at: 0, ...d }) } }) as unknown as Parameters<typeof requestDetail>[0];
  it('say how many the browser reported past the ones answered', async () => {
    const r = await requestDetail(pageWith({ request_headers: headers(200), request_header_count: 250, response_headers: headers(2) }), { page_id: 'p1', request_id: 'r1', part: 'request-headers' } as never, AbortSignal.timeout(1000));
    expect(r.request_headers).toHaveLength(200);
    expect(r.request_headers_omitted).toBe(50);
    expect(r).not.toHaveProperty('response_headers');
    const all = await requestDetail(pageWith({ request_headers: headers(3), response_headers: headers(2) }), { page_id: 'p1', request_id: 'r1', part: 'response-headers' } as never, AbortSignal.timeout(1000));
    expect(all.response_headers).toHaveLength(2);
    expect(all).not.toHaveProperty('response_headers_omitted');
  });
});
