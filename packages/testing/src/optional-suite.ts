import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, eventHub, Provider, type Backend } from '@browser-provider/core';
import type { EventEnvelope, MethodName, ResponseEnvelope } from '@browser-provider/protocol';
import { startOptionalSite, type OptionalSite } from './optional-site';

/**
 * The optional methods, driven through core's dispatcher exactly as a client would, on one real
 * engine. Shared by every engine's `*.browser.test.ts` (BiDi and classic alike): `expected` is the
 * list the engine must advertise, and each group runs only where the engine lists its methods.
 */
export interface OptionalSuiteOptions {
  /** The optional methods the engine must advertise (exactly). */
  expected: readonly MethodName[];
  /** Events `events.subscribe` must accept on this engine. */
  events: readonly string[];
  /**
   * Whether the engine tells dialog kinds apart. Classic WebDriver gives only the text, so every
   * dialog is answered "dismiss" by default, which closes an alert as its OK would.
   */
  dialogKinds: boolean;
}

type Result = Record<string, any>;

/**
 * session.ensure's bound here. The default 30 s is the protocol's answer for a client; this suite tests
 * what the methods do, not how fast a session opens on a machine busy with other browser files
 * (CI, 2026-12: one warm Firefox session.ensure ran past 30 s).
 */
const ENSURE = { timeout_ms: 90_000 };

export function describeOptionalMethods(name: string, make: () => Backend, o: OptionalSuiteOptions): void {
  describe(`${name}: optional methods`, () => {
    let site: OptionalSite;
    let backend: Backend;
    let provider: Provider;
    let d: Dispatcher;
    let root: string;
    const events: EventEnvelope[] = [];
    let n = 0;
    const has = (m: MethodName) => o.expected.includes(m);

    const call = async (dispatcher: Dispatcher, method: string, params: Record<string, unknown>): Promise<ResponseEnvelope> =>
      dispatcher.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
    const ok = async (method: string, params: Record<string, unknown>): Promise<Result & { __warnings: string[] }> => {
      const env = await call(d, method, params);
      if (!env.ok) throw new Error(`${method} failed: ${JSON.stringify(env.error)}`);
      return { ...(env.result as Result), __warnings: env.warnings };
    };
    const fails = async (method: string, params: Record<string, unknown>, dispatcher = d) => {
      const env = await call(dispatcher, method, params);
      if (env.ok) throw new Error(`${method} succeeded: ${JSON.stringify(env.result).slice(0, 300)}`);
      return env.error;
    };
    const page = async (client: string) => {
      const s = await ok('session.ensure', { client_session_id: `${client}-${n}`, ...ENSURE });
      await ok('page.open', { session_id: s.session_id, url: `${site.origin}/page` });
      return { session_id: s.session_id as string, page_id: s.default_page_id as string };
    };
    const evalIn = (p: { session_id: string; page_id: string }, expression: string) => ok('page.eval', { ...p, expression }).then((r) => r.value);

    beforeAll(async () => {
      site = await startOptionalSite();
      root = mkdtempSync(join(tmpdir(), 'bp-upload-root-'));
      backend = make();
      provider = new Provider({ backend, allowEval: true, uploadRoots: [join(root, 'allowed')] });
      d = new Dispatcher(provider);
      eventHub(provider).addSink((e) => events.push(e));
      // The browser starts here, within the hook's time, not in the first test's session.ensure.
      await provider.prelaunch();
    });
    afterAll(async () => {
      await provider?.shutdown();
      await site?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('advertises exactly the optional methods the engine has', async () => {
      const desc = await ok('provider.describe', {});
      expect([...desc.capabilities.optional_methods].sort()).toEqual([...o.expected].sort());
      const custom = desc.capabilities.custom_methods.map((m: { name: string }) => m.name);
      expect(custom).toEqual(expect.arrayContaining(['events.subscribe', 'dialog.handle']));
    });

    it.runIf(has('page.go_back'))('goes back, forward and reloads; refuses to go back past the start', async () => {
      const p = await page('history');
      await ok('page.open', { ...p, url: `${site.origin}/two` });
      const back = await ok('page.go_back', p);
      expect(back).toMatchObject({ page_id: p.page_id, url: `${site.origin}/page`, title: 'Optional', navigation_occurred: true });
      const fwd = await ok('page.go_forward', p);
      expect(fwd).toMatchObject({ url: `${site.origin}/two`, title: 'Two' });
      await evalIn(p, 'window.marker = 1');
      const reloaded = await ok('page.reload', p);
      expect(reloaded.url).toBe(`${site.origin}/two`);
      expect(await evalIn(p, 'typeof window.marker')).toBe('undefined');
      const err = await (async () => {
        for (let i = 0; i < 5; i++) {
          const env = await call(d, 'page.go_back', p);
          if (!env.ok) return env.error;
        }
        return undefined;
      })();
      expect(err).toMatchObject({ code: 'invalid_request', details: { code: 'no_history_entry' } });
      await ok('session.close', p);
    });

    it('scrolls the page by a delta, a box by a delta, and an element into view', async () => {
      const p = await page('scroll');
      const byPage = await ok('page.scroll', { ...p, delta_y: 500 });
      expect(byPage.scroll_y).toBe(500);
      const box = await ok('page.scroll', { ...p, selector: '#box', delta_y: 120 });
      expect(box.scroll_y).toBe(120);
      const far = await ok('page.scroll', { ...p, text_query: 'Far away' });
      expect(far.scroll_y).toBeGreaterThan(2500);
      expect((await fails('page.scroll', { ...p, into_view: true })).code).toBe('invalid_request');
      await ok('session.close', p);
    });

    it('refuses page.eval without --allow-eval, and serializes values safely with it', async () => {
      const p = await page('eval');
      const gated = new Dispatcher(new Provider({ backend }));
      const gs = (await call(gated, 'session.ensure', ENSURE)) as { ok: true; result: Result };
      const refused = await fails('page.eval', { session_id: gs.result.session_id, expression: '1+1' }, gated);
      expect(refused).toMatchObject({ code: 'permission_denied', details: { code: 'gated' } });
      await call(gated, 'session.close', { session_id: gs.result.session_id });
      expect(await ok('page.eval', { ...p, expression: '1 + 1' })).toMatchObject({ value: 2, type: 'number' });
      expect(await ok('page.eval', { ...p, expression: 'Promise.resolve("later")' })).toMatchObject({ value: 'later', type: 'string' });
      const cyclic = await ok('page.eval', { ...p, expression: '(() => { const a = { n: 1 }; a.self = a; return a; })()' });
      expect(cyclic.value).toEqual({ n: 1, self: '[circular]' });
      expect((await ok('page.eval', { ...p, expression: 'document.getElementById("box")' })).value).toBe('<div id="box">');
      const big = await ok('page.eval', { ...p, expression: '"x".repeat(3 * 1024 * 1024)' });
      expect(big.truncated).toBe(true);
      expect(JSON.stringify(big.value).length).toBeLessThanOrEqual(1024 * 1024 + 10);
      expect(await fails('page.eval', { ...p, expression: '(() => { throw new TypeError("boom") })()' })).toMatchObject({
        code: 'invalid_request',
        details: { code: 'eval_exception' },
      });
      expect((await fails('page.eval', { ...p, expression: 'this is not javascript' })).code).toBe('invalid_request');
      await ok('session.close', p);
    });

    it('reads cookies (all, and by URL) and local/session storage', async () => {
      const p = await page('cookies');
      const all = await ok('cookie.list', p);
      expect(all.cookies).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'sid', value: 'abc', path: '/', http_only: false })]));
      expect((await ok('cookie.list', { ...p, urls: [`${site.origin}/x`] })).cookies.map((c: { name: string }) => c.name)).toContain('sid');
      expect((await ok('cookie.list', { ...p, urls: ['http://elsewhere.example/'] })).cookies).toEqual([]);
      expect(await ok('storage.get', p)).toMatchObject({ origin: site.origin, entries: { k: 'v' } });
      expect((await ok('storage.get', { ...p, kind: 'session' })).entries).toEqual({ s: '1' });
      expect((await ok('storage.get', { ...p, keys: ['k', 'missing'] })).entries).toEqual({ k: 'v' });
      await ok('session.close', p);
    });

    it.runIf(has('console.list'))('lists console messages and network requests', async () => {
      const p = await page('observe');
      await ok('page.wait', { ...p, text_present: 'Optional fixture' });
      const deadline = Date.now() + 5000;
      let requests: Array<Record<string, unknown>> = [];
      while (Date.now() < deadline) {
        requests = (await ok('network.list', p)).requests;
        if (requests.some((r) => String(r.url).includes('/api?x=1') && r.status === 200)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(requests).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'GET', url: `${site.origin}/page`, status: 200 })]));
      expect(requests).toEqual(expect.arrayContaining([expect.objectContaining({ url: `${site.origin}/api?x=1`, status: 200 })]));
      const entries = (await ok('console.list', p)).entries;
      expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'log', text: 'hello-console 42' }), expect.objectContaining({ level: 'warn', text: 'careful' })]));
      expect((await ok('console.list', { ...p, limit: 1 })).entries).toHaveLength(1);
      await ok('session.close', p);
    });

    it('uploads by path only under --upload-root (realpath checked) and inline bytes into a private dir', async () => {
      const allowed = join(root, 'allowed');
      mkdirSync(allowed, { recursive: true });
      writeFileSync(join(allowed, 'ok.txt'), 'from disk');
      writeFileSync(join(root, 'secret.txt'), 'secret');
      symlinkSync(join(root, 'secret.txt'), join(allowed, 'link.txt'));
      const p = await page('upload');
      for (const path of [join(root, 'secret.txt'), join(allowed, '..', 'secret.txt'), join(allowed, 'link.txt')]) {
        expect(await fails('upload.set_files', { ...p, selector: '#one', files: [{ path }] })).toMatchObject({ code: 'permission_denied', details: { code: 'path_not_allowed' } });
      }
      const noRoots = new Dispatcher(new Provider({ backend }));
      const ns = (await call(noRoots, 'session.ensure', ENSURE)) as { ok: true; result: Result };
      await call(noRoots, 'page.open', { session_id: ns.result.session_id, url: `${site.origin}/page` });
      expect(await fails('upload.set_files', { session_id: ns.result.session_id, selector: '#one', files: [{ path: join(allowed, 'ok.txt') }] }, noRoots)).toMatchObject({
        details: { code: 'path_not_allowed' },
      });
      await call(noRoots, 'session.close', { session_id: ns.result.session_id });
      expect(await fails('upload.set_files', { ...p, selector: '#text', files: [{ name: 'a.txt', data_base64: 'YQ==' }] })).toMatchObject({ code: 'element_not_actionable', details: { code: 'not_file_input' } });
      expect(await ok('upload.set_files', { ...p, selector: '#one', files: [{ path: join(allowed, 'ok.txt') }] })).toMatchObject({ files: 1 });
      expect(await evalIn(p, 'document.getElementById("one").files[0].text()')).toBe('from disk');
      const inline = [
        { name: '../evil.txt', data_base64: Buffer.from('inline one').toString('base64') },
        { name: 'two.bin', data_base64: Buffer.from([0, 1, 2, 255]).toString('base64') },
      ];
      expect(await ok('upload.set_files', { ...p, selector: '#many', files: inline })).toMatchObject({ files: 2 });
      const names = await evalIn(p, '[...document.getElementById("many").files].map((f) => f.name + ":" + f.size)');
      expect(names).toEqual(['___evil.txt:10', 'two.bin:4']);
      expect(await evalIn(p, 'document.getElementById("many").files[0].text()')).toBe('inline one');
      const scratch = [...provider.sessions.values()].find((s) => s.id === p.session_id)?.backend.scratch?.path;
      expect(scratch && existsSync(scratch)).toBeTruthy();
      await ok('session.close', p);
      expect(existsSync(scratch!)).toBe(false);
    });

    it('answers dialogs by policy so nothing hangs, reports them, and dialog.handle overrides the next one', async () => {
      const p = await page('dialogs');
      await ok('events.subscribe', { session_id: p.session_id, events: ['page.dialog', 'page.navigated'] });
      const alerted = await ok('page.click', { ...p, selector: '#alert', timeout_ms: 10_000 });
      await ok('page.wait', { ...p, selector_present: 'h1', timeout_ms: 5_000 });
      const title = async () => (await ok('tab.list', { session_id: p.session_id })).tabs.find((t: { page_id: string }) => t.page_id === p.page_id).title;
      const warned = async (first: string[]) => [...first, ...(await ok('tab.list', { session_id: p.session_id })).__warnings];
      expect((await warned(alerted.__warnings)).join('\n')).toContain(o.dialogKinds ? 'alert dialog "hello alert" was closed' : 'dialog "hello alert" was dismissed');
      expect(await title()).toBe('alerted');
      await ok('page.click', { ...p, selector: '#confirm' });
      await ok('page.wait', { ...p, selector_present: 'h1' });
      expect(await title()).toBe('confirm:false');
      await ok('dialog.handle', { session_id: p.session_id, page_id: p.page_id, accept: true });
      await ok('page.click', { ...p, selector: '#confirm' });
      await ok('page.wait', { ...p, selector_present: 'h1' });
      expect(await title()).toBe('confirm:true');
      await ok('dialog.handle', { session_id: p.session_id, accept: true, prompt_text: 'Ada' });
      await ok('page.click', { ...p, selector: '#prompt' });
      await ok('page.wait', { ...p, selector_present: 'h1' });
      expect(await title()).toBe('prompt:Ada');
      const dialogs = events.filter((e) => e.event === 'page.dialog' && e.payload.session_id === p.session_id);
      expect(dialogs.map((e) => [e.payload.message, e.payload.accepted])).toEqual([
        ['hello alert', o.dialogKinds],
        ['sure?', false],
        ['sure?', true],
        ['name?', true],
      ]);
      if (o.dialogKinds) expect(dialogs.map((e) => e.payload.type)).toEqual(['alert', 'confirm', 'confirm', 'prompt']);
      await ok('page.open', { ...p, url: `${site.origin}/two` });
      await new Promise((r) => setTimeout(r, 300));
      expect(events.some((e) => e.event === 'page.navigated' && e.payload.page_id === p.page_id && e.payload.url === `${site.origin}/two`)).toBe(true);
      await ok('session.close', p);
    });

    it('subscribes only to the events the engine can report', async () => {
      const p = await page('events');
      const r = await ok('events.subscribe', { session_id: p.session_id, events: ['page.navigated', 'page.dialog', 'download.finished', 'console.entry'] });
      expect([...r.subscribed].sort()).toEqual([...o.events].sort());
      expect(await fails('events.subscribe', { session_id: p.session_id, events: ['page.nope'] })).toMatchObject({ code: 'invalid_request' });
      await ok('session.close', p);
    });

    it('adopts a popup opened by the page as a page of the session', async () => {
      const p = await page('popup');
      const clicked = await ok('page.click', { ...p, selector: '#popup' });
      let tabs: Array<{ page_id: string; url: string }> = [];
      let warnings = clicked.__warnings;
      for (let i = 0; i < 50 && tabs.length < 2; i++) {
        const r = await ok('tab.list', { session_id: p.session_id });
        tabs = r.tabs;
        warnings = [...warnings, ...r.__warnings];
        if (tabs.length < 2) await new Promise((res) => setTimeout(res, 100));
      }
      const popup = tabs.find((t) => t.page_id !== p.page_id);
      expect(popup).toBeDefined();
      expect(warnings.join('\n')).toContain(`opened a new page ${popup!.page_id}`);
      await ok('page.wait', { session_id: p.session_id, page_id: popup!.page_id, text_present: 'two', timeout_ms: 10_000 });
      expect((await ok('tab.list', { session_id: p.session_id })).tabs.find((t: { page_id: string }) => t.page_id === popup!.page_id).url).toBe(`${site.origin}/two`);
      // The agent's current page stays the one it was working in.
      expect((await ok('page.snapshot', { session_id: p.session_id })).page_id).toBe(p.page_id);
      const other = await ok('session.ensure', { client_session_id: 'popup-other', ...ENSURE });
      expect(await fails('page.snapshot', { session_id: other.session_id, page_id: popup!.page_id })).toMatchObject({ code: 'permission_denied' });
      await ok('session.close', { session_id: other.session_id });
      await ok('session.close', p);
    });

    it.runIf(has('download.wait'))('saves downloads in a private directory under a sanitized name, removed with the session', async () => {
      const p = await page('download');
      await ok('events.subscribe', { session_id: p.session_id, events: ['download.finished'] });
      await ok('page.click', { ...p, selector: '#download' });
      const done = await ok('download.wait', { session_id: p.session_id, timeout_ms: 20_000 });
      expect(done).toMatchObject({ state: 'completed', url: `${site.origin}/dl`, size: 16 });
      expect(done.suggested_filename).not.toContain('/');
      const scratch = [...provider.sessions.values()].find((s) => s.id === p.session_id)?.backend.scratch?.path;
      expect(dirname(done.path)).toBe(join(scratch!, 'downloads'));
      expect(readFileSync(done.path, 'utf8')).toBe('downloaded bytes');
      expect((await ok('download.list', { session_id: p.session_id })).downloads).toEqual([expect.objectContaining({ download_id: done.download_id, state: 'completed' })]);
      expect(events.some((e) => e.event === 'download.finished' && e.payload.download_id === done.download_id)).toBe(true);
      expect(await fails('download.wait', { session_id: p.session_id, download_id: 'nope' })).toMatchObject({ details: { code: 'unknown_download' } });
      await ok('session.close', p);
      expect(existsSync(done.path)).toBe(false);
    });

    it.runIf(!has('download.wait'))('answers unsupported_method for what the engine lacks', async () => {
      const p = await page('lacks');
      for (const m of ['download.list', 'console.list', 'network.list'] as const) {
        if (!has(m)) expect((await fails(m, { session_id: p.session_id })).code).toBe('unsupported_method');
      }
      await ok('session.close', p);
    });
  });
}
