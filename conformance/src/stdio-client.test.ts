import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CallAbortedError,
  CallTimeoutError,
  ProviderClosedError,
  ProviderExitedError,
  connectStdio,
  spawnProvider,
  type CallParams,
  type SpawnProviderOptions,
  type SpawnedProvider,
  type TypedProvider,
  type WireLine,
} from '@browser-provider/client/stdio';
import { fakeProviderCommand } from './testing/fake-command';

const alive = (pid: number | undefined) => pid !== undefined && spawnSync('kill', ['-0', String(pid)]).status === 0;
/** A killed process lingers until its new parent reaps it: poll (bounded) rather than judge at once. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

const open: SpawnedProvider[] = [];
function fake(args: string[] = [], options: SpawnProviderOptions = {}): SpawnedProvider {
  const p = spawnProvider({ command: fakeProviderCommand(...args), stderr: 'ignore', ...options });
  open.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close({ graceMs: 2_000 })));
});

/**
 * `@browser-provider/client`'s stdio client over a child process, against the fake provider here (a
 * stub provider: these tests are about the client's envelopes and its close, not a browser;
 * packages/client's client.browser.test.ts is). They live in conformance because the fake does, and
 * conformance depends on the client: a test in the client importing the fake would be a cycle.
 */
describe('spawnProvider (stdio client)', { timeout: 120_000 }, () => {
  it('answers envelopes typed by the method table, and close() leaves no process', async () => {
    const provider = fake();
    const described = await provider.call('provider.describe');
    expect(described.ok).toBe(true);
    if (described.ok) expect(described.result.protocol_version).toBe('0.1');
    const session = await provider.call('session.ensure', { client_session_id: 'client-test' });
    if (!session.ok) throw new Error(session.error.message);
    const bad = await provider.call('page.open', { session_id: 'no-such-session', url: 'http://127.0.0.1:9/' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBeTypeOf('string');
    const pid = provider.pid;
    expect(alive(pid)).toBe(true);
    await provider.close();
    expect(alive(pid)).toBe(false);
    expect(provider.exitStatus).toEqual({ code: 0, signal: null, killed: false });
    await expect(provider.call('provider.describe')).rejects.toThrow(/closed/);
  });

  it('callUntyped reaches a method outside the table and returns the envelope as sent', async () => {
    const r = await fake().callUntyped('fake.sleep', { ms: 5 });
    expect(r).toMatchObject({ protocol_version: '0.1', id: expect.any(Number), ok: true, result: { slept: 5 } });
  });

  it('onLine sees every line both ways, and a refused line fails the call it answers', async () => {
    const seen: WireLine[] = [];
    const refusal = new Error('capabilities off-schema');
    const provider = fake(['--break', 'bad-result'], {
      onLine: (line) => {
        seen.push(line);
        return line.direction === 'received' && line.text.includes('"capabilities":"none"') ? refusal : undefined;
      },
    });
    await expect(provider.call('provider.describe')).rejects.toBe(refusal);
    expect((await provider.call('provider.status')).ok).toBe(true);
    expect(seen.map((l) => [l.direction, l.request?.method])).toEqual([
      ['sent', 'provider.describe'],
      ['received', 'provider.describe'],
      ['sent', 'provider.status'],
      ['received', 'provider.status'],
    ]);
    expect(JSON.parse(seen[0]?.text ?? '')).toMatchObject({ protocol_version: '0.1', method: 'provider.describe', params: {} });
  });

  it('sendLine writes a line verbatim: answered by its id, or with id null when unreadable', async () => {
    const provider = fake();
    const wrongVersion = await provider.sendLine('{"protocol_version":"9.9","id":"raw-1","method":"provider.status","params":{}}', { id: 'raw-1' });
    expect(wrongVersion).toMatchObject({ id: 'raw-1', ok: false, error: { code: 'invalid_request' } });
    const notJson = await provider.sendLine('this is not json');
    expect(notJson).toMatchObject({ id: null, ok: false, error: { code: 'invalid_request' } });
    const slow = provider.sendLine('{"protocol_version":"0.1","id":7,"method":"fake.sleep","params":{"ms":300}}', { id: 7 });
    await expect(provider.sendLine('{}', { id: 7 })).rejects.toThrow(/already in flight/);
    expect(await slow).toMatchObject({ id: 7, ok: true });
  });

  it('bounds each call: CallTimeoutError, CallAbortedError, and the provider still answers later calls', async () => {
    const provider = fake(['--break', 'hang']);
    await expect(provider.callUntyped('fake.sleep', {}, { timeoutMs: 200 })).rejects.toBeInstanceOf(CallTimeoutError);
    const controller = new AbortController();
    const aborted = provider.callUntyped('fake.sleep', {}, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toBeInstanceOf(CallAbortedError);
    await expect(provider.call('provider.status', {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CallAbortedError);
    expect((await provider.call('provider.status', {}, { timeoutMs: 10_000 })).ok).toBe(true);
  });

  it('fails waiting calls with ProviderExitedError when the provider dies, and reports its exit', async () => {
    const chunks: string[] = [];
    const provider = fake(['--break', 'crash-on-open'], { stderr: (c) => chunks.push(c.toString()) });
    const r = provider.call('page.open', { session_id: 's', url: 'http://127.0.0.1:9/' });
    await expect(r).rejects.toBeInstanceOf(ProviderExitedError);
    await expect(r).rejects.toThrow(/exited \(code 1, signal none\).*\[fake\] started/s);
    expect(await provider.exited).toEqual({ code: 1, signal: null, killed: false });
    expect(provider.exitStatus).toEqual({ code: 1, signal: null, killed: false });
    expect(chunks.join('')).toContain('[fake] started with --break crash-on-open');
    await expect(provider.call('provider.status')).rejects.toBeInstanceOf(ProviderExitedError);
  });

  it('signals a provider that ignores the end of its stdin', async () => {
    const provider = fake(['--break', 'linger']);
    await provider.call('provider.status'); // up before closing
    await provider.close({ graceMs: 300 });
    expect(provider.exitStatus).toEqual({ code: null, signal: 'SIGTERM', killed: true });
  });

  it('with processGroup, close() also kills what the provider left behind', async () => {
    let reportPid: (pid: number) => void = () => undefined;
    const leftover = new Promise<number>((resolve) => (reportPid = resolve));
    // A "provider" that starts a process it never stops, and exits when its stdin ends.
    const provider = spawnProvider({
      command: ['sh', '-c', 'sleep 300 & echo "$!" >&2; exec cat >/dev/null'],
      stderr: (c) => reportPid(Number(c.toString().trim())),
      processGroup: true,
    });
    const pid = await leftover;
    expect(alive(pid)).toBe(true);
    await provider.close();
    expect(provider.exitStatus).toEqual({ code: 0, signal: null, killed: false });
    expect(await gone(pid)).toBe(true);
  });

  it('reports a command that cannot start', async () => {
    const provider = spawnProvider({ command: ['/nonexistent/provider-binary'] });
    await expect(provider.call('provider.describe')).rejects.toThrow(/could not be started: spawn \/nonexistent\/provider-binary ENOENT/);
    await provider.close();
    expect(provider.exitStatus).toEqual({ code: null, signal: null, killed: false });
  });
});

describe('connectStdio', () => {
  it('fails waiting calls with ProviderClosedError when the input ends', async () => {
    const [input, output] = [new PassThrough(), new PassThrough()];
    const provider = connectStdio({ input, output });
    const waiting = provider.call('provider.status');
    input.end();
    await expect(waiting).rejects.toBeInstanceOf(ProviderClosedError);
    expect(JSON.parse(String(output.read()))).toMatchObject({ method: 'provider.status', id: 1 });
  });
});

/** Compile-time only (tsc -p tsconfig.json checks this file): a wrong param must not type-check. */
export function typeChecks(p: TypedProvider): void {
  // @ts-expect-error url must be a string
  void p.call('page.open', { session_id: 's', url: 42 });
  // @ts-expect-error session_id is required by page.snapshot
  void p.call('page.snapshot', {});
  // @ts-expect-error not a method of the protocol
  void p.call('page.teleport', {});
  // @ts-expect-error page.click takes no `target` key (exactly-one-of is checked at run time)
  void p.call('page.click', { session_id: 's', target: 'e1' });
  const ok: CallParams<'page.click'> = { session_id: 's', element_ref: 'e1' };
  void p.call('page.click', ok).then((r) => (r.ok ? r.result.page_id.toUpperCase() : r.error.code));
  // The escape hatch takes any name; its result is unknown until checked.
  void p.callUntyped('firefox.whatever', { any: 'thing' }).then((r) => (r.ok ? (r.result as { x?: string }).x : r.error.code));
}
