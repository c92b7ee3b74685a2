import { ProviderDescription, ProviderStatus, ResponseEnvelope, type OptionalMethodName } from '@browser-provider/protocol';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../backend';
import { defineCustomMethod, type CustomMethod } from '../backend';
import { createProviderServer, type ProviderServer } from '../provider-server';
import { StubBackend } from '../testing/stub-backend';

/**
 * One provider fronting several engines (stub backends of made-up families `alpha` and `beta`; core
 * never names a browser): routing by browser_preference, honest capabilities (the common set and each
 * family's own), per-engine refusals, lazy start and prelaunch, and ids that never collide.
 */

const echo = (name: string): CustomMethod =>
  defineCustomMethod({
    name,
    description: `Echo (${name})`,
    stability: 'experimental',
    params: z.object({ session_id: z.string(), value: z.string() }),
    result: z.object({ value: z.string() }),
    sessionScoped: true,
    handle: async (p) => ({ value: p.value }),
  });

class FamilyStub extends StubBackend {
  override readonly info: BackendInfo;
  readonly optional: OptionalMethodName[];
  constructor(family: string, optional: OptionalMethodName[], custom: CustomMethod[]) {
    super();
    this.info = { providerId: `${family}-stub`, providerLabel: `${family} stub`, family, browserLabel: `${family} browser`, engine: { name: family, automation: 'in-memory' } };
    this.optional = optional;
    this.custom = custom;
  }
  override optionalMethods(): OptionalMethodName[] {
    return this.optional;
  }
}

function setup(opts: { prelaunch?: boolean; single?: boolean } = {}) {
  const shared = echo('shared.echo');
  const alpha = new FamilyStub('alpha', ['page.hover', 'console.list'], [shared, echo('alpha.only'), { ...echo('alpha.gated'), gate: 'allow-debug' }]);
  alpha.featureList = ['persistent_profile', 'console_observe'];
  const beta = new FamilyStub('beta', ['page.hover'], [shared]);
  const logs: string[] = [];
  const server = createProviderServer(opts.single ? [alpha] : [alpha, beta], {
    log: (m) => logs.push(m),
    familyAliases: { a: 'alpha', b: 'beta' },
    defaultEngineReason: 'alpha is listed first in the test',
    ...(opts.prelaunch ? { prelaunch: true } : {}),
  });
  let n = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await server.call({ protocol_version: '0.1', id: `r${++n}`, method, params });
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    return env;
  };
  return { alpha, beta, server, call, logs };
}

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
const err = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result)}`);
  return env.error;
};

const closed = (server: ProviderServer) => server.close();

describe('one provider, several engines', () => {
  it.each([
    { preference: undefined, family: 'alpha' },
    { preference: 'auto', family: 'alpha' },
    { preference: 'beta', family: 'beta' },
    { preference: 'BETA', family: 'beta' },
    { preference: 'b', family: 'beta' },
    { preference: 'a', family: 'alpha' },
  ])('routes browser_preference $preference to $family', async ({ preference, family }) => {
    const { alpha, beta, server, call } = setup();
    const s = ok(await call('session.ensure', preference === undefined ? {} : { browser_preference: preference }));
    expect(s.browser_family).toBe(family);
    expect(s.browser_label).toBe(`${family} browser`);
    expect([alpha.created.length, beta.created.length]).toEqual(family === 'alpha' ? [1, 0] : [0, 1]);
    await closed(server);
  });

  it('refuses an engine it does not front, naming those it does', async () => {
    const { server, call } = setup();
    const e = err(await call('session.ensure', { browser_preference: 'gamma' }));
    expect(e.code).toBe('unsupported_target');
    expect(e.details).toMatchObject({ code: 'browser_family', requested: 'gamma', available: ['alpha', 'beta'] });
    expect(e.details.repair).toMatchObject({ method: 'session.ensure', params: { browser_preference: 'alpha' } });
    expect(ok(await call('provider.status')).availability).toBe('ready');
    await closed(server);
  });

  it('describes every family: the common capabilities, each family’s own, and the default with its reason', async () => {
    const { server, call } = setup();
    const d = ProviderDescription.parse(ok(await call('provider.describe')));
    expect(d.browser_families).toEqual(['alpha', 'beta']);
    expect(d.provider_id).toBe('alpha-stub+beta-stub');
    expect(d.default_browser).toEqual({ family: 'alpha', reason: 'alpha is listed first in the test' });
    const names = (c: { custom_methods: { name: string }[] }) => c.custom_methods.map((m) => m.name);
    expect(d.capabilities.optional_methods).toContain('page.hover');
    expect(d.capabilities.optional_methods).not.toContain('console.list');
    expect(d.capabilities.features).not.toContain('persistent_profile');
    expect(names(d.capabilities)).toContain('shared.echo');
    expect(names(d.capabilities)).not.toContain('alpha.only');
    const alpha = d.capabilities_by_family?.alpha;
    const beta = d.capabilities_by_family?.beta;
    expect(alpha?.optional_methods).toContain('console.list');
    expect(alpha?.features).toEqual(expect.arrayContaining(['persistent_profile', 'console_observe']));
    expect(alpha && names(alpha)).toContain('alpha.only');
    expect(beta?.optional_methods).not.toContain('console.list');
    expect(beta && names(beta)).not.toContain('alpha.only');
    // Every common entry is in every family's list.
    for (const c of [alpha, beta]) for (const m of d.capabilities.optional_methods) expect(c?.optional_methods).toContain(m);
    await closed(server);
  });

  it('keeps a single engine’s description as it was: no per-family fields', async () => {
    const { server, call } = setup({ single: true });
    const d = ok(await call('provider.describe'));
    expect(d.browser_families).toEqual(['alpha']);
    expect(d.provider_id).toBe('alpha-stub');
    expect(d.capabilities_by_family).toBeUndefined();
    expect(d.default_browser).toBeUndefined();
    expect(d.capabilities.custom_methods.map((m: { name: string }) => m.name)).toContain('alpha.only');
    expect(ok(await call('provider.status')).status_by_family).toBeUndefined();
    await closed(server);
  });

  it('refuses a method of one engine on a session of another, before running it', async () => {
    const { server, call } = setup();
    const a = ok(await call('session.ensure', { browser_preference: 'alpha' }));
    const b = ok(await call('session.ensure', { browser_preference: 'beta' }));
    expect(ok(await call('alpha.only', { session_id: a.session_id, value: 'x' })).value).toBe('x');
    for (const [method, params] of [
      ['alpha.only', { value: 'x' }],
      ['console.list', {}],
    ] as const) {
      const e = err(await call(method, { session_id: b.session_id, ...params }));
      expect(e.code).toBe('unsupported_method');
      expect(e.message).toMatch(new RegExp(`${method.replace('.', '\\.')} is not offered by beta.*alpha offers it`));
      expect(e.details).toMatchObject({ code: 'engine_lacks_method', browser_family: 'beta', offered_by: ['alpha'] });
      expect(e.details.repair).toMatchObject({ method: 'session.ensure', params: { browser_preference: 'alpha' } });
    }
    // A gated method of another engine: the engine is the reason, not the flag (setting it would not help).
    const gated = err(await call('alpha.gated', { session_id: b.session_id, value: 'x' }));
    expect(gated).toMatchObject({ code: 'unsupported_method', details: { code: 'engine_lacks_method' } });
    expect(err(await call('alpha.gated', { session_id: a.session_id, value: 'x' }))).toMatchObject({ code: 'permission_denied', details: { code: 'gated' } });
    // What both engines offer works on both.
    for (const s of [a, b]) expect(ok(await call('shared.echo', { session_id: s.session_id, value: 'y' })).value).toBe('y');
    // A method no engine offers is still unknown.
    expect(err(await call('page.reload', { session_id: b.session_id })).details.code).toBe('unknown_method');
    await closed(server);
  });

  it('keeps pages, ids and ownership per session across engines', async () => {
    const { server, call } = setup();
    const a = ok(await call('session.ensure', { browser_preference: 'alpha' }));
    const b = ok(await call('session.ensure', { browser_preference: 'beta' }));
    const ta = ok(await call('tab.new', { session_id: a.session_id }));
    const tb = ok(await call('tab.new', { session_id: b.session_id }));
    const ids = [a.default_page_id, b.default_page_id, ta.tab_id, tb.tab_id];
    expect(new Set(ids).size).toBe(4);
    const e = err(await call('page.snapshot', { session_id: b.session_id, page_id: a.default_page_id }));
    expect(e).toMatchObject({ code: 'permission_denied', details: { code: 'tab_leased' } });
    expect(ok(await call('page.snapshot', { session_id: b.session_id, page_id: b.default_page_id })).page_id).toBe(b.default_page_id);
    await closed(server);
  });

  it('starts each engine with the first session routed to it', async () => {
    const { alpha, beta, server, call } = setup();
    ok(await call('provider.describe'));
    ok(await call('provider.status'));
    expect([alpha.created.length, beta.created.length]).toEqual([0, 0]);
    ok(await call('session.ensure', { browser_preference: 'beta' }));
    expect([alpha.created.length, beta.created.length]).toEqual([0, 1]);
    const st = ProviderStatus.parse(ok(await call('provider.status')));
    expect(st.status_by_family?.beta?.sessions).toBe(1);
    expect(st.status_by_family?.alpha?.sessions).toBe(0);
    expect(st.sessions).toBe(1);
    await closed(server);
    expect([alpha.shutDown, beta.shutDown]).toEqual([true, true]);
  });

  it('prelaunches one session per engine, hands it to the first session.ensure, and closes what nobody took', async () => {
    const { alpha, beta, server, call, logs } = setup({ prelaunch: true });
    await server.ready;
    expect([alpha.created.length, beta.created.length]).toEqual([1, 1]);
    expect(logs.join('\n')).toMatch(/prelaunched alpha/);
    const first = ok(await call('session.ensure', { browser_preference: 'alpha' }));
    expect(alpha.created.length).toBe(1);
    ok(await call('page.snapshot', { session_id: first.session_id }));
    ok(await call('session.ensure', { browser_preference: 'alpha' }));
    expect(alpha.created.length).toBe(2);
    // A shared session is of another kind than the spare: it starts its own, and the spare waits on.
    ok(await call('session.ensure', { browser_preference: 'beta', isolation: 'shared' }));
    expect(beta.created.map((o) => o.isolation)).toEqual(['per_jcode_session', 'shared']);
    expect(beta.sessionsOpen).toBe(2);
    await closed(server);
    expect([alpha.sessionsOpen, beta.sessionsOpen]).toEqual([0, 0]);
    expect([alpha.shutDown, beta.shutDown]).toEqual([true, true]);
  });

  it('opens persistent profiles only on an engine that keeps them', async () => {
    const { server, call } = setup();
    const e = err(await call('session.ensure', { browser_preference: 'beta', persist: true }));
    expect(e).toMatchObject({ code: 'unsupported_target', details: { code: 'persist_unsupported' } });
    await closed(server);
  });

  it('warns when a client_session_id already bound to one engine asks for another', async () => {
    const { server, call } = setup();
    ok(await call('session.ensure', { client_session_id: 'c1', browser_preference: 'alpha' }));
    const again = await call('session.ensure', { client_session_id: 'c1', browser_preference: 'beta' });
    expect(ok(again)).toMatchObject({ browser_family: 'alpha', reused: true });
    expect(again.ok && again.warnings.join(' ')).toMatch(/bound to an open session on alpha/);
    await closed(server);
  });
});
