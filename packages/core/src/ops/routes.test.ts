import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

/** Core's route table over the stub engine: what each held request gets, in which order, and when holding stops. */
describe('route.*', () => {
  const setup = async () => {
    const backend = new StubBackend();
    const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
    let n = 0;
    const call = async (method: string, params: Record<string, unknown> = {}) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params: { session_id: sid, ...params } });
    let sid = '';
    const s = await d.handle({ protocol_version: '0.1', id: 's', method: 'session.ensure', params: {} });
    sid = (s as { result: { session_id: string } }).result.session_id;
    const decide = (url: string) => backend.routing.decide?.({ url, method: 'GET' });
    return { backend, call, decide };
  };

  it('answers with the newest matching route, counts hits, and stops holding when the last is removed', async () => {
    const { backend, call, decide } = await setup();
    await call('route.add', { url: '**/api/*', body: 'old', headers: { 'Content-Type': 'text/plain' }, content_type: 'application/json' });
    await call('route.add', { url: '**/api/fail', fail: true });
    await call('route.add', { url: '/\\.PNG$/i', request_headers: { 'x-a': '1' }, remove_request_headers: ['cookie'] });
    expect(decide('http://x/api/fail')).toEqual({ action: 'fail' });
    // content_type replaces a Content-Type among the headers, whatever its case.
    expect(decide('http://x/api/users')).toEqual({ action: 'fulfill', status: 200, headers: [['content-type', 'application/json']], body: 'old' });
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
});
