import { ResponseEnvelope } from '@browser-provider/protocol';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCustomMethod, type CustomMethod } from '../backend';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

/**
 * Issue 31 item 2: `session.close` stops the session's calls. A close sent behind a long page.wait
 * used to queue behind it (and time out after 30 s, leaving the session open); now the close aborts
 * every call running or queued in the session, each is answered at once, and the session is gone.
 */

function setup(custom: CustomMethod[] = []) {
  const backend = new StubBackend();
  backend.custom = custom;
  const logs: string[] = [];
  const provider = new Provider({ backend, log: (m) => logs.push(m) });
  const d = new Dispatcher(provider);
  let n = 0;
  const send = (method: string, params: Record<string, unknown> = {}, id = `r${++n}`) =>
    d.handle({ protocol_version: '0.1', id, method, params }).then((env) => {
      expect(ResponseEnvelope.safeParse(env).success).toBe(true);
      return env as any;
    });
  return { backend, provider, send, logs };
}

/** The answer and how long it took from `since`. */
const timedFrom = async <T>(since: number, work: Promise<T>) => {
  const value = await work;
  return { value, ms: Date.now() - since };
};

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
};

/** A wait that never holds on the stub page (no selector is ever present): it polls until timeout_ms. */
const LONG_WAIT = { selector_present: '#never', timeout_ms: 60_000 };

describe('session.close stops the calls of its session', () => {
  it('answers a running page.wait at once, succeeds itself, and leaves no session behind', async () => {
    const { backend, send } = setup();
    const s = (await send('session.ensure')).result;
    const page = backend.pages[0]!;
    const waiting = send('page.wait', { session_id: s.session_id, ...LONG_WAIT }, 'wait');
    await until(() => page.log.filter((op) => op === 'probe').length >= 2, 'the wait polls');
    expect((await send('provider.status')).result.sessions).toBe(1);

    const t0 = Date.now();
    const closing = timedFrom(t0, send('session.close', { session_id: s.session_id }));
    const wait = await timedFrom(t0, waiting);
    expect(wait.ms).toBeLessThan(2_000);
    expect(wait.value.ok).toBe(false);
    expect(wait.value.error).toMatchObject({ code: 'session_not_found', retryable: false, details: { code: 'session_closed', outcome: 'not_done', repair: { method: 'session.ensure' } } });
    expect(wait.value.error.message).toMatch(/closed by session\.close/);

    const close = await closing;
    expect(close.ms).toBeLessThan(2_000);
    expect(close.value.result).toMatchObject({ session_id: s.session_id, closed: true });
    expect(backend.sessionsOpen).toBe(0);
    expect((await send('provider.status')).result.sessions).toBe(0);

    // The wait's polling ended with it: no probe reaches the page after the close.
    const probes = page.log.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(page.log.length).toBe(probes);

    const later = await send('page.snapshot', { session_id: s.session_id });
    expect(later.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
    expect(later.error.message).toMatch(/closed by session\.close/);
  });

  it('answers the calls queued behind the running one at once, and none of them starts', async () => {
    const { backend, send } = setup();
    const s = (await send('session.ensure')).result;
    const page = backend.pages[0]!;
    const waiting = send('page.wait', { session_id: s.session_id, ...LONG_WAIT });
    const queued = [send('page.click', { session_id: s.session_id, selector: 'button' }), send('page.snapshot', { session_id: s.session_id })];
    await until(() => page.log.includes('probe'), 'the wait runs');
    const t0 = Date.now();
    const close = send('session.close', { session_id: s.session_id });
    for (const answer of await Promise.all([waiting, ...queued])) {
      expect(answer.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed', outcome: 'not_done' } });
    }
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect((await close).result.closed).toBe(true);
    expect(page.log.filter((op) => op !== 'probe')).toEqual([]);
  });

  it('says the outcome of a mutating call it cut off is unknown', async () => {
    const { backend, send } = setup();
    const s = (await send('session.ensure')).result;
    const page = backend.pages[0]!;
    page.delayMs = 60_000;
    const clicking = send('page.click', { session_id: s.session_id, selector: 'button', timeout_ms: 90_000 });
    await until(() => page.log.length > 0, 'the click reaches the page');
    const t0 = Date.now();
    const [click, close] = await Promise.all([clicking, send('session.close', { session_id: s.session_id })]);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(click.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed', outcome: 'unknown' } });
    expect(close.result.closed).toBe(true);
  });

  it('ends the running job of the session (it is not refused as job_active)', async () => {
    const { backend, provider, send } = setup();
    const s = (await send('session.ensure')).result;
    const session = provider.session(s.session_id);
    const job = (
      await send('jobs.submit', {
        session_id: s.session_id,
        steps: [
          { method: 'page.wait', params: LONG_WAIT },
          { method: 'page.click', params: { selector: 'button' } },
        ],
      })
    ).result;
    await until(() => backend.pages[0]!.log.includes('probe'), 'the job runs its wait');
    const t0 = Date.now();
    const close = await send('session.close', { session_id: s.session_id });
    expect(close.result?.closed).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await until(() => session.jobs.get(s.session_id, job.job_id).state !== 'running', 'the job ends');
    const view = session.jobs.get(s.session_id, job.job_id).view();
    expect(view.state).toBe('cancelled');
    expect(view.steps.map((step) => step.state)).toEqual(['error', 'skipped']);
    expect(view.steps[0]?.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
    expect(backend.pages[0]!.log).not.toContain('prepare');
    expect((await send('jobs.get', { session_id: s.session_id, job_id: job.job_id })).error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
  });

  it('is not held by a call that ignores its abort: the close goes on after a bounded wait', { timeout: 20_000 }, async () => {
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const { send, logs, backend } = setup([
      defineCustomMethod({
        name: 'stub.stuck',
        description: 'Never looks at its signal',
        stability: 'experimental',
        params: z.object({ session_id: z.string(), timeout_ms: z.number().optional() }),
        result: z.object({ done: z.boolean() }),
        sessionScoped: true,
        handle: async () => {
          await stuck;
          return { done: true };
        },
      }) as unknown as CustomMethod,
    ]);
    try {
      const s = (await send('session.ensure')).result;
      const call = send('stub.stuck', { session_id: s.session_id, timeout_ms: 120_000 });
      await new Promise((r) => setTimeout(r, 50));
      const t0 = Date.now();
      const close = send('session.close', { session_id: s.session_id });
      // The call itself is answered at once; the close waits a few seconds for it to let go, then closes anyway.
      expect((await call).error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
      expect(Date.now() - t0).toBeLessThan(2_000);
      expect((await close).result.closed).toBe(true);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(backend.sessionsOpen).toBe(0);
      expect(logs.join('\n')).toMatch(/did not stop within/);
    } finally {
      release();
    }
  });

  it('a second close of the same session waits for the first one, and is then refused as closed', async () => {
    const { send, backend } = setup();
    const s = (await send('session.ensure')).result;
    const waiting = send('page.wait', { session_id: s.session_id, ...LONG_WAIT });
    await until(() => backend.pages[0]!.log.includes('probe'), 'the wait runs');
    const [first, second] = await Promise.all([send('session.close', { session_id: s.session_id }), send('session.close', { session_id: s.session_id })]);
    expect(first.result.closed).toBe(true);
    expect(second.error).toMatchObject({ code: 'session_not_found', details: { code: 'session_closed' } });
    expect((await waiting).error.details.code).toBe('session_closed');
  });
});
