import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeadlineExceeded, deadline, ProviderError } from '@browser-provider/core/toolkit';
import { describe, expect, it } from 'vitest';
import { DriverConnection } from './connection';
import type { ClassicLauncher, DriverEndpoint } from './launcher';

/**
 * A stand-in WebDriver server: answers New Session, and Execute Script only when told to; until then
 * a script request hangs like a wedged driver's. It records when a hanging request's connection is
 * closed by the client, which is what an abort on the wire looks like from the driver's side.
 */
async function wedgedDriver() {
  let answering = false;
  const hung: Array<{ res: ServerResponse; closed: Promise<void> }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ value }));
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/session') return json(200, { sessionId: 's1', capabilities: { browserName: 'stub' } });
      if (req.url === '/session/s1/execute/sync') {
        if (answering) return json(200, 42);
        hung.push({ res, closed: new Promise((r) => res.on('close', () => r())) });
        return;
      }
      if (req.method === 'DELETE') return json(200, null);
      json(404, { error: 'unknown command', message: `${req.method} ${req.url}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const endpoint: DriverEndpoint = { port, exitReason: undefined, exited: new Promise(() => undefined), pids: () => [], kill: async () => undefined };
  const launcher: ClassicLauncher = { isolation: 'per_process', startDriver: async () => endpoint, capabilities: () => ({}), shutdown: async () => undefined };
  return {
    endpoint,
    launcher,
    hung,
    answer: () => (answering = true),
    close: () => {
      for (const h of hung) h.res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('DriverConnection against a driver that never answers', () => {
  it('aborts the command on the wire at its deadline, and the next command runs', { timeout: 30_000 }, async () => {
    const driver = await wedgedDriver();
    try {
      const conn = await DriverConnection.open(driver.endpoint, driver.launcher, AbortSignal.timeout(10_000));
      const d = deadline(300);
      const failed = await conn.run(d.signal, (c) => c.executeScript('return 1', [])).then(
        () => 'answered',
        (e: unknown) => e,
      );
      d.dispose();
      // The deadline's own reason: the dispatcher turns it into not_ready / outcome_unknown (or
      // navigation_timeout for a navigation), never internal_error.
      expect(failed).toBeInstanceOf(DeadlineExceeded);
      expect(failed).not.toBeInstanceOf(ProviderError);
      // The request itself was cancelled, not just abandoned: the driver sees its connection close.
      expect(driver.hung).toHaveLength(1);
      await driver.hung[0]!.closed;

      // The one-command-at-a-time queue moved on: a later command is not stuck behind the wedged one.
      driver.answer();
      expect(await conn.run(AbortSignal.timeout(10_000), (c) => c.executeScript('return 1', []))).toBe(42);
      await conn.close('test over');
    } finally {
      await driver.close();
    }
  });
});

describe('DriverConnection when its driver dies under a command', () => {
  it('waits for the exit that trails a refused wire, so the caller and alive agree at once', { timeout: 30_000 }, async () => {
    // A driver that hangs up on the command, and whose exit event comes 150 ms later, as a SIGKILLed
    // driver's does on a loaded machine.
    let settle: (how: string) => void = () => undefined;
    const exited = new Promise<string>((r) => (settle = r));
    const endpoint = { port: 0, exitReason: undefined as string | undefined, exited, pids: () => [], kill: async () => undefined };
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/session') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: { sessionId: 's1', capabilities: {} } }));
          return;
        }
        res.socket?.destroy();
        setTimeout(() => {
          endpoint.exitReason = 'signal SIGKILL';
          settle('signal SIGKILL');
        }, 150);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    (endpoint as { port: number }).port = (server.address() as AddressInfo).port;
    const launcher: ClassicLauncher = { isolation: 'per_process', startDriver: async () => endpoint, capabilities: () => ({}), shutdown: async () => undefined };
    try {
      const conn = await DriverConnection.open(endpoint, launcher, AbortSignal.timeout(10_000));
      const failed = await conn.run(AbortSignal.timeout(10_000), (c) => c.executeScript('return 1', [])).then(
        () => 'answered',
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(ProviderError);
      expect(failed).toMatchObject({ code: 'browser_not_running', details: { code: 'driver_exited' } });
      expect(conn.alive).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

/** A stand-in driver whose session can end under us, as WebKitWebDriver's does when its browser crashes. */
async function endingDriver() {
  let ended = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ value }));
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/session') return json(200, { sessionId: 's1', capabilities: {} });
      if (req.method === 'DELETE') return json(200, null);
      if (ended) return json(404, { error: 'invalid session id', message: 'session deleted because of page crash or hang' });
      json(200, req.url === '/session/s1/window' ? 'w1' : 1);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint: DriverEndpoint = { port: (server.address() as AddressInfo).port, exitReason: undefined, exited: new Promise(() => undefined), pids: () => [], kill: async () => undefined };
  const launcher: ClassicLauncher = { isolation: 'per_process', startDriver: async () => endpoint, capabilities: () => ({}), shutdown: async () => undefined };
  const open = () => DriverConnection.open(endpoint, launcher, AbortSignal.timeout(10_000));
  const call = (conn: DriverConnection) => conn.run(AbortSignal.timeout(10_000), (c) => c.executeScript('return 1', [])).then(() => 'answered', (e: unknown) => e);
  return { open, call, end: () => (ended = true), close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('DriverConnection after its session is gone', () => {
  it('answers a session the provider closed as session_not_found, as core does (not browser_not_running)', async () => {
    const driver = await endingDriver();
    try {
      const conn = await driver.open();
      expect(await driver.call(conn)).toBe('answered');
      await conn.close('closed by the client');
      expect(await driver.call(conn)).toMatchObject({ code: 'session_not_found', retryable: false, details: { code: 'session_closed', repair: { method: 'session.ensure' } } });
    } finally {
      await driver.close();
    }
  });

  it('answers a session the driver ended as the browser gone, the first call and every later one alike', async () => {
    const driver = await endingDriver();
    try {
      const conn = await driver.open();
      driver.end();
      const gone = { code: 'browser_not_running', retryable: false, details: { code: 'session_gone', repair: { method: 'session.ensure' } } };
      expect(await driver.call(conn)).toMatchObject(gone);
      expect(await driver.call(conn)).toMatchObject(gone);
    } finally {
      await driver.close();
    }
  });
});
