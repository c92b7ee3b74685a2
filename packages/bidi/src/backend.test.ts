import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clickAt, pressKeys } from '@browser-provider/core';
import { OP_CALLER } from '@browser-provider/page-script';
import { listenerRecorderExpression, listenerRecorderSource } from '@browser-provider/page-script/recorder';
import { BidiBackend, type BidiAdapter } from './backend';
import { SANDBOX, sandboxedPageScript } from './page';
import { spawnOwned, type OwnedProcess } from '@browser-provider/core/host';
import { startStubServer, type StubServer } from './testing/stub-server';

/** BidiBackend against a scripted remote end; the "browser process" is a `sleep`. */
const sig = () => AbortSignal.timeout(5000);
const SOURCE = 'globalThis.__installed = true';

function adapter(stub: StubServer, procs: OwnedProcess[], attachUrl?: string, profileDirs: Array<string | undefined> = []): BidiAdapter {
  return {
    info: { providerId: 'stub-bidi', providerLabel: 'Stub', family: 'stub', browserLabel: 'Stub', engine: { name: 'Stub', automation: 'WebDriver BiDi' } },
    launch: async (_signal, profileDir) => {
      const process = spawnOwned('sleep', ['30']);
      procs.push(process);
      profileDirs.push(profileDir);
      return { url: stub.url, capabilities: {}, process };
    },
    ...(attachUrl ? { attachUrl } : {}),
    attachCapabilities: () => ({}),
    attachSteps: () => ['start the stub'],
    remoteCapabilities: () => ({ browserName: 'stub' }),
    status: async (live) => ({ availability: 'ready', browser_detected: true, browser_running: live.running, setup_state: 'complete', requires_manual_setup: false, recommended_browser: 'stub', manual_steps: [], diagnostics: [] }),
    features: () => [],
    optionalMethods: () => [],
    customMethods: () => [],
    navigationGraceMs: 60,
  };
}

describe('BidiBackend (stub remote end)', () => {
  let stub: StubServer;
  let procs: OwnedProcess[];
  let backend: BidiBackend;
  let profileDirs: Array<string | undefined>;
  beforeEach(async () => {
    stub = await startStubServer();
    procs = [];
    profileDirs = [];
    backend = new BidiBackend(adapter(stub, procs, undefined, profileDirs), { pageScript: () => SOURCE });
    let n = 0;
    stub.handle('browser.createUserContext', () => ({ userContext: `uc${++n}` }));
    stub.handle('script.addPreloadScript', () => ({ script: 'pre1' }));
    stub.handle('browsingContext.create', () => ({ context: `ctx${++n}` }));
  });
  afterEach(async () => {
    await backend.shutdown();
    await stub.close();
  });
  const sent = (method: string) => stub.received.filter((r) => r.method === method).map((r) => r.params);

  it('gives an isolated session its own user context with the page script preloaded, and removes both on close', async () => {
    expect(backend.running()).toBe(false);
    const s = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
    expect(backend.running()).toBe(true);
    expect(s).toMatchObject({ isolated: true, attached: false });
    expect(sent('session.subscribe')[0]?.['events']).toContain('browsingContext.navigationStarted');
    // The page script preloads into our sandbox realm, where every later call of ours runs.
    expect(sent('script.addPreloadScript')[0]).toEqual({ functionDeclaration: `function () {\n${sandboxedPageScript(SOURCE)}\n}`, userContexts: ['uc1'], sandbox: SANDBOX });
    // And the listener recorder, in the page's own realm (no sandbox): it must see the page's addEventListener.
    expect(sent('script.addPreloadScript')[1]).toEqual({ functionDeclaration: listenerRecorderSource(), userContexts: ['uc1'] });
    const page = await s.newPage(sig());
    expect(sent('browsingContext.create')).toEqual([{ type: 'tab', userContext: 'uc1' }]);
    await s.close(sig());
    expect(sent('browser.removeUserContext')).toEqual([{ userContext: 'uc1' }]);
    expect(sent('script.removePreloadScript')).toEqual([{ script: 'pre1' }, { script: 'pre1' }]);
    await expect(s.newPage(sig())).rejects.toMatchObject({ code: 'session_not_found' });
    expect(page.targetId).toBe('ctx2');
  });

  it('uses the default user context for shared sessions', async () => {
    const s = await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
    expect(s.isolated).toBe(false);
    expect(sent('browser.createUserContext')).toEqual([]);
    expect(sent('script.addPreloadScript')[0]?.['userContexts']).toEqual(['default']);
  });

  it('gives a session on a persistent profile a browser of its own, and quits it (only it) on close', async () => {
    expect(backend.features()).toContain('persistent_profile');
    const other = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
    const s = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig(), profile: { name: 'p', dir: '/profiles/p' } });
    expect(profileDirs).toEqual([undefined, '/profiles/p']);
    expect(s.isolated).toBe(true);
    // Its pages live in the default user context, the one a browser keeps on disk.
    expect(sent('browser.createUserContext')).toHaveLength(1);
    // Two preloads per session (the page script, the listener recorder); this session's come after the other's.
    expect(sent('script.addPreloadScript')[2]?.['userContexts']).toEqual(['default']);
    // The stub "browser" exits when asked to close, as a real one does.
    stub.handle('browser.close', () => {
      void procs[1]!.kill();
      return {};
    });
    let ended = false;
    void s.ended?.then(() => (ended = true));
    await s.close(sig());
    expect(ended).toBe(true);
    expect(sent('browser.close')).toHaveLength(1);
    expect(procs[1]!.alive).toBe(false);
    expect(procs[0]!.alive).toBe(true);
    await other.newPage(sig());
  });

  it('gives up a persistent-profile launch that hangs at launchTimeoutMs, even after a garbage collection', async () => {
    // AbortSignal.any([caller, AbortSignal.timeout(n)]) never fired here once V8 collected the timeout signal.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const hanging = new BidiBackend(
      { ...adapter(stub, procs), launch: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })) },
      { pageScript: () => SOURCE, launchTimeoutMs: 400 },
    );
    const started = Date.now();
    const outcome = hanging.createSession({ isolation: 'shared', attach: 'never', signal: AbortSignal.timeout(20_000), profile: { name: 'p', dir: '/profiles/p' } }).catch((e: unknown) => e);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 25));
      gc();
    }
    const e = await outcome;
    expect(e).toMatchObject({ code: 'browser_not_running', details: { code: 'launch_failed' }, message: 'Stub did not start on its profile within 400 ms.' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await hanging.shutdown();
  }, 30_000);

  it('ends a persistent session whose own browser died, reaping it', async () => {
    const s = await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig(), profile: { name: 'p', dir: '/profiles/p' } });
    process.kill(-procs[0]!.pid, 'SIGKILL');
    await s.ended;
    await expect(s.newPage(sig())).rejects.toMatchObject({ code: 'browser_not_running' });
    expect(backend.running()).toBe(false);
  });

  it('installs the page script when a document lacks it, then retries the op once', async () => {
    let installed = false;
    let recorder = false;
    stub.handle('script.evaluate', (p) => {
      // The page script in our sandbox; the listener recorder in the page's own realm beside it.
      if (p['expression'] === listenerRecorderExpression()) {
        recorder = true;
        expect(p['target']).toEqual({ context: 'frame-7' });
      } else {
        installed = p['expression'] === sandboxedPageScript(SOURCE);
        expect(p['target']).toEqual({ context: 'frame-7', sandbox: SANDBOX });
      }
      return { type: 'success', result: { type: 'undefined' } };
    });
    stub.handle('script.callFunction', (p) => {
      expect(p['functionDeclaration']).toBe(OP_CALLER);
      expect(p['arguments']).toEqual([{ type: 'string', value: 'doc' }, { type: 'string', value: '[]' }]);
      expect(p['target']).toEqual({ context: 'frame-7', sandbox: SANDBOX });
      return { type: 'success', result: installed ? { type: 'string', value: JSON.stringify({ ok: true, value: 'd1' }) } : { type: 'null' } };
    });
    const page = await (await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
    expect(await page.call('frame-7', 'doc', [], sig())).toBe('d1');
    expect(sent('script.callFunction')).toHaveLength(2);
    expect(recorder).toBe(true);
    stub.handle('script.callFunction', () => ({ type: 'success', result: { type: 'string', value: JSON.stringify({ ok: false, error: 'kaputt' }) } }));
    await expect(page.call('frame-7', 'doc', [], sig())).rejects.toMatchObject({ code: 'internal_error', details: { code: 'page_script_error' } });
  });

  it('fails an op whose document is replaced while it runs with not_ready/document_replaced', async () => {
    stub.handle('script.callFunction', (_p, sock) => {
      setTimeout(() => sock.event('browsingContext.navigationCommitted', { context: 'f1', navigation: 'n1', url: 'x' }), 20);
      return 'hang';
    });
    const page = await (await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
    await expect(page.call('f1', 'doc', [], sig())).rejects.toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'document_replaced' } });
  });

  it('reports navigated only when the click started a navigation that committed', async () => {
    const page = await (await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
    const ctx = page.targetId;
    expect(await clickAt(page, { x: 1, y: 2 }, sig())).toEqual({ navigated: false });
    stub.handle('input.performActions', (_p, sock) => {
      setTimeout(() => sock.event('browsingContext.navigationStarted', { context: ctx, navigation: 'n1', url: 'u' }), 10);
      setTimeout(() => sock.event('browsingContext.navigationCommitted', { context: ctx, navigation: 'n1', url: 'u' }), 100);
      return {};
    });
    expect(await clickAt(page, { x: 1, y: 2 }, sig())).toEqual({ navigated: true });
    stub.handle('input.performActions', (_p, sock) => {
      sock.event('browsingContext.navigationStarted', { context: ctx, navigation: 'n2', url: 'u#a' });
      sock.event('browsingContext.fragmentNavigated', { context: ctx, navigation: 'n2', url: 'u#a' });
      return {};
    });
    expect(await pressKeys(page, ['Enter'], sig())).toEqual({ navigated: false });
    // An iframe navigating is not a navigation of the page.
    stub.handle('input.performActions', (_p, sock) => {
      sock.event('browsingContext.navigationStarted', { context: 'child', navigation: 'n3', url: 'u' });
      return {};
    });
    expect(await clickAt(page, { x: 1, y: 2 }, sig())).toEqual({ navigated: false });
  });

  it('asks for the click report after the dispatch, or alongside it where the adapter says so; releases only after a failure', async () => {
    const order: string[] = [];
    stub.handle('input.performActions', async () => {
      order.push('perform sent');
      await new Promise((r) => setTimeout(r, 30));
      order.push('perform answered');
      return {};
    });
    const report = async (_s: AbortSignal, alongside: boolean) => {
      order.push(`report (alongside: ${alongside})`);
      return 'none' as const;
    };
    const page = await (await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
    expect(await clickAt(page, { x: 1, y: 2 }, sig(), report)).toEqual({ navigated: false });
    expect(order).toEqual(['perform sent', 'perform answered', 'report (alongside: false)']);
    // A click leaves nothing pressed, nor do keys let go within their own sequence: no release.
    expect(sent('input.releaseActions')).toEqual([]);
    await pressKeys(page, ['Control', 'a'], sig());
    expect(sent('input.releaseActions')).toEqual([]);

    const alongside = new BidiBackend({ ...adapter(stub, procs), reportAlongsideInput: true }, { pageScript: () => SOURCE });
    try {
      const page2 = await (await alongside.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
      order.length = 0;
      expect(await clickAt(page2, { x: 1, y: 2 }, sig(), report)).toEqual({ navigated: false });
      // Asked before the dispatch was answered (the page waits for the click to be over).
      expect([...order].sort()).toEqual(['perform answered', 'perform sent', 'report (alongside: true)']);
      expect(order.at(-1)).toBe('perform answered');
      // A failed dispatch may leave the button down: that one is released.
      stub.handle('input.performActions', () => ({ error: 'move target out of bounds', message: 'outside the viewport' }));
      await expect(clickAt(page2, { x: 1, y: 2 }, sig(), report)).rejects.toThrow();
      expect(sent('input.releaseActions')).toHaveLength(1);
    } finally {
      await alongside.shutdown();
    }
  });

  it('waits for the commit when navigating with waitUntil none', async () => {
    const page = await (await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() })).newPage(sig());
    let committed = false;
    stub.handle('browsingContext.navigate', (p, sock) => {
      expect(p['wait']).toBe('none');
      setTimeout(() => {
        committed = true;
        sock.event('browsingContext.navigationCommitted', { context: page.targetId, navigation: 'nav9', url: 'u' });
      }, 50);
      return { navigation: 'nav9', url: 'u' };
    });
    await page.navigate('http://x/', 'none', sig());
    expect(committed).toBe(true);
  });

  it('rejects pending calls with browser_not_running when the browser process dies, and relaunches', async () => {
    stub.handle('browsingContext.navigate', () => 'hang');
    const s = await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
    const page = await s.newPage(sig());
    const pending = page.navigate('http://x/', 'load', sig());
    process.kill(-procs[0]!.pid, 'SIGKILL');
    await expect(pending).rejects.toMatchObject({ code: 'browser_not_running', details: { code: 'process_exited' } });
    expect(backend.running()).toBe(false);
    await expect(s.newPage(sig())).rejects.toMatchObject({ code: 'browser_not_running' });
    await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
    expect(procs).toHaveLength(2);
    expect(backend.running()).toBe(true);
  });

  it('refuses attach "require" without an endpoint, with manual steps', async () => {
    await expect(backend.createSession({ isolation: 'shared', attach: 'require', signal: sig() })).rejects.toMatchObject({
      code: 'setup_required',
      details: { code: 'attach_not_configured', manual_steps: ['start the stub'] },
    });
  });

  it('attaches when configured, and detaches (session.end, no kill) when the last attached session closes', async () => {
    const attached = new BidiBackend(adapter(stub, procs, stub.url), { pageScript: () => SOURCE });
    const s = await attached.createSession({ isolation: 'per_jcode_session', attach: 'prefer', signal: sig() });
    expect(s.attached).toBe(true);
    expect(procs).toHaveLength(0);
    await s.close(sig());
    await new Promise((r) => setTimeout(r, 50));
    expect(sent('session.end')).toHaveLength(1);
    expect(sent('browser.close')).toHaveLength(0);
    await attached.shutdown();
  });

  it('shutdown closes the browser and kills the process group', async () => {
    await backend.createSession({ isolation: 'shared', attach: 'never', signal: sig() });
    const proc = procs[0]!;
    await backend.shutdown();
    expect(sent('browser.close')).toHaveLength(1);
    expect(proc.alive).toBe(false);
    expect(backend.running()).toBe(false);
  });
});
