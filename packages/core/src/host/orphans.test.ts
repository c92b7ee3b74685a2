import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverProfile, runsOnDir, type BrowserLock } from './orphans';
import { pidLive } from './procfs';

/** A lock like Chromium's: `SingletonLock` → `<host>-<pid>`. */
const LOCK: BrowserLock = {
  file: 'SingletonLock',
  companions: ['SingletonCookie'],
  pidOf: (t) => {
    const m = /^(.*)-(\d+)$/.exec(t);
    return m && m[1] === hostname() ? Number(m[2]) : undefined;
  },
};

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const p of pids.splice(0)) if (pidLive(p)) process.kill(p, 'SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function profile(): string {
  const d = mkdtempSync(join(tmpdir(), 'bp-orphan-test-'));
  dirs.push(d);
  return d;
}
/** A stand-in "browser": a process whose argv names `dir` (or not), with a child of its own. */
function fakeBrowser(args: string[]): number {
  const c = spawn('sh', ['-c', 'sleep 60 & wait', 'fake-browser', ...args], { detached: true, stdio: 'ignore' });
  c.unref();
  pids.push(c.pid as number);
  return c.pid as number;
}
const exists = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};

describe('recoverProfile', () => {
  it('kills the browser a dead holder left on the profile, with its children, and clears its lock', async () => {
    const dir = profile();
    const pid = fakeBrowser([`--user-data-dir=${dir}`]);
    await new Promise((r) => setTimeout(r, 100));
    expect(runsOnDir(pid, dir)).toBe(true);
    symlinkSync(`${hostname()}-${pid}`, join(dir, 'SingletonLock'));
    symlinkSync('12345', join(dir, 'SingletonCookie'));
    const got = await recoverProfile(dir, [LOCK]);
    expect(got.killed).toContain(pid);
    expect(got.killed.length).toBeGreaterThanOrEqual(2);
    expect(pidLive(pid)).toBe(false);
    expect(got.cleared).toEqual(['SingletonLock', 'SingletonCookie']);
    expect(exists(join(dir, 'SingletonLock'))).toBe(false);
  });

  it('never signals a live process that is not on the profile (a reused pid), and clears the stale lock', async () => {
    const dir = profile();
    const stranger = fakeBrowser(['--user-data-dir=/somewhere/else']);
    symlinkSync(`${hostname()}-${stranger}`, join(dir, 'SingletonLock'));
    const got = await recoverProfile(dir, [LOCK]);
    expect(got.killed).toEqual([]);
    expect(pidLive(stranger)).toBe(true);
    expect(got.cleared).toEqual(['SingletonLock']);
  });

  it('leaves a lock of another host alone', async () => {
    const dir = profile();
    symlinkSync(`not-${hostname()}-${process.pid}`, join(dir, 'SingletonLock'));
    expect(await recoverProfile(dir, [LOCK])).toEqual({ killed: [], cleared: [] });
    expect(exists(join(dir, 'SingletonLock'))).toBe(true);
    expect(existsSync(dir)).toBe(true);
  });
});
