import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FIXTURE, startFixtureServer, type FixtureServer } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, pidLive } from '@browser-provider/core/host';
import { commandName, engineReady } from '@browser-provider/testing';
import { BROWSERS, type BrowserName } from './browsers';

/**
 * One `serve` over every installed engine (`--browser firefox,chrome,safari`): one session per
 * engine on the fixture site, each snapshotting and clicking; `describe` naming every family; a
 * method of one engine refused on another's session; and no browser left when stdin closes.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const CALL_GUARD_MS = 120_000;

const installed: BrowserName[] = BROWSERS.filter(engineReady);

/** Each engine asked for by another of its names, so the aliases are exercised too. */
const ASK_AS: Record<BrowserName, string> = { firefox: 'firefox-esr', chrome: 'chromium', safari: 'webkit' };

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(() => site.close());

interface Server {
  child: ChildProcessWithoutNullStreams;
  stderr: string[];
  call(method: string, params?: Record<string, unknown>): Promise<ResponseEnvelope>;
  /** Ends stdin, waits for the exit, and names the processes the server had started that are still alive. */
  stop(): Promise<string[]>;
}

function start(...args: string[]): Server {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (l) => stderr.push(l));
  const waiting = new Map<number, (e: ResponseEnvelope | Error) => void>();
  createInterface({ input: child.stdout }).on('line', (l) => {
    const env = JSON.parse(l) as ResponseEnvelope;
    if (typeof env.id === 'number') waiting.get(env.id)?.(env);
  });
  // A server that dies answers nothing more: say so at once, with what it logged.
  child.once('exit', (code, signal) => {
    for (const answer of waiting.values()) answer(new Error(`the server exited (${code ?? signal}); its log:\n${stderr.join('\n')}`));
  });
  let n = 0;
  const seen = new Set<number>();
  const track = () => {
    for (const pid of descendantsOf(child.pid as number)) seen.add(pid);
  };
  return {
    child,
    stderr,
    call(method, params = {}) {
      const id = ++n;
      // A generous guard, only so that a hang names the call and what the server logged.
      const answer = new Promise<ResponseEnvelope>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no answer to ${method} in ${CALL_GUARD_MS} ms; server log:\n${stderr.join('\n')}`)), CALL_GUARD_MS);
        waiting.set(id, (e) => {
          clearTimeout(t);
          waiting.delete(id);
          if (e instanceof Error) reject(e);
          else resolve(e);
        });
      });
      child.stdin.write(`${JSON.stringify({ protocol_version: '0.1', id, method, params })}\n`);
      return answer.finally(track);
    },
    async stop() {
      track();
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.stdin.end();
      const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
      if (code === 'hung') child.kill('SIGKILL');
      expect(code).toBe(0);
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.size).toBeGreaterThan(0);
      return [...seen].filter(pidLive).map((pid) => `${pid} ${commandName(pid)}`);
    },
  };
}

/** The browsers and drivers among the server's processes (tsx may run an esbuild service beside them). */
const browsersOf = (pid: number) => descendantsOf(pid).filter((p) => /firefox|chrom|webkit|minibrowser|xvfb/i.test(commandName(p)));

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
const err = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result).slice(0, 200)}`);
  return env.error;
};

describe.skipIf(installed.length < 2)(`serve --browser ${installed.join(',')}`, () => {
  it('drives a session on every engine through one server, and leaves no browser behind', { timeout: 300_000 }, async () => {
    const server = start('--browser', installed.join(','));
    try {
      const d = ok(await server.call('provider.describe'));
      expect(d.browser_families).toEqual(installed);
      expect(Object.keys(d.capabilities_by_family)).toEqual(installed);
      expect(d.default_browser.family).toBe(installed[0]);
      // Nothing has started before a session asks for it.
      expect(browsersOf(server.child.pid as number)).toEqual([]);

      const sessions = new Map<BrowserName, Record<string, any>>();
      for (const b of installed) {
        const s = ok(await server.call('session.ensure', { browser_preference: ASK_AS[b] }));
        expect(s.browser_family).toBe(b);
        sessions.set(b, s);
        ok(await server.call('page.open', { session_id: s.session_id, url: `${site.origin}${FIXTURE.home.path}` }));
        const snap = ok(await server.call('page.snapshot', { session_id: s.session_id }));
        const button = snap.elements.find((e: any) => e.name === FIXTURE.home.button);
        expect(button?.actionable).toBe(true);
        ok(await server.call('page.click', { session_id: s.session_id, element_ref: button.element_ref }));
        expect(ok(await server.call('page.wait', { session_id: s.session_id, text_present: FIXTURE.home.statusAfter, timeout_ms: 10_000 })).satisfied).toBe(true);
      }
      const pages = [...sessions.values()].map((s) => s.default_page_id);
      expect(new Set(pages).size).toBe(pages.length);

      const st = ok(await server.call('provider.status'));
      for (const b of installed) expect(st.status_by_family[b]).toMatchObject({ availability: 'ready', browser_running: true, sessions: 1 });

      // A custom method of one engine, on a session of another: refused, naming who offers it.
      const chrome = sessions.get('chrome');
      const other = [...sessions.entries()].find(([b]) => b !== 'chrome')?.[1];
      if (chrome !== undefined && other !== undefined) {
        expect(ok(await server.call('chrome.performance_metrics', { session_id: chrome.session_id })).metrics).toBeDefined();
        const e = err(await server.call('chrome.performance_metrics', { session_id: other.session_id }));
        expect(e).toMatchObject({ code: 'unsupported_method', details: { code: 'engine_lacks_method', offered_by: ['chrome'] } });
      }
      expect(err(await server.call('session.ensure', { browser_preference: 'netscape' }))).toMatchObject({ code: 'unsupported_target', details: { code: 'browser_family' } });
    } finally {
      expect(await server.stop()).toEqual([]);
    }
  });

  it('with --prelaunch starts every engine at server start, and stops those nobody used', { timeout: 300_000 }, async () => {
    const server = start('--browser', installed.join(','), '--prelaunch');
    try {
      const started = Date.now();
      while (installed.some((b) => !server.stderr.some((l) => l.includes(`prelaunched ${b}`)))) {
        if (Date.now() - started > 180_000) throw new Error(`not every engine prelaunched: ${server.stderr.join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(browsersOf(server.child.pid as number).length).toBeGreaterThanOrEqual(installed.length);
      const first = installed[0] as BrowserName;
      const s = ok(await server.call('session.ensure', {}));
      expect(s.browser_family).toBe(first);
      ok(await server.call('page.open', { session_id: s.session_id, url: `${site.origin}${FIXTURE.home.path}` }));
      expect(ok(await server.call('page.snapshot', { session_id: s.session_id })).elements.length).toBeGreaterThan(0);
    } finally {
      expect(await server.stop()).toEqual([]);
    }
  });
});
