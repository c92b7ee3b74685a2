import { PassThrough } from 'node:stream';
import { ResponseEnvelope } from '@browser-provider/protocol';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { OpName } from '@browser-provider/page-script';
import { defineCustomMethod, type CustomMethod, type FrameKey } from '../backend';
import { Dispatcher } from './dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';
import { serveStdio } from '../transport/stdio';

/** `custom`: the stub engine's own methods, which the registry reads when the dispatcher starts. */
function setup(opts: { allowDebug?: boolean } = {}, custom: CustomMethod[] = []) {
  const backend = new StubBackend();
  backend.custom = custom;
  const logs: string[] = [];
  const provider = new Provider({ backend, log: (m) => logs.push(m), ...opts });
  const d = new Dispatcher(provider);
  let n = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    return env;
  };
  return { backend, provider, d, call, logs };
}

const errorOf = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result)}`);
  return env.error;
};
const resultOf = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};

describe('Dispatcher: bad input gets the right code and the server keeps serving', () => {
  const cases: { name: string; line: string; code: string; id: string | null; message?: RegExp }[] = [
    { name: 'malformed JSON', line: '{"protocol_version":"0.1", "id": 1,', code: 'invalid_request', id: null },
    { name: 'not an object', line: '[1,2]', code: 'invalid_request', id: null },
    { name: 'bad id type', line: '{"protocol_version":"0.1","id":{},"method":"provider.describe"}', code: 'invalid_request', id: null },
    { name: 'wrong protocol version', line: '{"protocol_version":"9","id":"a","method":"provider.describe"}', code: 'invalid_request', id: 'a', message: /protocol_version/ },
    { name: 'missing method', line: '{"protocol_version":"0.1","id":"a"}', code: 'invalid_request', id: 'a', message: /method/ },
    { name: 'params not an object', line: '{"protocol_version":"0.1","id":"a","method":"provider.status","params":[1]}', code: 'invalid_request', id: 'a', message: /params/ },
    { name: 'unknown method', line: '{"protocol_version":"0.1","id":"a","method":"page.teleport"}', code: 'unsupported_method', id: 'a' },
    { name: 'optional method the backend lacks', line: '{"protocol_version":"0.1","id":"a","method":"page.eval","params":{"session_id":"s","expression":"1"}}', code: 'unsupported_method', id: 'a' },
    { name: 'wrong param type names the field', line: '{"protocol_version":"0.1","id":"a","method":"page.open","params":{"session_id":"s","url":42}}', code: 'invalid_request', id: 'a', message: /url: expected string, got number/ },
    { name: 'missing required param', line: '{"protocol_version":"0.1","id":"a","method":"page.open","params":{"url":"http://x"}}', code: 'invalid_request', id: 'a', message: /session_id: required string/ },
    { name: 'unknown session', line: '{"protocol_version":"0.1","id":"a","method":"page.snapshot","params":{"session_id":"nope"}}', code: 'session_not_found', id: 'a' },
    { name: 'multi-megabyte param', line: JSON.stringify({ protocol_version: '0.1', id: 'a', method: 'page.type', params: { session_id: 's', selector: 'input', text: 'x'.repeat(3_000_000) } }), code: 'invalid_request', id: 'a', message: /text/ },
  ];
  it.each(cases)('$name → $code', async ({ line, code, id, message }) => {
    const { d, call } = setup();
    const env = await d.handleLine(line);
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    expect(env.id).toBe(id);
    const err = errorOf(env);
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
    expect(resultOf(await call('provider.status')).availability).toBe('ready');
  });

  it('answers unknown pages and closed sessions with their codes and a repair', async () => {
    const { call } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const page = errorOf(await call('page.snapshot', { session_id: s.session_id, page_id: 'page_999' }));
    expect(page.code).toBe('page_not_found');
    expect(page.details.repair?.method).toBe('tab.list');
    expect(resultOf(await call('session.close', { session_id: s.session_id })).closed).toBe(true);
    const gone = errorOf(await call('page.snapshot', { session_id: s.session_id }));
    expect(gone.code).toBe('session_not_found');
    expect(gone.message).toMatch(/closed by session.close/);
  });

  it('turns an unexpected throw into internal_error without leaking the stack', async () => {
    const { call, backend, logs } = setup();
    const s = resultOf(await call('session.ensure', {}));
    backend.pages[0]!.failOps.add('snapshot');
    const err = errorOf(await call('page.snapshot', { session_id: s.session_id }));
    expect(err.code).toBe('internal_error');
    expect(JSON.stringify(err)).not.toMatch(/secret/);
    expect(logs.join('\n')).toMatch(/secret/);
  });

  it('maps an invalid selector to invalid_selector', async () => {
    const { call } = setup();
    const s = resultOf(await call('session.ensure', {}));
    expect(errorOf(await call('page.click', { session_id: s.session_id, selector: '!!' })).code).toBe('invalid_selector');
  });

  it('types into a field the stub page reports as taking keys (the fuzz found page.type answered internal_error)', async () => {
    const { call, logs } = setup();
    const s = resultOf(await call('session.ensure', {}));
    expect(resultOf(await call('page.type', { session_id: s.session_id, selector: ' ', text: 'x' }))).toMatchObject({ typed: true });
    expect(logs.filter((l) => l.includes('internal error'))).toEqual([]);
  });
});

describe('Dispatcher: sessions, refs and deadlines', () => {
  it('refuses persist on an engine that cannot keep a profile, with a repair without it', async () => {
    const { call, backend } = setup();
    const err = errorOf(await call('session.ensure', { persist: true, client_session_id: 'c' }));
    expect(err).toMatchObject({ code: 'unsupported_target', details: { code: 'persist_unsupported', repair: { method: 'session.ensure', params: { client_session_id: 'c' } } } });
    expect(backend.sessionsOpen).toBe(0);
  });

  it('session.ensure is idempotent per client_session_id, also when concurrent', async () => {
    const { call, backend } = setup();
    const [a, b] = await Promise.all([call('session.ensure', { client_session_id: 'c1' }), call('session.ensure', { client_session_id: 'c1' })]);
    expect(resultOf(a).session_id).toBe(resultOf(b).session_id);
    const c = resultOf(await call('session.ensure', { client_session_id: 'c2' }));
    expect(c.session_id).not.toBe(resultOf(a).session_id);
    expect(backend.sessionsOpen).toBe(2);
  });

  it('keeps a ref for the same element, and refuses it as stale after navigation', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const snap1 = resultOf(await call('page.snapshot', { session_id: s.session_id }));
    const snap2 = resultOf(await call('page.snapshot', { session_id: s.session_id }));
    const button = snap1.elements.find((e: any) => e.role === 'button');
    expect(snap2.elements.find((e: any) => e.role === 'button').element_ref).toBe(button.element_ref);
    expect(snap2.rev).toBe(snap1.rev + 1);
    expect(snap1.text).toContain(`button "Go" [${button.element_ref}]`);
    // The answer names the point the pointer went to: the one the page's check chose.
    expect(resultOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref }))).toMatchObject({ clicked: true, point: { x: 10, y: 20 } });
    expect(backend.pages[0]!.clicks).toEqual([{ x: 10, y: 20 }]);

    resultOf(await call('page.open', { session_id: s.session_id, url: 'http://127.0.0.1:1/next' }));
    const stale = errorOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref }));
    expect(stale.code).toBe('element_not_found');
    expect(stale.details.code).toBe('stale_ref');
    expect(stale.details.repair?.method).toBe('page.snapshot');
    expect(stale.details.repair?.params.session_id).toBe(s.session_id);
    expect(backend.pages[0]!.clicks).toHaveLength(1);

    const snap3 = resultOf(await call('page.snapshot', { session_id: s.session_id }));
    const newRef = snap3.elements.find((e: any) => e.role === 'button').element_ref;
    expect(newRef).not.toBe(button.element_ref);
    const strict = errorOf(await call('page.click', { session_id: s.session_id, element_ref: newRef, rev: snap1.rev }));
    expect(strict.details.code).toBe('rev_mismatch');
  });

  it('screenshots one element by its ref, clipped to its box', async () => {
    const { call } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const button = resultOf(await call('page.snapshot', { session_id: s.session_id })).elements.find((e: any) => e.role === 'button');
    // The fuzz run met this as internal_error: the stand-in page's ops must answer every op they are sent.
    expect(resultOf(await call('page.screenshot', { session_id: s.session_id, element_ref: button.element_ref }))).toMatchObject({ media_type: 'image/png' });
  });

  it('answers missed, retryable, when the page guard cancelled a click that would have landed elsewhere', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const snap = resultOf(await call('page.snapshot', { session_id: s.session_id }));
    const button = snap.elements.find((e: any) => e.role === 'button');
    backend.pages[0]!.clickLands = false;
    const missed = errorOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref }));
    expect(missed.code).toBe('element_not_actionable');
    expect(missed.details.code).toBe('missed');
    expect(missed.retryable).toBe(true);
    expect(missed.details.repair?.method).toBe('page.snapshot');
    // Refused only after the whole check ran again on a fresh hit-test (at least once); each report
    // is read right after its dispatch, and a landed click (or none seen) is a success.
    expect(backend.pages[0]!.clicks.length).toBeGreaterThanOrEqual(2);
    expect(backend.pages[0]!.log.slice(-4)).toEqual(['prepare', 'clickReport', 'prepare', 'clickReport']);
    backend.pages[0]!.clickLands = null;
    expect(resultOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref })).clicked).toBe(true);
  });

  it('checks a click the guard cancelled from its first event again, and answers the retry that landed as a plain click', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const button = resultOf(await call('page.snapshot', { session_id: s.session_id })).elements.find((e: any) => e.role === 'button');
    const page = backend.pages[0]!;
    page.clickLands = false;
    // The page showed something else under the pointer once (a hover look still loading), then the target.
    const ask = page.call.bind(page);
    page.call = (async (frame: FrameKey, op: OpName, args: unknown, signal: AbortSignal) => {
      const r = await ask(frame, op, args as never, signal);
      if (op === 'clickReport') page.clickLands = true;
      return r;
    }) as typeof page.call;
    const env = await call('page.click', { session_id: s.session_id, element_ref: button.element_ref });
    expect(resultOf(env)).toMatchObject({ clicked: true });
    expect(resultOf(env)).not.toHaveProperty('interrupted');
    expect(env.ok && env.warnings).toEqual([]);
    expect(page.clicks).toHaveLength(2);
    expect(page.log.filter((op) => op === 'prepare' || op === 'clickReport')).toEqual(['prepare', 'clickReport', 'prepare', 'clickReport']);
  });

  it('answers an action whose after-action snapshot failed as done, with snapshot_missing and a warning', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const button = resultOf(await call('page.snapshot', { session_id: s.session_id })).elements.find((e: any) => e.role === 'button');
    backend.pages[0]!.failOps.add('snapshot');
    const env = await call('page.click', { session_id: s.session_id, element_ref: button.element_ref, snapshot: 'diff' });
    expect(resultOf(env)).toMatchObject({ clicked: true, snapshot_missing: { code: 'internal_error' } });
    expect(resultOf(env)).not.toHaveProperty('snapshot');
    if (env.ok) expect(env.warnings.join('\n')).toMatch(/The action was done, but the snapshot after it failed \(internal_error/);
    expect(backend.pages[0]!.clicks).toHaveLength(1);
  });

  it('answers a diff asked after a click that navigated with the new page whole', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    const button = resultOf(await call('page.snapshot', { session_id: s.session_id })).elements.find((e: any) => e.role === 'button');
    const stay = resultOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref, snapshot: 'diff' }));
    expect(stay.snapshot.diff).toMatchObject({ base_found: true });
    backend.pages[0]!.clickNavigates = true;
    const went = resultOf(await call('page.click', { session_id: s.session_id, element_ref: button.element_ref, snapshot: 'diff' }));
    expect(went.navigation_occurred).toBe(true);
    expect(went.snapshot).not.toHaveProperty('diff');
    expect(went.snapshot.text).toContain('Hello');
  });

  it('runs one session in arrival order and different sessions concurrently', async () => {
    const { call, backend } = setup();
    const a = resultOf(await call('session.ensure', {}));
    const b = resultOf(await call('session.ensure', {}));
    backend.pages[0]!.delayMs = 50;
    const order: string[] = [];
    const t0 = Date.now();
    await Promise.all([
      call('page.snapshot', { session_id: a.session_id }).then(() => order.push('a1')),
      call('page.wait', { session_id: a.session_id, text_present: 'x' }).then(() => order.push('a2')),
      call('provider.status').then(() => order.push('status')),
      call('page.snapshot', { session_id: b.session_id }).then(() => order.push('b1')),
    ]);
    expect(order.indexOf('a1')).toBeLessThan(order.indexOf('a2'));
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a2'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100);
  });

  it('answers a call that outlives timeout_ms, and the session keeps serving', async () => {
    const { call, backend } = setup();
    const s = resultOf(await call('session.ensure', {}));
    backend.pages[0]!.delayMs = 300;
    const err = errorOf(await call('page.snapshot', { session_id: s.session_id, timeout_ms: 50 }));
    expect(err.code).toBe('not_ready');
    expect(err.retryable).toBe(true);
    const nav = errorOf(await call('page.open', { session_id: s.session_id, url: 'http://127.0.0.1:1/', timeout_ms: 50 }));
    expect(nav.code).toBe('navigation_timeout');
    backend.pages[0]!.delayMs = 0;
    expect(resultOf(await call('page.snapshot', { session_id: s.session_id })).rev).toBeGreaterThan(0);
  });

  it('answers a session.ensure that outlives timeout_ms with the step it was in, and a repair that opens the session', async () => {
    const { call, backend } = setup();
    backend.createDelayMs = 300;
    const err = errorOf(await call('session.ensure', { client_session_id: 'slow', timeout_ms: 50 }));
    expect(err).toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'start_timeout', outcome: 'not_done', during: 'starting_session', timeout_ms: 50 } });
    expect(err.message).toMatch(/within 50 ms \(starting session\); no session was opened/);
    // No session exists to look at: the repair repeats the call, with the same client_session_id and more time.
    const repair = err.details.repair as { method: string; params: Record<string, unknown> };
    expect(repair).toMatchObject({ method: 'session.ensure', params: { client_session_id: 'slow', timeout_ms: 60_000 } });
    const s = resultOf(await call(repair.method, repair.params));
    expect(s.session_id).toMatch(/^sess_/);
    expect(backend.sessionsOpen).toBe(1);
  });

  it('answers a timed-out call made without a session with a repair that repeats it, not one that needs a session', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const { call } = setup({ allowDebug: true }, [
      defineCustomMethod({
        name: 'stub.slow',
        description: 'Answers after 300 ms',
        stability: 'experimental',
        // It does not list timeout_ms: the dispatcher still honours one, and the handler never sees it.
        params: z.object({ value: z.string() }),
        result: z.object({ value: z.string() }),
        sessionScoped: false,
        handle: async (p) => {
          seen.push(p);
          await new Promise((r) => setTimeout(r, 300));
          return { value: p.value };
        },
      }) as unknown as CustomMethod,
    ]);
    expect(errorOf(await call('stub.slow', { value: 'x', timeout_ms: -5 }))).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('timeout_ms') });
    const err = errorOf(await call('stub.slow', { value: 'x', timeout_ms: 50 }));
    expect(err).toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'call_timeout', outcome: 'not_done', timeout_ms: 50 } });
    expect(err.message).toMatch(/within 50 ms; nothing was changed/);
    // Not `page.snapshot`: there is no session to fill in. The same call, with more time.
    const repair = err.details.repair as { method: string; params: Record<string, unknown> };
    expect(repair).toMatchObject({ method: 'stub.slow', params: { value: 'x', timeout_ms: 60_000 } });
    expect(resultOf(await call(repair.method, repair.params)).value).toBe('x');
    expect(seen).toEqual([{ value: 'x' }, { value: 'x' }]);
  });

  it('says a cut-off custom method that may have acted has an unknown outcome, and one that only reads did nothing', async () => {
    const slow = (name: string, mutating: boolean) =>
      defineCustomMethod({
        name,
        description: 'Answers after 300 ms',
        stability: 'experimental',
        params: z.object({ session_id: z.string() }),
        result: z.object({ ok: z.boolean() }),
        sessionScoped: true,
        ...(mutating ? { mutating: true } : {}),
        handle: async () => {
          await new Promise((r) => setTimeout(r, 300));
          return { ok: true };
        },
      }) as unknown as CustomMethod;
    const { call } = setup({ allowDebug: true }, [slow('stub.act', true), slow('stub.read', false)]);
    const s = resultOf(await call('session.ensure', {}));
    // A raw command or input that ran out of time may have reached the browser: not "nothing was changed".
    const acted = errorOf(await call('stub.act', { session_id: s.session_id, timeout_ms: 50 }));
    expect(acted).toMatchObject({ details: { code: 'outcome_unknown', outcome: 'unknown', timeout_ms: 50 } });
    const read = errorOf(await call('stub.read', { session_id: s.session_id, timeout_ms: 50 }));
    expect(read).toMatchObject({ details: { code: 'outcome_unknown', outcome: 'not_done', timeout_ms: 50 } });
    // The message says the same as details.outcome, not that a read's outcome is unknown.
    expect([acted.message, read.message]).toEqual([
      'stub.act did not finish within 50 ms; its outcome is unknown.',
      'stub.read did not finish within 50 ms; it only reads, so nothing was changed.',
    ]);
  });

  it('says which custom methods can act, and while a job runs refuses those as job_active and runs those that read', async () => {
    const method = (name: string, mutating: boolean) =>
      defineCustomMethod({
        name,
        description: 'Answers at once',
        stability: 'experimental',
        params: z.object({ session_id: z.string() }),
        result: z.object({ ok: z.boolean() }),
        sessionScoped: true,
        ...(mutating ? { mutating: true } : {}),
        handle: async () => ({ ok: true }),
      }) as unknown as CustomMethod;
    const { backend, call } = setup({}, [method('stub.act', true), method('stub.read', false)]);
    const listed = resultOf(await call('provider.describe')).capabilities.custom_methods;
    expect(listed.filter((m: any) => m.name.startsWith('stub.')).map((m: any) => [m.name, m.mutating])).toEqual([
      ['stub.act', true],
      ['stub.read', false],
    ]);
    const s = resultOf(await call('session.ensure', {}));
    backend.pages[0]!.delayMs = 300;
    const job = resultOf(await call('jobs.submit', { session_id: s.session_id, steps: [{ method: 'page.snapshot' }] }));
    expect(job.state).toBe('running');
    const refused = errorOf(await call('stub.act', { session_id: s.session_id }));
    expect(refused).toMatchObject({ code: 'not_ready', details: { code: 'job_active', job_id: job.job_id } });
    expect(resultOf(await call('stub.read', { session_id: s.session_id })).ok).toBe(true);
  });

  it("refuses another session's page as tab_leased, and lists each session only its own tabs", async () => {
    const { call } = setup();
    const a = resultOf(await call('session.ensure', {}));
    const b = resultOf(await call('session.ensure', {}));
    const leased = errorOf(await call('page.snapshot', { session_id: b.session_id, page_id: a.default_page_id }));
    expect(leased).toMatchObject({ code: 'permission_denied', details: { code: 'tab_leased' } });
    // A session id is a session's credential: B must not learn A's from the refusal.
    expect(JSON.stringify(leased)).not.toContain(a.session_id);
    const extra = resultOf(await call('tab.new', { session_id: a.session_id }));
    expect(extra.active).toBe(true);
    const tabsA = resultOf(await call('tab.list', { session_id: a.session_id })).tabs.map((t: any) => t.tab_id);
    const tabsB = resultOf(await call('tab.list', { session_id: b.session_id })).tabs.map((t: any) => t.tab_id);
    expect(tabsA).toEqual([a.default_page_id, extra.tab_id]);
    expect(tabsB).toEqual([b.default_page_id]);
    expect(errorOf(await call('tab.close', { session_id: b.session_id, tab_id: extra.tab_id })).details.code).toBe('tab_leased');
    expect(resultOf(await call('tab.close', { session_id: a.session_id, tab_id: extra.tab_id })).closed).toBe(true);
    const closed = errorOf(await call('page.snapshot', { session_id: a.session_id, page_id: extra.tab_id }));
    expect(closed).toMatchObject({ code: 'page_not_found', details: { code: 'page_closed' } });
    // A closed page's id is never handed out again.
    const again = resultOf(await call('tab.new', { session_id: b.session_id }));
    expect([a.default_page_id, b.default_page_id, extra.tab_id]).not.toContain(again.tab_id);
  });

  it('refuses file: URLs and non-URLs', async () => {
    const { call } = setup();
    const s = resultOf(await call('session.ensure', {}));
    expect(errorOf(await call('page.open', { session_id: s.session_id, url: 'file:///etc/passwd' })).code).toBe('permission_denied');
    expect(errorOf(await call('page.open', { session_id: s.session_id, url: 'not a url' })).code).toBe('invalid_request');
  });

  it('gates custom methods and advertises them with schemas', async () => {
    for (const allowDebug of [false, true]) {
      const { call } = setup({ allowDebug }, [
        defineCustomMethod({
          name: 'stub.echo',
          description: 'Echo',
          stability: 'experimental',
          params: z.object({ value: z.string() }),
          result: z.object({ value: z.string() }),
          sessionScoped: false,
          gate: 'allow-debug',
          handle: async (p) => ({ value: p.value }),
        }) as unknown as CustomMethod,
      ]);
      const described = resultOf(await call('provider.describe')).capabilities.custom_methods.find((m: any) => m.name === 'stub.echo');
      expect(described).toMatchObject({ name: 'stub.echo', gated: true, enabled: allowDebug });
      expect(described.input_schema.properties.value.type).toBe('string');
      const env = await call('stub.echo', { value: 'hi' });
      if (allowDebug) expect(resultOf(env).value).toBe('hi');
      else expect(errorOf(env)).toMatchObject({ code: 'permission_denied', details: { code: 'gated' } });
    }
  });
});

describe('stdio transport', () => {
  it('answers pipelined lines, rejects an oversized line, and ends when input ends', async () => {
    const backend = new StubBackend();
    const provider = new Provider({ backend, log: () => undefined });
    const input = new PassThrough();
    const output = new PassThrough();
    const { done } = serveStdio(provider, { input, output, maxLineBytes: 1024 });
    const chunks: string[] = [];
    output.on('data', (c: Buffer) => chunks.push(c.toString()));
    input.write('{"protocol_version":"0.1","id":1,"method":"provider.status"}\n{"protocol_version":"0.1","id":2,"met');
    input.write('hod":"provider.describe"}\n' + 'x'.repeat(5000) + '\nnot json\n');
    input.end('{"protocol_version":"0.1","id":3,"method":"provider.status"}');
    await done;
    const replies = chunks.join('').trim().split('\n').map((l) => JSON.parse(l));
    expect(replies).toHaveLength(5);
    for (const r of replies) expect(ResponseEnvelope.safeParse(r).success).toBe(true);
    expect(replies.filter((r) => r.ok).map((r) => r.id).sort()).toEqual([1, 2, 3]);
    const errors = replies.filter((r) => !r.ok);
    expect(errors.map((r) => r.error.details.code).sort()).toEqual(['parse_error', 'payload_too_large']);
  });
});
