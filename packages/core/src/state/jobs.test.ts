import { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

function setup() {
  const backend = new StubBackend();
  const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
  let n = 0;
  const send = (method: string, params: Record<string, unknown> = {}, id: string = `r${++n}`) =>
    d.handle({ protocol_version: '0.1', id, method, params }).then((env) => {
      expect(ResponseEnvelope.safeParse(env).success).toBe(true);
      return env as any;
    });
  return { backend, send };
}

const until = async (cond: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never held');
};

describe('requests.cancel', () => {
  it('a cancelled queued call never reaches the browser, and the next one still runs', async () => {
    const { backend, send } = setup();
    const s = (await send('session.ensure')).result;
    const page = backend.pages[0]!;
    page.delayMs = 100;
    const first = send('page.snapshot', { session_id: s.session_id }, 'first');
    const second = send('page.click', { session_id: s.session_id, selector: 'button' }, 'second');
    const third = send('page.snapshot', { session_id: s.session_id }, 'third');
    await until(async () => page.log.length > 0);
    const cancel = await send('requests.cancel', { request_id: 'second', session_id: s.session_id });
    expect(cancel.result).toEqual({ request_id: 'second', cancelled: true, state: 'queued' });
    const answer = await second;
    expect(answer.error).toMatchObject({ code: 'not_ready', details: { code: 'cancelled', outcome: 'not_done' } });
    expect((await first).ok).toBe(true);
    expect((await third).ok).toBe(true);
    expect(page.log).not.toContain('query');
    expect(page.clicks).toHaveLength(0);
  });

  it('a cancelled running call is answered once, with its outcome stated', async () => {
    const { backend, send } = setup();
    const s = (await send('session.ensure')).result;
    backend.pages[0]!.delayMs = 500;
    const running = send('page.click', { session_id: s.session_id, selector: 'button' }, 'run');
    await until(async () => backend.pages[0]!.log.length > 0);
    expect((await send('requests.cancel', { request_id: 'run', session_id: s.session_id })).result.state).toBe('running');
    const answer = await running;
    expect(answer.error).toMatchObject({ code: 'not_ready', details: { code: 'cancelled', outcome: 'unknown' } });
    expect((await send('requests.cancel', { request_id: 'run', session_id: s.session_id })).result).toMatchObject({ cancelled: false, state: 'not_found' });
  });

  it("another session cannot cancel a session's request, with or without a session_id", async () => {
    const { backend, send } = setup();
    const a = (await send('session.ensure')).result;
    const b = (await send('session.ensure')).result;
    const page = backend.pages[0]!;
    page.delayMs = 300;
    const waiting = send('page.wait', { session_id: a.session_id, text_present: 'Hello', timeout_ms: 30_000 }, 'a-wait');
    await until(async () => page.log.length > 0);
    // B knows (or guesses) A's request id: by id alone, and under B's own session, it is not found.
    expect((await send('requests.cancel', { request_id: 'a-wait' })).result).toEqual({ request_id: 'a-wait', cancelled: false, state: 'not_found' });
    expect((await send('requests.cancel', { request_id: 'a-wait', session_id: b.session_id })).result).toMatchObject({ cancelled: false, state: 'not_found' });
    expect((await waiting).ok).toBe(true);
  });

  it('a request sent without a session is cancelled by its id alone', async () => {
    const { backend, send } = setup();
    backend.createDelayMs = 500;
    const ensuring = send('session.ensure', {}, 'ens');
    await new Promise((r) => setTimeout(r, 50));
    expect((await send('requests.cancel', { request_id: 'ens' })).result).toMatchObject({ cancelled: true });
    const cancelled = (await ensuring).error;
    expect(cancelled).toMatchObject({ code: 'not_ready', details: { code: 'cancelled' } });
    // No session exists for a repair to look at (cancelled's page.snapshot would need one): none is sent.
    expect(cancelled.details.repair).toBeUndefined();
  });
});

describe('jobs', () => {
  it('runs steps in the background, blocks other mutating calls, and is invisible to other sessions', async () => {
    const { backend, send } = setup();
    const a = (await send('session.ensure')).result;
    const b = (await send('session.ensure')).result;
    backend.pages[0]!.delayMs = 30;
    const submitted = await send('jobs.submit', {
      session_id: a.session_id,
      steps: [
        { method: 'page.open', params: { url: 'http://127.0.0.1:9/a' } },
        { method: 'page.snapshot' },
        { method: 'page.click', params: { selector: 'button' } },
      ],
    });
    expect(submitted.result.state).toBe('running');
    const jobId = submitted.result.job_id;
    const blocked = await send('page.click', { session_id: a.session_id, selector: 'button' });
    expect(blocked.error).toMatchObject({ code: 'not_ready', details: { code: 'job_active', job_id: jobId } });
    expect((await send('page.snapshot', { session_id: a.session_id })).ok).toBe(true);
    const foreign = await send('jobs.get', { session_id: b.session_id, job_id: jobId });
    expect(foreign.error).toMatchObject({ code: 'invalid_request', details: { code: 'unknown_job' } });
    expect((await send('jobs.list', { session_id: b.session_id })).result.jobs).toEqual([]);
    await until(async () => (await send('jobs.get', { session_id: a.session_id, job_id: jobId })).result.state !== 'running');
    const done = (await send('jobs.get', { session_id: a.session_id, job_id: jobId })).result;
    expect(done.state).toBe('succeeded');
    expect(done.steps.map((s: any) => s.state)).toEqual(['ok', 'ok', 'ok']);
    expect(done.steps[2].result.clicked).toBe(true);
    expect(backend.pages[0]!.clicks).toHaveLength(1);
    expect((await send('page.click', { session_id: a.session_id, selector: 'button' })).ok).toBe(true);
  });

  it('validates every step before running any', async () => {
    const { backend, send } = setup();
    const a = (await send('session.ensure')).result;
    for (const [steps, field] of [
      [[{ method: 'page.snapshot' }, { method: 'session.close' }], 'steps.1.method'],
      [[{ method: 'page.open', params: { url: 42 } }], 'steps.0.params.url'],
      [[{ method: 'cdp.send' }], 'steps.0.method'],
      [[{ method: 'jobs.submit' }], 'steps.0.method'],
    ] as const) {
      const r = await send('jobs.submit', { session_id: a.session_id, steps });
      expect(r.error).toMatchObject({ code: 'invalid_request', details: { field } });
    }
    expect(backend.pages[0]!.log).toEqual([]);
    const tooMany = await send('jobs.submit', { session_id: a.session_id, steps: Array.from({ length: 201 }, () => ({ method: 'page.snapshot' })) });
    expect(tooMany.error.code).toBe('invalid_request');
  });

  it('cancel stops before the next step and never undoes one; stop_on_error skips the rest', async () => {
    const { backend, send } = setup();
    const a = (await send('session.ensure')).result;
    backend.pages[0]!.delayMs = 60;
    const job = (await send('jobs.submit', { session_id: a.session_id, steps: Array.from({ length: 5 }, () => ({ method: 'page.snapshot' })) })).result;
    await until(async () => backend.pages[0]!.log.length >= 1);
    const cancelled = (await send('jobs.cancel', { session_id: a.session_id, job_id: job.job_id })).result;
    expect(cancelled.state).toBe('running');
    await until(async () => (await send('jobs.get', { session_id: a.session_id, job_id: job.job_id })).result.state === 'cancelled');
    const view = (await send('jobs.get', { session_id: a.session_id, job_id: job.job_id })).result;
    expect(view.steps[0].state).toBe('ok');
    expect(view.steps.at(-1).state).toBe('skipped');

    backend.pages[0]!.delayMs = 0;
    const failing = (
      await send('jobs.submit', {
        session_id: a.session_id,
        steps: [{ method: 'page.click', params: { selector: '!!' } }, { method: 'page.snapshot' }],
      })
    ).result;
    await until(async () => (await send('jobs.get', { session_id: a.session_id, job_id: failing.job_id })).result.state !== 'running');
    const failed = (await send('jobs.get', { session_id: a.session_id, job_id: failing.job_id })).result;
    expect(failed.state).toBe('failed');
    expect(failed.steps.map((s: any) => s.state)).toEqual(['error', 'skipped']);
    expect(failed.steps[0].error.code).toBe('invalid_selector');
  });
});

describe('idle expiry', () => {
  it('closes sessions idle past the limit, releasing their pages, and says why afterwards', async () => {
    const backend = new StubBackend();
    const provider = new Provider({ backend, log: () => undefined, idleTimeoutMs: 60 });
    const d = new Dispatcher(provider);
    const s = ((await d.handle({ protocol_version: '0.1', id: 1, method: 'session.ensure', params: {} })) as any).result;
    expect(backend.sessionsOpen).toBe(1);
    await until(async () => backend.sessionsOpen === 0);
    const late = (await d.handle({ protocol_version: '0.1', id: 2, method: 'page.snapshot', params: { session_id: s.session_id } })) as any;
    expect(late.error.code).toBe('session_not_found');
    expect(late.error.message).toMatch(/expired after 60 ms/);
    await provider.shutdown();
  });
});
