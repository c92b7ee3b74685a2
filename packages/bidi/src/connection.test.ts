import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@browser-provider/core/toolkit';
import { BidiConnection } from './connection';
import { startStubServer, type StubServer } from './testing/stub-server';

describe('BidiConnection', () => {
  let stub: StubServer;
  let conn: BidiConnection;
  beforeEach(async () => {
    stub = await startStubServer();
    conn = await BidiConnection.connect(stub.url, AbortSignal.timeout(5000));
  });
  afterEach(async () => {
    conn.close();
    await stub.close();
  });

  it('correlates concurrent responses by id, whatever their order', async () => {
    let release: (() => void) | undefined;
    stub.handle('slow', (_p, sock) => {
      release = () => sock.raw(JSON.stringify({ type: 'success', id: stub.received.find((r) => r.method === 'slow')!.id, result: { v: 'slow' } }));
      return 'hang';
    });
    stub.handle('fast', (p) => ({ v: p['n'] }));
    const slow = conn.sendRaw('slow', {});
    const fast = await Promise.all([1, 2, 3].map((n) => conn.sendRaw('fast', { n }) as Promise<{ v: number }>));
    expect(fast.map((r) => r.v)).toEqual([1, 2, 3]);
    release!();
    expect(await slow).toEqual({ v: 'slow' });
    expect(new Set(stub.received.map((r) => r.id)).size).toBe(4);
  });

  it('translates error replies through the error table', async () => {
    stub.handle('browsingContext.navigate', () => ({ error: 'no such frame', message: 'gone' }));
    const e = await conn.send('browsingContext.navigate', { context: 'c1', url: 'about:blank' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e).toMatchObject({ code: 'page_not_found', details: { code: 'frame_detached', bidi_error: 'no such frame' } });
  });

  it('rejects an aborted command promptly with the abort reason and ignores its late answer', async () => {
    let answer: (() => void) | undefined;
    stub.handle('hang', (_p, sock) => {
      const id = stub.received.at(-1)!.id;
      answer = () => sock.raw(JSON.stringify({ type: 'success', id, result: {} }));
      return 'hang';
    });
    const ac = new AbortController();
    const p = conn.sendRaw('hang', {}, ac.signal);
    await new Promise((r) => setTimeout(r, 20));
    const reason = new ProviderError('navigation_timeout', 'deadline');
    const t0 = Date.now();
    ac.abort(reason);
    await expect(p).rejects.toBe(reason);
    expect(Date.now() - t0).toBeLessThan(50);
    answer!();
    // The connection still works after a late answer to an aborted command.
    expect(await conn.sendRaw('other', {})).toEqual({});
    await expect(conn.sendRaw('x', {}, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('rejects every pending command with browser_not_running when the socket closes', async () => {
    stub.handle('hang', () => 'hang');
    const pending = [conn.sendRaw('hang', {}), conn.sendRaw('hang', {}), conn.sendRaw('hang', {})];
    await new Promise((r) => setTimeout(r, 20));
    let closedWith: ProviderError | undefined;
    conn.onClose((e) => (closedWith = e));
    stub.dropClients();
    const errors = await Promise.all(pending.map((p) => p.catch((e: unknown) => e)));
    for (const e of errors) {
      expect(e).toMatchObject({ code: 'browser_not_running', retryable: true, details: { code: 'connection_closed', repair: { method: 'session.ensure' } } });
    }
    expect(closedWith?.code).toBe('browser_not_running');
    expect(conn.closed).toBe(true);
    await expect(conn.sendRaw('later', {})).rejects.toMatchObject({ code: 'browser_not_running' });
  });

  it('labels a process exit seen by the launcher as process_exited', async () => {
    stub.handle('hang', () => 'hang');
    const p = conn.sendRaw('hang', {});
    conn.markClosed('process_exited');
    await expect(p).rejects.toMatchObject({ code: 'browser_not_running', details: { code: 'process_exited' } });
  });

  it('dispatches events to listeners of that event only, until unsubscribed', async () => {
    const seen: unknown[] = [];
    const off = conn.on('browsingContext.load', (p) => seen.push(p.context));
    conn.on('browsingContext.domContentLoaded', () => seen.push('wrong'));
    stub.event('browsingContext.load', { context: 'a' });
    await conn.sendRaw('sync', {});
    off();
    stub.event('browsingContext.load', { context: 'b' });
    await conn.sendRaw('sync', {});
    expect(seen).toEqual(['a']);
  });

  it('survives non-JSON and id-less messages', async () => {
    stub.handle('junk', (_p, sock) => {
      sock.raw('not json');
      sock.raw(JSON.stringify({ type: 'error', id: null, error: 'invalid argument', message: 'x' }));
      return { ok: true };
    });
    expect(await conn.sendRaw('junk', {})).toEqual({ ok: true });
  });

  it('types a command\'s params and result by its name (checked by tsc, not run)', async () => {
    stub.handle('browsingContext.getTree', () => ({ contexts: [{ context: 'c1', url: 'about:blank', children: [], userContext: 'default', originalOpener: null, clientWindow: 'w' }] }));
    const tree = await conn.send('browsingContext.getTree', { maxDepth: 0 });
    expect(tree.contexts[0]?.url).toBe('about:blank');
    const typeErrors = () => {
      // @ts-expect-error -- no such command
      void conn.send('browsingContext.navigat', { context: 'c1', url: 'about:blank' });
      // @ts-expect-error -- a misspelt param
      void conn.send('browsingContext.navigate', { contxt: 'c1', url: 'about:blank' });
      // @ts-expect-error -- a param of the wrong type
      void conn.send('browsingContext.navigate', { context: 'c1', url: 'about:blank', wait: 'loaded' });
      // @ts-expect-error -- a missing required param
      void conn.send('script.evaluate', { expression: '1', target: { context: 'c1' } });
      // @ts-expect-error -- a field the result does not have
      void conn.send('browsingContext.create', { type: 'tab' }).then((r) => r.contextId);
    };
    expect(typeof typeErrors).toBe('function');
  });

  it('fails to connect with browser_not_running', async () => {
    await stub.close();
    await expect(BidiConnection.connect(stub.url, AbortSignal.timeout(5000))).rejects.toMatchObject({ code: 'browser_not_running', details: { code: 'connect_failed' } });
  });
});
