import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { commandName, describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { CHROME_ARGS, CHROME_SEARCH } from '@browser-provider/chrome';
import { descendantsOf, findExecutable, pidLive } from '@browser-provider/core/host';
import { FIREFOX_SEARCH } from '@browser-provider/firefox';

/**
 * Named persistent profiles on real browsers, through the CLI server: a cookie with an expiry
 * outlives its session, a profile in use is locked within and across provider processes, a session
 * without persist starts empty, and WebKit refuses persist.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
// `?set` stores a cookie that lasts a day; every load shows the cookies it sees in the title.
const PAGE = `<!doctype html><title>Profile</title><script>
if (location.search === '?set') document.cookie = 'persisted=yes; max-age=86400; path=/';
document.title = 'cookies: ' + (document.cookie || 'none');
</script>`;

const site = servePage(PAGE);
const root = mkdtempSync(join(tmpdir(), 'bp-profile-root-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
const err = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result)}`);
  return env.error;
};
const serve = (browser: string) =>
  new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser, '--profile-root', root], defaultTimeoutMs: 90_000 });
const titleAt = async (c: ProviderClient, sessionId: string, path: string) =>
  ok(await c.call('page.open', { session_id: sessionId, url: `${site.origin()}${path}` })).title as string;

const BROWSER_PROCESS: Record<string, RegExp> = { firefox: /^firefox/, chrome: /^chrom(e|ium)$/ };

/**
 * What a provider that died without its watchdog leaves behind: the browser still running on the
 * profile, in a session of its own, and a provider lock naming a pid that is gone.
 */
async function orphanOn(browser: string, dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const deadPid = await new Promise<number>((r) => {
    const c = spawn(process.execPath, ['-e', '']);
    c.once('exit', () => r(c.pid as number));
  });
  writeFileSync(join(dir, 'browser-provider.lock'), JSON.stringify({ pid: deadPid, host: hostname(), session_id: 'sess_gone', owner: 'gone', token: 'gone', acquired_at: new Date().toISOString() }));
  const [bin, args] =
    browser === 'firefox'
      ? [findExecutable(FIREFOX_SEARCH), ['--headless', '--no-remote', '--profile', dir, 'about:blank']]
      : [findExecutable(CHROME_SEARCH), [...CHROME_ARGS, `--user-data-dir=${dir}`, 'about:blank']];
  const child = spawn(bin as string, args, { detached: true, stdio: 'ignore', env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } });
  child.unref();
  // The browser's lock is a symlink to "<host>-<pid>" (Chrome) or "<ip>:+<pid>" (Firefox), a target
  // that does not exist: existsSync follows the link and says false, so look at the link itself.
  const lock = join(dir, browser === 'firefox' ? 'lock' : 'SingletonLock');
  const linked = () => lstatSync(lock, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  for (let i = 0; i < 300 && !linked(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!linked()) throw new Error(`${browser} wrote no lock in ${dir} within 30 s`);
  return child.pid as number;
}
// Each test starts up to three browsers and two servers; on a loaded 2-core machine that took 70 s.
const SLOW = { timeout: 240_000 };

for (const browser of BROWSERS) {
  // Asked through the protocol: whether its provider offers profiles.
  const probe = serve(browser);
  const persistent = (ok(await probe.call('provider.describe', {})).capabilities.features as string[]).includes('persistent_profile');
  await probe.close();

  // WebKit's automation mode keeps no website data, so only the BiDi engines offer profiles.
  (browser === 'safari' ? describe.skip : describeEngine(browser))(`persistent profiles on ${browser}`, () => {
    it('keeps a cookie across sessions, and locks the profile while a session holds it', SLOW, async () => {
      expect(persistent).toBe(true);
      const a = serve(browser);
      const b = serve(browser);
      try {
        const first = ok(await a.call('session.ensure', { persist: true, profile: 'p1' }));
        const family = first.browser_family as string;
        expect(first).toMatchObject({ isolation: 'per_jcode_session', profile: { name: 'p1', path: join(root, family, 'p1'), created: true } });
        expect(await titleAt(a, first.session_id, '/?set')).toBe('cookies: persisted=yes');

        const same = err(await a.call('session.ensure', { persist: true, profile: 'p1' }));
        expect(same).toMatchObject({ code: 'permission_denied', retryable: true, details: { code: 'profile_locked', profile: 'p1' } });
        expect(JSON.stringify(same)).not.toContain(first.session_id);
        const other = err(await b.call('session.ensure', { persist: true, profile: 'p1' }));
        expect(other).toMatchObject({ code: 'permission_denied', details: { code: 'profile_locked', holder_pid: a.pid } });
        expect(other.details).not.toHaveProperty('holder_session_id');

        const plain = ok(await a.call('session.ensure', {}));
        expect(plain).not.toHaveProperty('profile');
        expect(await titleAt(a, plain.session_id, '/')).toBe('cookies: none');

        ok(await a.call('session.close', { session_id: first.session_id }));
        expect(existsSync(join(root, family, 'p1'))).toBe(true);
        // Another provider process takes the freed profile and finds the cookie.
        const again = ok(await b.call('session.ensure', { persist: true, profile: 'p1' }));
        expect(again.profile).toMatchObject({ name: 'p1', created: false });
        expect(await titleAt(b, again.session_id, '/')).toBe('cookies: persisted=yes');
        expect(JSON.parse(readFileSync(join(root, family, 'p1', 'browser-provider.lock'), 'utf8'))).toMatchObject({ pid: b.pid, session_id: again.session_id });
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
      // Both servers are gone and so are their locks; the profile stays.
      expect(existsSync(join(root, browser, 'p1', 'browser-provider.lock'))).toBe(false);
      expect(existsSync(join(root, browser, 'p1'))).toBe(true);
    });

    it('frees the profile when its browser dies', SLOW, async () => {
      const c = serve(browser);
      try {
        const s = ok(await c.call('session.ensure', { persist: true, profile: 'p2' }));
        expect(await titleAt(c, s.session_id, '/')).toBe('cookies: none');
        const victims = descendantsOf(c.pid as number).filter((pid) => BROWSER_PROCESS[browser]?.test(commandName(pid)));
        expect(victims.length).toBeGreaterThan(0);
        for (const pid of victims) process.kill(pid, 'SIGKILL');
        expect(err(await c.call('page.open', { session_id: s.session_id, url: `${site.origin()}/` })).code).toBe('browser_not_running');
        let next: ResponseEnvelope | undefined;
        for (let i = 0; i < 50; i++) {
          next = await c.call('session.ensure', { persist: true, profile: 'p2' });
          if (next.ok || next.error.details.code !== 'profile_locked') break;
          await new Promise((r) => setTimeout(r, 200));
        }
        const fresh = ok(next as ResponseEnvelope);
        expect(await titleAt(c, fresh.session_id, '/')).toBe('cookies: none');
      } finally {
        await c.close();
      }
    });
  });

  (browser === 'safari' ? describe.skip : describeEngine(browser))(`a profile whose holder died, on ${browser}`, () => {
    it('is recovered: the browser left on it is ended by the pid in its lock, and the profile reopens', SLOW, async () => {
      const dir = join(root, browser, 'orphaned');
      const orphan = await orphanOn(browser, dir);
      const tree = [orphan, ...descendantsOf(orphan)];
      expect(pidLive(orphan)).toBe(true);
      const c = serve(browser);
      try {
        const s = ok(await c.call('session.ensure', { persist: true, profile: 'orphaned' }));
        expect(s.profile).toMatchObject({ name: 'orphaned', created: false });
        expect(await titleAt(c, s.session_id, '/')).toBe('cookies: none');
        expect(tree.filter(pidLive).map((pid) => `${pid} ${commandName(pid)}`)).toEqual([]);
      } finally {
        await c.close();
        for (const pid of tree) if (pidLive(pid)) process.kill(pid, 'SIGKILL');
      }
    });

    it('reopens after its server was killed -9, which leaves no browser behind', SLOW, async () => {
      const a = serve(browser);
      const s = ok(await a.call('session.ensure', { persist: true, profile: 'killed' }));
      expect(await titleAt(a, s.session_id, '/?set')).toBe('cookies: persisted=yes');
      const tree = descendantsOf(a.pid as number);
      expect(tree.length).toBeGreaterThan(0);
      process.kill(a.pid as number, 'SIGKILL');
      await a.close();
      for (let i = 0; i < 100 && tree.some(pidLive); i++) await new Promise((r) => setTimeout(r, 50));
      expect(tree.filter(pidLive).map((pid) => `${pid} ${commandName(pid)}`)).toEqual([]);
      const b = serve(browser);
      try {
        const again = ok(await b.call('session.ensure', { persist: true, profile: 'killed' }));
        expect(again.profile).toMatchObject({ name: 'killed', created: false });
      } finally {
        await b.close();
      }
    });
  });

  (browser === 'safari' ? describeEngine(browser) : describe.skip)(`persistent profiles on ${browser}`, () => {
    it('are not offered, and persist is refused with a repair without it', async () => {
      expect(persistent).toBe(false);
      const c = serve(browser);
      try {
        const refused = err(await c.call('session.ensure', { client_session_id: 'w', persist: true }));
        expect(refused).toMatchObject({
          code: 'unsupported_target',
          details: { code: 'persist_unsupported', repair: { method: 'session.ensure', params: { client_session_id: 'w' } } },
        });
      } finally {
        await c.close();
      }
    });
  });
}
