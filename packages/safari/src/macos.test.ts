import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { OwnedProcess } from '@browser-provider/core/host';
import { ProviderError } from '@browser-provider/core/toolkit';
import type { Spawner } from './endpoint';
import { createSafariBackend, SAFARI_AUTOMATION_STEPS } from './index';

/**
 * The macOS launch path without Safari: a stub "safaridriver" is an in-process HTTP server bound to
 * the port the launcher passed as `--port N`, answering Status and New Session like safaridriver.
 */
const AUTOMATION_OFF =
  "Could not create a session: You must enable the 'Allow Remote Automation' option in Safari's Develop menu to control Safari via WebDriver.";

interface Stub {
  spawn: Spawner;
  calls: { command: string; args: string[] }[];
  requests: string[];
  servers: Server[];
}

function stubDriver(newSession: () => { status: number; value: unknown }): Stub {
  const stub: Stub = { calls: [], requests: [], servers: [], spawn: undefined as unknown as Spawner };
  stub.spawn = (command, args) => {
    stub.calls.push({ command, args });
    const port = Number(args[args.indexOf('--port') + 1]);
    let exitReason: string | undefined;
    let resolveExit: (how: string) => void = () => undefined;
    const exited = new Promise<string>((r) => (resolveExit = r));
    const server = createServer((req, res) => {
      stub.requests.push(`${req.method} ${req.url}`);
      const reply = req.url === '/status' ? { status: 200, value: { ready: true } } : req.method === 'POST' && req.url === '/session' ? newSession() : { status: 200, value: null };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: reply.value }));
    });
    server.listen(port, '127.0.0.1');
    stub.servers.push(server);
    const proc: OwnedProcess = {
      // The stub listens in this process, so this is the "driver" whose socket the port check finds.
      pid: process.pid,
      get alive() {
        return exitReason === undefined;
      },
      get exitReason() {
        return exitReason;
      },
      exited,
      drained: exited,
      output: [],
      onLine: () => () => true,
      async kill() {
        if (exitReason !== undefined) return;
        exitReason = 'signal SIGTERM';
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
        resolveExit(exitReason);
      },
    };
    return proc;
  };
  return stub;
}

describe('Safari on macOS (stub safaridriver)', () => {
  let stub: Stub | undefined;
  afterEach(async () => {
    await Promise.all(stub?.servers.map((s) => new Promise((r) => s.close(r))) ?? []);
  });

  it('turns "Allow Remote Automation" into setup_required with the manual steps', async () => {
    stub = stubDriver(() => ({ status: 500, value: { error: 'session not created', message: AUTOMATION_OFF } }));
    const backend = createSafariBackend({ platform: 'darwin', spawn: stub.spawn, safaridriverPath: '/stub/safaridriver', pageScript: () => '' });
    expect(backend.info).toMatchObject({ family: 'safari', browserLabel: 'Safari', engine: { automation: 'WebDriver (classic) via safaridriver' } });
    expect(backend.features()).not.toContain('isolated_contexts');
    const err = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(5000) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: 'setup_required', details: { code: 'remote_automation_disabled', manual_steps: SAFARI_AUTOMATION_STEPS } });
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]!.command).toBe('/stub/safaridriver');
    expect(stub.calls[0]!.args[0]).toBe('--port');
    // The failed driver was killed: nothing is left running.
    expect(backend.running()).toBe(false);
    expect(stub.servers[0]!.listening).toBe(false);
    await backend.shutdown();
  });

  it('classifies other New Session failures without claiming a setup problem', async () => {
    stub = stubDriver(() => ({ status: 500, value: { error: 'session not created', message: 'Could not create a session: The Safari instance is already paired with another WebDriver session.' } }));
    const backend = createSafariBackend({ platform: 'darwin', spawn: stub.spawn, safaridriverPath: '/stub/safaridriver', pageScript: () => '' });
    await expect(backend.createSession({ isolation: 'shared', attach: 'never', signal: AbortSignal.timeout(5000) })).rejects.toMatchObject({
      code: 'browser_not_running',
      details: { code: 'session_not_created' },
    });
    await backend.shutdown();
  });

  it('shares one driver session among sessions (Safari allows one) and quits it on shutdown', async () => {
    stub = stubDriver(() => ({ status: 200, value: { sessionId: 'S1', capabilities: { browserName: 'Safari', browserVersion: '18.1' } } }));
    const backend = createSafariBackend({ platform: 'darwin', spawn: stub.spawn, safaridriverPath: '/stub/safaridriver', pageScript: () => '' });
    const a = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(5000) });
    const b = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(5000) });
    expect([a.isolated, b.isolated]).toEqual([false, false]);
    expect(stub.calls).toHaveLength(1);
    expect(backend.running()).toBe(true);
    expect((await backend.status()).browser_version).toBe('18.1');
    await backend.shutdown();
    expect(stub.requests).toContain('DELETE /session/S1');
    expect(backend.running()).toBe(false);
    expect(stub.servers[0]!.listening).toBe(false);
  });

  it('refuses attach: require honestly', async () => {
    const backend = createSafariBackend({ platform: 'darwin', safaridriverPath: '/nonexistent', pageScript: () => '' });
    await expect(backend.createSession({ isolation: 'shared', attach: 'require', signal: AbortSignal.timeout(1000) })).rejects.toMatchObject({ code: 'unsupported_target' });
  });
});
