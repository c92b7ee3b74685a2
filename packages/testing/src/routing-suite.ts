import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, Provider, type Backend, type BackendSession } from '@browser-provider/core';
import { dispatchClient, type Result } from './dispatch-client';

/**
 * `route.*` and `network.set_offline` through core's dispatcher on one real engine, with real requests
 * of the page: a fetch, an <img>, a navigation. Two sessions share the browser, so a route or offline
 * state leaking from one to the other fails here; `intercepts` reads what the engine still holds in
 * the browser for a session, which must be nothing once it closed.
 */

const ROUTE_METHODS = ['route.add', 'route.list', 'route.remove', 'network.set_offline'];

const APP_PAGE = `<!doctype html><title>App</title><p id="js">no script yet</p><p id="out">nothing fetched</p>
<script src="/app.js"></script>
<script>fetch('/api/data').then((r) => r.text()).then((t) => { document.getElementById('out').textContent = 'fetched ' + t; });</script>`;

/**
 * Request header edits whose outcome differs by engine (Chromium 156 refuses to set some and re-adds
 * others after the route; Firefox 153 takes them). Whatever the engine, each must be refused up front,
 * reported refused in route.list, or reach the server as asked: never "added" and silently dropped.
 */
const HEADER_EDITS: ReadonlyArray<{ set?: [string, string]; remove?: string }> = [
  { set: ['Host', 'other.example'] },
  { set: ['Content-Length', '3'] },
  { set: ['Keep-Alive', '5'] },
  { set: ['Proxy-Authorization', 'Basic eDp5'] },
  { set: ['X-HTTP-Method-Override', 'TRACE'] },
  { set: ['User-Agent', 'routed agent'] },
  { remove: 'User-Agent' },
  { remove: 'Accept-Language' },
  { remove: 'Referer' },
  { remove: 'Sec-Fetch-Mode' },
  { remove: 'Priority' },
  { remove: 'Accept' },
];

/** Serves the test page and counts what reaches it: a routed request must not. */
async function startSite() {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Routing</title><h1>Real page</h1>');
    else if (req.url === '/echo') res.writeHead(200, { 'content-type': 'text/plain' }).end(`x-added=${req.headers['x-added'] ?? ''} x-drop=${req.headers['x-drop'] ?? ''}`);
    else if (req.url === '/api/data') res.writeHead(200, { 'content-type': 'text/plain' }).end('real data');
    else if (req.url === '/headers') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
    // A page whose own script loads /app.js and fetches /api/data: what a stub gives it shows without eval.
    else if (req.url === '/app') res.writeHead(200, { 'content-type': 'text/html' }).end(APP_PAGE);
    else if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end("document.getElementById('js').textContent = 'real script ran';");
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export function describeRouting(name: string, make: () => Backend, o: { intercepts: (s: BackendSession) => Promise<string[]> }): void {
  describe(`${name}: request routing and offline`, () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    let provider: Provider;
    let d: Dispatcher;
    const { call, ok } = dispatchClient(() => d);
    const session = async (client: string) => {
      const s = await ok('session.ensure', { client_session_id: client });
      await ok('page.open', { session_id: s.session_id, url: `${site.origin}/page` });
      return s.session_id as string;
    };
    const evalIn = async (sid: string, expression: string) => (await ok('page.eval', { session_id: sid, expression })).value as unknown;
    const fetchIn = (sid: string, path: string, init = '{}') =>
      evalIn(sid, `fetch('${path}', ${init}).then(async (r) => r.status + ' ' + (r.headers.get('x-stub') ?? '-') + ' ' + (await r.text()), (e) => 'failed ' + e.name)`);

    beforeAll(async () => {
      site = await startSite();
      provider = new Provider({ backend: make(), allowEval: true, allowDebug: true });
      d = new Dispatcher(provider);
      // The browser starts here, within the hook's time, not in the first session.ensure's 30 s.
      await provider.prelaunch();
    });
    afterAll(async () => {
      await provider?.shutdown();
      await site?.close();
    });

    it('advertises the routing methods with their schemas', async () => {
      const desc = await ok('provider.describe', {});
      const custom = desc.capabilities.custom_methods.map((m: { name: string }) => m.name);
      expect(custom).toEqual(expect.arrayContaining(ROUTE_METHODS));
    });

    it("answers a fetch, an <img> and a navigation of its own session from routes, and no other session's", async () => {
      const a = await session('route-a');
      const b = await session('route-b');
      const added = await ok('route.add', { session_id: a, url: '**/api/*', status: 201, headers: { 'x-stub': 'yes' }, content_type: 'text/plain', body: 'stub data' });
      expect(added).toMatchObject({ routes: 1 });
      await ok('route.add', { session_id: a, url: '/\\/pic\\.(png|svg)$/', content_type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="5"><rect width="7" height="5"/></svg>' });
      await ok('route.add', { session_id: a, url: `${site.origin}/nowhere`, content_type: 'text/html', body: '<!doctype html><title>Stubbed page</title><p>from the route</p>' });
      await ok('route.add', { session_id: a, url: '**/api/broken', fail: true });
      await ok('route.add', { session_id: a, url: '**/echo', request_headers: { 'x-added': 'by route' }, remove_request_headers: ['X-Drop'] });

      site.hits.length = 0;
      expect(await fetchIn(a, '/api/data')).toBe('201 yes stub data');
      expect(await fetchIn(a, '/api/broken')).toBe('failed TypeError');
      expect(await fetchIn(a, '/echo', "{ headers: { 'x-drop': 'gone' } }")).toBe('200 - x-added=by route x-drop=');
      const width = await evalIn(a, `new Promise((ok) => { const i = new Image(); i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(-1); i.src = '/pic.svg'; document.body.append(i); })`);
      expect(width).toBe(7);
      const opened = await ok('page.open', { session_id: a, url: `${site.origin}/nowhere` });
      expect(opened.title).toBe('Stubbed page');
      // Only the request sent on with changed headers reached the server.
      expect(site.hits.filter((h) => h !== '/favicon.ico')).toEqual(['/echo']);

      // The other session's traffic is its own: nothing of A's routes applies.
      expect(await fetchIn(b, '/api/data')).toBe('200 - real data');
      expect(await fetchIn(b, '/api/broken')).toBe('404 - not here');

      const listed = (await ok('route.list', { session_id: a })).routes as Result[];
      expect(listed.map((r) => [r.url, r.action, r.hits])).toEqual([
        ['**/echo', 'continue', 1],
        ['**/api/broken', 'fail', 1],
        [`${site.origin}/nowhere`, 'fulfill', 1],
        ['/\\/pic\\.(png|svg)$/', 'fulfill', 1],
        // /api/broken went to the newer fail route, so this one answered only /api/data.
        ['**/api/*', 'fulfill', 1],
      ]);
      expect(await ok('route.remove', { session_id: a, url: '**/api/*' })).toEqual({ removed: 1, routes: 4 });
      expect(await fetchIn(a, '/api/data')).toBe('200 - real data');

      const held = await o.intercepts(provider.session(a).backend);
      expect(held.length).toBeGreaterThan(0);
      await ok('session.close', { session_id: a });
      // What A held in the browser went with it: the browser no longer knows its intercepts.
      for (const intercept of held) {
        const env = await call('bidi.send', { session_id: b, method: 'network.removeIntercept', params: { intercept } });
        expect(env.ok ? 'still there' : env.error.details.bidi_error).toBe('no such intercept');
      }
      await ok('session.close', { session_id: b });
    });

    it('removes every route, and refuses a pattern RE2 cannot run by field', async () => {
      const a = await session('route-c');
      await ok('route.add', { session_id: a, url: '**/api/data', body: 'x' });
      await ok('route.add', { session_id: a, url: '**/api/other', body: 'y' });
      expect(await ok('route.remove', { session_id: a })).toEqual({ removed: 2, routes: 0 });
      expect(await o.intercepts(provider.session(a).backend)).toEqual([]);
      expect(await fetchIn(a, '/api/data')).toBe('200 - real data');
      const bad = await call('route.add', { session_id: a, url: '/(a)\\1/', body: 'x' });
      expect(bad.ok ? null : bad.error).toMatchObject({ code: 'invalid_request', details: { field: 'url' } });
      const none = await call('route.add', { session_id: a, url: '**' });
      expect(none.ok ? null : none.error.code).toBe('invalid_request');
      await ok('session.close', { session_id: a });
    });

    it("never answers 'added' for a header edit that then does nothing, and refuses unsendable headers by field", async () => {
      const a = await session('route-headers');
      const outcomes: string[] = [];
      for (const edit of HEADER_EDITS) {
        const params = edit.set ? { request_headers: { [edit.set[0]]: edit.set[1] } } : { remove_request_headers: [edit.remove] };
        const label = edit.set ? `set ${edit.set[0]}` : `remove ${edit.remove}`;
        const added = await call('route.add', { session_id: a, url: '**/headers', ...params });
        if (!added.ok) {
          expect(added.error, label).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field: expect.stringMatching(/^(request_headers\.|remove_request_headers\.0$)/) } });
          outcomes.push(`${label}: refused`);
          continue;
        }
        const answered = String(await evalIn(a, "fetch('/headers').then(async (r) => r.status + ' ' + (await r.text()), (e) => 'failed ' + e)"));
        const seen = (answered.startsWith('200 ') ? JSON.parse(answered.slice(4)) : {}) as Record<string, string>;
        const route = ((await ok('route.list', { session_id: a })).routes as Result[])[0];
        await ok('route.remove', { session_id: a });
        const key = (edit.set?.[0] ?? edit.remove ?? '').toLowerCase();
        const applied = edit.set ? seen[key] === edit.set[1] : !(key in seen);
        // Applied as asked, or reported as not applied: never neither.
        expect(applied || (route?.refused ?? 0) > 0, `${label}: added, not refused, yet the fetch got ${answered.slice(0, 300)}`).toBe(true);
        outcomes.push(`${label}: ${applied ? 'applied' : `refused when answering (${String(route?.refusal)})`}`);
      }
      expect(outcomes).toHaveLength(HEADER_EDITS.length);
      for (const bad of [{ request_headers: { 'X-A': 'a\r\nX-B: 1' } }, { headers: { 'X B': '1' }, body: '' }, { remove_request_headers: ['Bad Name'] }]) {
        const env = await call('route.add', { session_id: a, url: '**/headers', ...bad });
        expect(env.ok ? 'added' : env.error.details.code).toBe('invalid_params');
      }
      await ok('session.close', { session_id: a });
    });

    it("takes one session's pages offline and back, leaving the other's online", async () => {
      const a = await session('offline-a');
      const b = await session('offline-b');
      expect(await ok('network.set_offline', { session_id: a, offline: true })).toEqual({ offline: true });
      expect(await fetchIn(a, '/api/data')).toBe('failed TypeError');
      expect(await fetchIn(b, '/api/data')).toBe('200 - real data');
      await ok('network.set_offline', { session_id: a, offline: false });
      expect(await fetchIn(a, '/api/data')).toBe('200 - real data');
      await ok('session.close', { session_id: a });
      await ok('session.close', { session_id: b });
    });
  });
}

/**
 * Without --allow-eval on a real engine: a stub a page could run is refused and nothing is added (the
 * navigation reaches the real page), while a data stub still answers the page's fetch, is sent with
 * nosniff (a stubbed <script> served as text is never run), and a JSON stub opened as a page runs
 * none of the markup in it. The suite above runs with --allow-eval, where HTML stubs are answered.
 */
export function describeRoutingWithoutEval(name: string, make: () => Backend): void {
  describe(`${name}: request routing without --allow-eval`, () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    let provider: Provider;
    let d: Dispatcher;
    const { call, ok } = dispatchClient(() => d, 'e');

    beforeAll(async () => {
      site = await startSite();
      provider = new Provider({ backend: make() });
      d = new Dispatcher(provider);
      await provider.prelaunch();
    });
    afterAll(async () => {
      await provider?.shutdown();
      await site?.close();
    });

    it('refuses a stub the page could run, and answers data stubs as data that never runs', async () => {
      const sid = (await ok('session.ensure', { client_session_id: 'no-eval' })).session_id as string;
      const desc = await ok('provider.describe', {});
      const gates = desc.capabilities.custom_methods.find((m: { name: string }) => m.name === 'route.add')?.param_gates;
      expect(gates).toEqual([expect.objectContaining({ gate_flag: '--allow-eval', enabled: false })]);

      const script = '<!doctype html><title>Stubbed</title><script>document.title = "ran with " + document.cookie;</script>';
      for (const stub of [{ content_type: 'text/html', body: script }, { body: script }, { content_type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title=1"/>' }]) {
        const env = await call('route.add', { session_id: sid, url: `${site.origin}/page`, ...stub });
        expect(env.ok ? 'added' : env.error).toMatchObject({ code: 'permission_denied', details: { code: 'eval_required', field: 'content_type', gate_flag: '--allow-eval' } });
      }
      expect((await ok('route.list', { session_id: sid })).routes).toEqual([]);
      expect((await ok('page.open', { session_id: sid, url: `${site.origin}/page` })).title).toBe('Routing');

      await ok('route.add', { session_id: sid, url: '**/api/data', content_type: 'application/json', body: '{"stub":true}' });
      await ok('route.add', { session_id: sid, url: '**/app.js', content_type: 'text/plain', body: 'document.title = "stub script ran";' });
      await ok('route.add', { session_id: sid, url: '**/doc.json', content_type: 'application/json', body: script });
      const app = await ok('page.open', { session_id: sid, url: `${site.origin}/app` });
      await ok('page.wait', { session_id: sid, text_present: 'fetched {"stub":true}', timeout_ms: 20_000 });
      const snap = await ok('page.snapshot', { session_id: sid });
      // nosniff: the stubbed script, served as text, was not run (and neither was the real one it replaced).
      expect(String(snap.text)).toContain('no script yet');
      expect([app.title, snap.title]).toEqual(['App', 'App']);
      const doc = await ok('page.open', { session_id: sid, url: `${site.origin}/doc.json` });
      expect(String(doc.title)).not.toContain('ran with');
      const listed = (await ok('route.list', { session_id: sid })).routes as Result[];
      expect(listed.map((r) => [r.url, r.hits])).toEqual([
        ['**/doc.json', 1],
        ['**/app.js', 1],
        ['**/api/data', 1],
      ]);
      await ok('session.close', { session_id: sid });
    });
  });
}

/** An engine without request routing refuses each method by name, with a repair, before any session is touched. */
export function describeRoutingRefused(name: string, make: () => Backend): void {
  describe(`${name}: request routing is refused`, () => {
    it('lists no routing method and refuses each with unsupported_method and a repair', async () => {
      const provider = new Provider({ backend: make() });
      const d = new Dispatcher(provider);
      try {
        const desc = await d.handle({ protocol_version: '0.1', id: 'd', method: 'provider.describe', params: {} });
        const custom = desc.ok ? (desc.result as Result).capabilities.custom_methods.map((m: { name: string }) => m.name) : [];
        expect(custom).toContain('dialog.handle');
        for (const m of ROUTE_METHODS) expect(custom).not.toContain(m);
        for (const method of ROUTE_METHODS) {
          const env = await d.handle({ protocol_version: '0.1', id: method, method, params: { session_id: 's1', url: '**', body: '', offline: true } });
          expect(env.ok ? null : env.error).toMatchObject({ code: 'unsupported_method', details: { repair: { method: 'provider.describe' } } });
        }
      } finally {
        await provider.shutdown();
      }
    });
  });
}
