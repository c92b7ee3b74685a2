import { PROTOCOL_VERSION } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { PROVIDER_DEFAULTS } from './limits';
import { createProviderServer } from '../provider-server';
import { StubBackend } from '../testing/stub-backend';

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

  it('holds a provider made without options to the same defaults as `serve` (16 sessions, 20 tabs)', async () => {
    const server = createProviderServer([new StubBackend()], { log: () => undefined });
    let n = 0;
    const call = (method: string, params: Record<string, unknown> = {}) => server.call({ protocol_version: PROTOCOL_VERSION, id: `r${++n}`, method, params });
    try {
      const sessions = await Promise.all(Array.from({ length: PROVIDER_DEFAULTS.maxSessions }, () => call('session.ensure')));
      expect(sessions.every((s) => s.ok)).toBe(true);
      expect(await call('session.ensure')).toMatchObject({ ok: false, error: { details: { code: 'session_limit', limit: 16 } } });
      const sid = (sessions[0] as { result: { session_id: string } }).result.session_id;
      // session.ensure opened the first page; the rest up to the limit are accepted.
      for (let i = 1; i < PROVIDER_DEFAULTS.maxTabs; i++) expect((await call('tab.new', { session_id: sid })).ok).toBe(true);
      expect(await call('tab.new', { session_id: sid })).toMatchObject({ ok: false, error: { details: { code: 'tab_limit', limit: 20 } } });
    } finally {
      await server.close('test over');
    }
  });

  it('lifts a limit given as Infinity', async () => {
    const server = createProviderServer([new StubBackend()], { log: () => undefined, maxSessions: Infinity });
    let n = 0;
    const ensure = () => server.call({ protocol_version: PROTOCOL_VERSION, id: `r${++n}`, method: 'session.ensure', params: {} });
    const sessions = await Promise.all(Array.from({ length: PROVIDER_DEFAULTS.maxSessions + 4 }, ensure));
    expect(sessions.filter((s) => !s.ok)).toEqual([]);
    await server.close('test over');
  });
});
