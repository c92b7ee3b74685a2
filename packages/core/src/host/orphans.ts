import { lstatSync, readlinkSync, unlinkSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { commandLine, descendantsOf, pidLive } from './procfs';

/**
 * Recovering a persistent profile whose holder died and left its browser running (or its lock files
 * behind). Browsers record their own pid in a lock in the profile (a symlink naming host and pid);
 * the adapter says which files and how to read them. Called only after the provider's own profile
 * lock was granted, so no live provider uses the directory.
 */

export interface BrowserLock {
  /** File name in the profile directory (e.g. `SingletonLock`). */
  file: string;
  /** The holder's pid from the link target, when the target names this host; else undefined (left alone). */
  pidOf(target: string): number | undefined;
  /** Files removed together with this one once its holder is dead (e.g. `SingletonSocket`). */
  companions?: string[];
}

export interface Recovery {
  /** Pids killed: orphaned browsers on this profile and their descendants. */
  killed: number[];
  /** Lock files removed. */
  cleared: string[];
}

/** Whether `pid` runs with `dir` in its argv (`--profile <dir>`, `--user-data-dir=<dir>`, …). */
export function runsOnDir(pid: number, dir: string): boolean {
  const want = resolve(dir);
  const argv = commandLine(pid);
  if (!argv) return false;
  return argv.some((a) => {
    const value = a.startsWith('-') && a.includes('=') ? a.slice(a.indexOf('=') + 1) : a;
    return value !== '' && resolve(value) === want;
  });
}

/** Addresses and names by which a lock's host part means this machine. */
export function isThisHost(host: string): boolean {
  if (host === hostname() || host === 'localhost' || /^127\./.test(host) || host === '::1') return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === host));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * For each lock of `dir`: when it names a live process of this host that really runs on `dir`
 * (checked in /proc/<pid>/cmdline: a pid reused by an unrelated process is never signalled), SIGKILLs
 * it and its descendants; then removes a lock whose holder is dead. A lock naming a live process
 * that is not on `dir` is stale too (the number was reused) and is removed; one of another host is kept.
 */
export async function recoverProfile(dir: string, locks: BrowserLock[]): Promise<Recovery> {
  const out: Recovery = { killed: [], cleared: [] };
  for (const lock of locks) {
    const path = join(dir, lock.file);
    let target: string;
    try {
      target = lstatSync(path).isSymbolicLink() ? readlinkSync(path) : '';
    } catch {
      continue;
    }
    const pid = lock.pidOf(target);
    if (pid === undefined) continue;
    if (pidLive(pid) && runsOnDir(pid, dir)) {
      const victims = [...descendantsOf(pid), pid];
      for (const v of victims) {
        try {
          process.kill(v, 'SIGKILL');
          out.killed.push(v);
        } catch {
          // Gone meanwhile.
        }
      }
      for (let i = 0; i < 80 && victims.some(pidLive); i++) await sleep(25);
      if (pidLive(pid)) continue;
    }
    for (const f of [lock.file, ...(lock.companions ?? [])]) {
      try {
        unlinkSync(join(dir, f));
        out.cleared.push(f);
      } catch {
        // Not there.
      }
    }
  }
  return out;
}
