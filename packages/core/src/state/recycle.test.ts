import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_DEFAULTS } from './limits';
import { RecyclingBackend, withRecycling } from './recycle';
import { StubBackend } from '../testing/stub-backend';

const opts = { isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(5_000) } as const;

/** A recycler over stub browsers: `made` lists every browser it started, oldest first. */
function setup(policy: ConstructorParameters<typeof RecyclingBackend>[1]) {
  const made: StubBackend[] = [];
  const r = new RecyclingBackend(() => {
    const b = new StubBackend();
    made.push(b);
    return Object.assign(b, { processGroups: () => [made.indexOf(b)] });
  }, policy);
  return { r, made };
}

describe('RecyclingBackend', () => {
  afterEach(() => vi.useRealTimers());

  it('sends sessions past the limit to a fresh browser and shuts the old one when its last session ends', async () => {
    const { r, made } = setup({ maxSessions: 2, measureMb: () => 0 });
    const a = await r.createSession(opts);
    const b = await r.createSession(opts);
    const c = await r.createSession(opts);
    expect(made.map((m) => m.sessionsOpen)).toEqual([2, 1]);
    expect((await r.status()).recycle).toEqual({ recycles: 1, draining: 1, sessions_served: 1, max_sessions: 2, memory_mb: 0 });
    await a.close(opts.signal);
    await Promise.resolve();
    expect(made[0]!.shutDown).toBe(false);
    await b.close(opts.signal);
    await new Promise((res) => setTimeout(res, 0));
    expect(made[0]!.shutDown).toBe(true);
    expect(made[1]!.shutDown).toBe(false);
    expect((await r.status()).recycle).toMatchObject({ recycles: 1, draining: 0 });
    await c.close(opts.signal);
  });

  it('relaunches an idle browser over its memory budget at once, and never one under it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let mb = 100;
    const { r, made } = setup({ budgetMb: 500, measureMb: () => mb });
    const a = await r.createSession(opts);
    await a.close(opts.signal);
    await new Promise((res) => setTimeout(res, 0));
    expect(made).toHaveLength(1);
    const b = await r.createSession(opts);
    mb = 900;
    // A reading stands for 5 s: the next is taken once that has passed.
    vi.setSystemTime(Date.now() + 6_000);
    await b.close(opts.signal);
    await new Promise((res) => setTimeout(res, 0));
    expect(made[0]!.shutDown).toBe(true);
    expect(made).toHaveLength(2);
    expect((await r.status()).recycle).toMatchObject({ recycles: 1, draining: 0, sessions_served: 0, budget_mb: 500 });
  });

  it('gives back nothing of a session that failed to start, and shuts every browser down', async () => {
    const { r, made } = setup({ maxSessions: 1, measureMb: () => 0 });
    const s = await r.createSession(opts);
    await expect(r.createSession({ ...opts, signal: AbortSignal.abort() })).rejects.toBeDefined();
    expect((await r.status()).recycle).toMatchObject({ recycles: 1, draining: 1, sessions_served: 0 });
    await r.shutdown();
    expect(made.every((m) => m.shutDown)).toBe(true);
    await s.close(opts.signal);
  });

  it('withRecycling fills in the defaults serve and createProvider share, and false recycles nothing', async () => {
    const plain = new StubBackend();
    expect(withRecycling(() => plain, false)).toBe(plain);
    const defaulted = withRecycling(() => new StubBackend(), { measureMb: () => 0 });
    expect((await defaulted.status()).recycle).toMatchObject({ budget_mb: PROVIDER_DEFAULTS.recycle.budgetMb, max_sessions: PROVIDER_DEFAULTS.recycle.maxSessions });
    const given = withRecycling(() => new StubBackend(), { maxSessions: 3, measureMb: () => 0 });
    expect((await given.status()).recycle).toMatchObject({ budget_mb: PROVIDER_DEFAULTS.recycle.budgetMb, max_sessions: 3 });
    await Promise.all([defaulted.shutdown(), given.shutdown()]);
  });
});
