import { PROTOCOL_VERSION } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { createProviderServer } from './provider-server';
import { StubBackend } from './testing/stub-backend';

/** --max-sessions and --max-tabs as the protocol answers them (the popup path runs in the MCP browser tests). */
describe('session and tab limits', () => {
  it('refuses a session past maxSessions and a tab past maxTabs, each with its limit and a repair', async () => {
    const server = createProviderServer([new StubBackend()], { log: () => undefined, maxSessions: 1, maxTabs: 2 });
    let n = 0;
    const call = (method: string, params: Record<string, unknown> = {}) => server.call({ protocol_version: PROTOCOL_VERSION, id: `r${++n}`, method, params });
    const first = await call('session.ensure');
    if (!first.ok) throw new Error(first.error.message);
    const sid = (first.result as { session_id: string }).session_id;
    const second = await call('session.ensure');
    expect(second).toMatchObject({ ok: false, error: { code: 'permission_denied', retryable: true, details: { code: 'session_limit', limit: 1, repair: { method: 'provider.status' } } } });
    expect((await call('tab.new', { session_id: sid })).ok).toBe(true);
    const third = await call('tab.new', { session_id: sid });
    expect(third).toMatchObject({ ok: false, error: { code: 'permission_denied', details: { code: 'tab_limit', limit: 2, repair: { method: 'tab.list' } } } });
    expect(await call('page.open', { session_id: sid, url: 'https://example.test/', new_page: true })).toMatchObject({ ok: false, error: { details: { code: 'tab_limit' } } });
    expect((await call('session.close', { session_id: sid })).ok).toBe(true);
    expect((await call('session.ensure')).ok).toBe(true);
    await server.close('test over');
  });
});
