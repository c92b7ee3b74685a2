import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderClient } from './client';
import { CallAbortedError, CallTimeoutError, ProtocolViolationError, ProviderExitedError } from './client-errors';
import { startFixtureServer } from './fixtures/server';
import { fakeProviderCommand } from './testing/fake-command';

const open: ProviderClient[] = [];
function client(...args: string[]): ProviderClient {
  const c = new ProviderClient({ command: fakeProviderCommand(...args), defaultTimeoutMs: 10_000 });
  open.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close(2_000)));
});

describe('ProviderClient', { timeout: 20_000 }, () => {
  it('matches pipelined responses by id, whatever order they come back in', async () => {
    const c = client();
    const order: string[] = [];
    const slow = c.call('fake.sleep', { ms: 400 }).then((r) => (order.push('sleep'), r));
    const fast = c.call('provider.describe').then((r) => (order.push('describe'), r));
    const [s, d] = await Promise.all([slow, fast]);
    expect(order).toEqual(['describe', 'sleep']);
    expect(s.ok && s.result).toEqual({ slept: 400 });
    expect(d.ok && (d.result as { provider_id: string }).provider_id).toBe('fake');
    expect(c.violations).toEqual([]);
  });

  it('collects events apart from responses', async () => {
    await using fixture = await startFixtureServer();
    const c = client();
    const ensured = await c.call('session.ensure', { client_session_id: 'x' });
    if (!ensured.ok) throw new Error('ensure failed');
    const { session_id } = ensured.result as { session_id: string };
    const opened = await c.call('page.open', { session_id, url: `${fixture.origin}/` });
    expect(opened.ok).toBe(true);
    expect(c.events).toEqual([
      { protocol_version: '0.1', event: 'page.navigated', payload: expect.objectContaining({ session_id, url: `${fixture.origin}/` }) },
    ]);
  });

  it('returns ok:false answers as data', async () => {
    const r = await client().call('page.snapshot', { session_id: 'nope' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('session_not_found');
  });

  it('callRaw sends an envelope verbatim and matches the answer by its own id', async () => {
    const c = client();
    const wrongVersion = await c.callRaw({ protocol_version: '9.9', id: 42, method: 'provider.status', params: {} });
    expect(wrongVersion).toMatchObject({ id: 42, ok: false, error: { code: 'invalid_request' } });
    const ok = await c.callRaw({ protocol_version: '0.1', id: 'raw-1', method: 'provider.status' });
    expect(ok).toMatchObject({ id: 'raw-1', ok: true });
    expect(c.violations).toEqual([]);
  });

  it('gets the id:null answer to a malformed line via sendRaw', async () => {
    const c = client();
    c.sendRaw('this is not json');
    const e = await c.nextOrphanError(5_000);
    expect(e).toMatchObject({ id: null, ok: false, error: { code: 'invalid_request' } });
    // The provider survives it.
    expect((await c.call('provider.status')).ok).toBe(true);
  });

  it.each([
    ['bad-envelope', /malformed response envelope/],
    ['bad-result', /provider.describe result off-schema/],
  ])('fails the call when the provider answers off-schema (%s)', async (flag, message) => {
    const c = client('--break', flag);
    await expect(c.call('provider.describe')).rejects.toThrow(message);
    expect(c.violations).toHaveLength(1);
    expect(c.violations[0]).toBeInstanceOf(ProtocolViolationError);
  });

  it('records stray non-JSON on stdout as a violation without losing later answers', async () => {
    const c = client('--break', 'noise');
    expect((await c.call('provider.status')).ok).toBe(true);
    expect(c.violations.map((v) => v.message)).toEqual([expect.stringContaining('not JSON')]);
  });

  it('times out a call that is never answered', async () => {
    const c = client('--break', 'hang');
    await expect(c.call('fake.sleep', {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(CallTimeoutError);
    expect((await c.call('provider.status')).ok).toBe(true);
  });

  it('honours an abort signal', async () => {
    const c = client();
    const controller = new AbortController();
    const pending = c.call('fake.sleep', { ms: 5_000 }, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toBeInstanceOf(CallAbortedError);
  });

  it('rejects in-flight calls when the provider dies, and reports its exit code', async () => {
    const c = client('--break', 'crash-on-open');
    const r = c.call('page.open', { session_id: 's', url: 'http://127.0.0.1:9/' });
    await expect(r).rejects.toBeInstanceOf(ProviderExitedError);
    expect(await c.close()).toEqual({ code: 1, signal: null, killed: false });
  });

  it('closes stdin and sees a clean exit', async () => {
    expect(await client().close()).toEqual({ code: 0, signal: null, killed: false });
    expect(await client('--break', 'exit-code').close()).toEqual({ code: 3, signal: null, killed: false });
  });

  it('kills a provider that ignores the end of stdin', async () => {
    const c = client('--break', 'linger');
    await c.call('provider.status'); // make sure it is up before closing
    const exit = await c.close(500);
    expect(exit.killed).toBe(true);
    expect(exit.signal).toBe('SIGTERM');
  });

  it('writes stderr to the log and keeps its tail', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-client-'));
    try {
      const log = join(dir, 'stderr.log');
      const c = new ProviderClient({ command: fakeProviderCommand('--break', 'page-x'), stderrLog: log });
      await c.call('provider.status');
      await c.close();
      expect(await readFile(log, 'utf8')).toContain('[fake] started with --break page-x');
      expect(c.stderr()).toContain('[fake] started');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a command that cannot start', async () => {
    const c = new ProviderClient({ command: ['/nonexistent/provider-binary'] });
    await expect(c.call('provider.describe')).rejects.toThrow(/could not be started|closed/);
    expect((await c.close()).code).toBeNull();
  });
});
