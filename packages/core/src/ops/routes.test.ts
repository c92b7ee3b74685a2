import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';
import { ROUTE_BODY_MAX_CHARS } from '@browser-provider/protocol';

/** Core's route table over the stub engine: what each held request gets, in which order, and when holding stops. */
describe('route.*', () => {
  const setup = async (o: { allowEval?: boolean } = {}) => {
    const backend = new StubBackend();
    const d = new Dispatcher(new Provider({ backend, log: () => undefined, allowEval: o.allowEval === true }));
    let n = 0;
    const call = async (method: string, params: Record<string, unknown> = {}) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params: { session_id: sid, ...params } });
    let sid = '';
    const s = await d.handle({ protocol_version: '0.1', id: 's', method: 'session.ensure', params: {} });
    sid = (s as { result: { session_id: string } }).result.session_id;
    const decide = (url: string) => backend.routing.decide?.({ url, method: 'GET' });
    return { backend, call, decide, d };
  };

  it('answers with the newest matching route, counts hits, and stops holding when the last is removed', async () => {
    const { backend, call, decide } = await setup();
    await call('route.add', { url: '**/api/*', body: 'old', headers: { 'Content-Type': 'text/plain' }, content_type: 'application/json' });
    await call('route.add', { url: '**/api/fail', fail: true });
    await call('route.add', { url: '/\\.PNG$/i', request_headers: { 'x-a': '1' }, remove_request_headers: ['cookie'] });
    expect(decide('http://x/api/fail')).toEqual({ action: 'fail' });
    // content_type replaces a Content-Type among the headers, whatever its case; without eval, nosniff keeps it data.
    expect(decide('http://x/api/users')).toEqual({
      action: 'fulfill',
      status: 200,
      headers: [
        ['content-type', 'application/json'],
        ['x-content-type-options', 'nosniff'],
      ],
      body: 'old',
    });
    expect(decide('http://x/a/b.png')).toEqual({ action: 'continue', set: { 'x-a': '1' }, remove: ['cookie'] });
    expect(decide('http://x/other')).toBeUndefined();
    const listed = await call('route.list');
    expect(listed.ok && (listed.result as { routes: Array<{ url: string; hits: number }> }).routes.map((r) => [r.url, r.hits])).toEqual([
      ['/\\.PNG$/i', 1],
      ['**/api/fail', 1],
      ['**/api/*', 1],
    ]);
    expect(await call('route.remove', { url: '**/api/fail' })).toMatchObject({ ok: true, result: { removed: 1, routes: 2 } });
    expect(decide('http://x/api/fail')).toMatchObject({ action: 'fulfill' });
    expect(await call('route.remove')).toMatchObject({ ok: true, result: { removed: 2, routes: 0 } });
    expect(backend.routing.decide).toBeUndefined();
  });

  it('refuses a route that asks for two answers, or none, and a pattern RE2 cannot run, by field', async () => {
    const { call } = await setup();
    expect(await call('route.add', { url: '**', fail: true, body: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await call('route.add', { url: '**' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await call('route.add', { url: '/(?=a)/', body: '' })).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { field: 'url' } } });
    expect(await call('route.add', { url: '**/{a,b', body: '' })).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { field: 'url' } } });
  });

  it('is refused by an engine that does not list it, and offline goes to the session', async () => {
    const { backend, call } = await setup();
    expect(await call('network.set_offline', { offline: true })).toMatchObject({ ok: true, result: { offline: true } });
    expect(backend.routing.offline).toBe(true);
    const bare = new StubBackend();
    bare.ownList = [];
    const d = new Dispatcher(new Provider({ backend: bare, log: () => undefined }));
    const env = await d.handle({ protocol_version: '0.1', id: 'x', method: 'route.add', params: { session_id: 's', url: '**', body: '' } });
    expect(env).toMatchObject({ ok: false, error: { code: 'unsupported_method', details: { repair: { method: 'provider.describe' } } } });
  });

  describe('without --allow-eval, a stub the page could run is refused and nothing is added', () => {
    it.each([
      [{ body: '<script>steal()</script>', content_type: 'text/html' }, 'content_type'],
      [{ body: '<script>steal()</script>' }, 'content_type'],
      [{ body: 'alert(1)', content_type: 'text/javascript' }, 'content_type'],
      [{ body: '<svg onload="steal()"/>', headers: { 'Content-Type': 'image/svg+xml' } }, 'headers.Content-Type'],
      [{ body: '{}', headers: { 'content-type': 'application/json', 'Content-Type': 'text/html' } }, 'headers.Content-Type'],
      [{ body: '<x/>', content_type: 'application/json, text/html' }, 'content_type'],
      [{ body: '%PDF-1.7', content_type: 'application/pdf' }, 'content_type'],
      [{ status: 302, headers: { Location: 'https://evil.example/steal.js' } }, 'headers.Location'],
      [{ body: '', headers: { refresh: '0;url=https://evil.example/' } }, 'headers.refresh'],
      [{ body: '{}', content_type: 'application/json', headers: { 'X-Content-Type-Options': 'sniff-away' } }, 'headers.X-Content-Type-Options'],
    ])('%j → eval_required at %s', async (stub, field) => {
      const { backend, call } = await setup();
      const env = await call('route.add', { url: '**/*', ...stub });
      expect(env).toMatchObject({ ok: false, error: { code: 'permission_denied', details: { code: 'eval_required', field, gate_flag: '--allow-eval' } } });
      expect(env.ok ? '' : env.error.message).toContain('--allow-eval');
      expect(await call('route.list')).toMatchObject({ ok: true, result: { routes: [] } });
      expect(backend.routing.decide).toBeUndefined();
    });

    it('keeps data stubs, bodiless stubs and header edits, each stub marked nosniff', async () => {
      const { call, decide } = await setup();
      for (const stub of [
        { url: '**/api', body: '{"a":1}', content_type: 'application/json; charset=utf-8' },
        { url: '**/gone', status: 404 },
        { url: '**/pic', body: 'GIF89a', headers: { 'Content-Type': 'image/gif', 'X-Content-Type-Options': 'nosniff', 'Set-Cookie': 'a=1' } },
        { url: '**/echo', request_headers: { 'X-A': '1' } },
      ]) {
        expect(await call('route.add', stub)).toMatchObject({ ok: true });
      }
      expect(decide('http://x/api')).toEqual({ action: 'fulfill', status: 200, headers: [['content-type', 'application/json; charset=utf-8'], ['x-content-type-options', 'nosniff']], body: '{"a":1}' });
      expect(decide('http://x/gone')).toEqual({ action: 'fulfill', status: 404, headers: [['x-content-type-options', 'nosniff']], body: '' });
      expect(decide('http://x/pic')).toEqual({ action: 'fulfill', status: 200, headers: [['Content-Type', 'image/gif'], ['Set-Cookie', 'a=1'], ['x-content-type-options', 'nosniff']], body: 'GIF89a' });
      expect(decide('http://x/echo')).toEqual({ action: 'continue', set: { 'X-A': '1' }, remove: [] });
    });

    it('allows any stub as given with --allow-eval, and describe says which it is', async () => {
      const { call, decide, d } = await setup({ allowEval: true });
      expect(await call('route.add', { url: '**/page', body: '<script>ok()</script>', content_type: 'text/html' })).toMatchObject({ ok: true });
      expect(await call('route.add', { url: '**/go', status: 302, headers: { Location: '/page' } })).toMatchObject({ ok: true });
      expect(decide('http://x/page')).toEqual({ action: 'fulfill', status: 200, headers: [['content-type', 'text/html']], body: '<script>ok()</script>' });
      const gatesOf = async (dispatcher: Dispatcher) => {
        const env = await dispatcher.handle({ protocol_version: '0.1', id: 'd', method: 'provider.describe', params: {} });
        const custom = (env as { result: { capabilities: { custom_methods: Array<{ name: string; param_gates?: unknown }> } } }).result.capabilities.custom_methods;
        return custom.find((m) => m.name === 'route.add')?.param_gates;
      };
      expect(await gatesOf(d)).toEqual([{ params: ['body', 'content_type', 'headers'], gate_flag: '--allow-eval', enabled: true, rule: expect.stringContaining('nosniff') }]);
      expect(await gatesOf((await setup()).d)).toEqual([expect.objectContaining({ enabled: false, gate_flag: '--allow-eval' })]);
    });
  });

  it('refuses, by field, a header no engine sends and a body past what a message carries', async () => {
    const { call } = await setup({ allowEval: true });
    const fieldOf = async (params: Record<string, unknown>) => {
      const env = await call('route.add', { url: '**', ...params });
      return env.ok ? 'added' : `${env.error.code} ${String(env.error.details.field)}: ${env.error.message}`;
    };
    expect(await fieldOf({ request_headers: { 'X Y': '1' } })).toMatch(/^invalid_request request_headers\.X Y: .*not an HTTP header name/);
    expect(await fieldOf({ request_headers: { 'X-A': 'a\r\nSet-Cookie: x=1' } })).toMatch(/^invalid_request request_headers\.X-A: .*CR, LF or NUL/);
    expect(await fieldOf({ headers: { 'X-A': ' padded' } })).toMatch(/^invalid_request headers\.X-A: .*start or end with a space or tab/);
    expect(await fieldOf({ content_type: 'text/plain\r\nX-B: 1', body: '' })).toMatch(/^invalid_request content_type: /);
    expect(await fieldOf({ remove_request_headers: ['ok', 'bad name'] })).toMatch(/^invalid_request remove_request_headers\.1: /);
    // A header that frames the message is the browser's on every engine (Firefox 153 sent a wrong Content-Length as given).
    expect(await fieldOf({ request_headers: { 'Content-Length': '3' } })).toMatch(/^invalid_request request_headers\.Content-Length: .*frames the HTTP message/);
    expect(await fieldOf({ remove_request_headers: ['Transfer-Encoding'] })).toMatch(/^invalid_request remove_request_headers\.0: .*frames the HTTP message/);
    expect(await fieldOf({ headers: { 'Content-Length': '7' }, body: 'stubbed', content_type: 'text/plain' })).toBe('added');
    expect(await fieldOf({ body: 'x'.repeat(ROUTE_BODY_MAX_CHARS + 1), content_type: 'text/plain' })).toMatch(/^invalid_request body: .*at most 1000000 characters/);
    expect(await fieldOf({ body: 'x'.repeat(ROUTE_BODY_MAX_CHARS), content_type: 'text/plain' })).toBe('added');
  });

  it("refuses request header edits the engine cannot make, naming the field, and counts the answers it refused", async () => {
    const { backend, call } = await setup();
    backend.headerLimits = { unsettable: ['host', 'proxy-*'], unremovable: ['user-agent'] };
    const errorOf = async (params: Record<string, unknown>) => {
      const env = await call('route.add', { url: '**', ...params });
      return env.ok ? 'added' : { code: env.error.code, field: env.error.details.field, message: env.error.message };
    };
    expect(await errorOf({ request_headers: { Host: 'evil.example' } })).toEqual({ code: 'invalid_request', field: 'request_headers.Host', message: expect.stringContaining('Stub browser does not let a route set Host') });
    expect(await errorOf({ request_headers: { 'Proxy-Authorization': 'x' } })).toMatchObject({ field: 'request_headers.Proxy-Authorization' });
    expect(await errorOf({ remove_request_headers: ['X-A', 'User-Agent'] })).toEqual({ code: 'invalid_request', field: 'remove_request_headers.1', message: expect.stringContaining('removing it would do nothing') });
    expect(await call('route.list')).toMatchObject({ ok: true, result: { routes: [] } });

    expect(await errorOf({ request_headers: { 'X-Method-Override': 'TRACE' } })).toBe('added');
    const answer = backend.routing.decide?.({ url: 'http://x/', method: 'GET' });
    backend.routing.refused?.(answer!, 'invalid argument: Unsafe header: X-Method-Override');
    const listed = await call('route.list');
    expect(listed).toMatchObject({ ok: true, result: { routes: [{ hits: 1, refused: 1, refusal: 'invalid argument: Unsafe header: X-Method-Override' }] } });
  });
});
