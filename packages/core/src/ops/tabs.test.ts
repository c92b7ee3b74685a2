import { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

describe('tab.list with a tab that does not answer', () => {
  it('lists every tab after a short per-tab wait, the hung one from what it last said', async () => {
    const backend = new StubBackend();
    const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
    let n = 0;
    const call = async (method: string, params: Record<string, unknown>) => {
      const env = await d.handle({ protocol_version: '0.1', id: `t${++n}`, method, params });
      expect(ResponseEnvelope.safeParse(env).success).toBe(true);
      return env as any;
    };
    const s = (await call('session.ensure', {})).result;
    const second = (await call('tab.new', { session_id: s.session_id, url: 'http://127.0.0.1:9/two' })).result;
    expect((await call('tab.list', { session_id: s.session_id })).result.tabs).toHaveLength(2);
    // The second tab's script is stuck (a page in an endless loop): it never answers again.
    const hung = backend.pages[1]!;
    hung.info = () => new Promise(() => undefined);
    // Before the fix this ran into the call's deadline (not_ready / outcome_unknown) and listed nothing.
    const env = await call('tab.list', { session_id: s.session_id, timeout_ms: 20_000 });
    expect(env.ok).toBe(true);
    expect(env.result.tabs).toEqual([
      { tab_id: s.default_page_id, page_id: s.default_page_id, url: 'about:blank', title: 'Stub', active: false },
      { tab_id: second.tab_id, page_id: second.tab_id, url: 'http://127.0.0.1:9/two', title: 'Stub', active: true, responding: false },
    ]);
  }, 30_000);
});
