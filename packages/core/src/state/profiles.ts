import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { pidLive } from '../host/procfs';

/**
 * Named persistent profiles: `<root>/<family>/<name>`, kept when sessions close, and used by one
 * session at a time across provider processes. The lock is a file in the profile directory naming its
 * holder (pid, host, session); a lock whose process is gone is stale and taken over.
 */

export const PROFILE_ROOT_ENV = 'BROWSER_PROVIDER_PROFILE_ROOT';
export const LOCK_FILE = 'browser-provider.lock';

/** `$BROWSER_PROVIDER_PROFILE_ROOT`, else `$XDG_DATA_HOME/browser-provider/profiles` (XDG: `~/.local/share` when unset or relative). */
export function defaultProfileRoot(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env[PROFILE_ROOT_ENV];
  if (explicit) return resolve(explicit);
  const xdg = env['XDG_DATA_HOME'];
  const data = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'share');
  return join(data, 'browser-provider', 'profiles');
}

/** Makes the profile directory when missing; `created` says whether this call made it. */
export function ensureProfileDir(root: string, family: string, name: string): { dir: string; created: boolean } {
  const dir = join(root, family, name);
  const made = mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { dir, created: made !== undefined };
}

/** What a lock file says. `owner` identifies the Provider instance, `token` this very lock. */
export interface LockRecord {
  pid: number;
  host: string;
  session_id: string;
  owner: string;
  token: string;
  acquired_at: string;
}

/** Lock files this process holds, by token: judges same-pid locks and is cleared on exit. */
const heldHere = new Map<string, string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous, so it also runs on process.exit(); a crash is covered by the stale-pid rule.
  process.on('exit', () => {
    for (const [token, file] of heldHere) removeIfOurs(file, token);
  });
}

function readLock(file: string): LockRecord | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw e;
  }
  try {
    const r = JSON.parse(text) as Partial<LockRecord>;
    if (typeof r.pid === 'number' && typeof r.token === 'string' && typeof r.host === 'string') {
      return { session_id: '', owner: '', acquired_at: '', ...r } as LockRecord;
    }
  } catch {
    // Not ours or damaged: treated as stale below.
  }
  return 'unreadable';
}

function removeIfOurs(file: string, token: string): void {
  try {
    const r = readLock(file);
    if (typeof r === 'object' && r.token === token) unlinkSync(file);
  } catch {
    // Best effort: a lock left behind names a dead pid and is taken over.
  }
}

/**
 * Whether the holder is gone. A lock of another host cannot be checked and counts as held; one of
 * this process counts as held while this process still holds it (several providers may share a pid).
 */
export function isStale(r: LockRecord): boolean {
  if (r.host !== hostname()) return false;
  if (r.pid === process.pid) return !heldHere.has(r.token);
  // host/procfs's test: a zombie (exited, not reaped) holds nothing, though kill(pid, 0) still finds it.
  return !pidLive(r.pid);
}

/** A held profile lock. `release` is idempotent and never removes a lock someone else took since. */
export class ProfileLock {
  #released = false;
  constructor(
    readonly file: string,
    readonly record: LockRecord,
  ) {}

  get released(): boolean {
    return this.#released;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    heldHere.delete(this.record.token);
    removeIfOurs(this.file, this.record.token);
  }
}

export type LockAttempt = { lock: ProfileLock } | { holder: LockRecord | undefined };

/**
 * Takes the lock of profile directory `dir` for `sessionId` of provider `owner`, or says who holds it.
 * The record is written to a private file first and hard-linked into place, so a lock file is never
 * seen half-written and `link` fails atomically when one exists.
 */
export function acquireProfileLock(dir: string, who: { sessionId: string; owner: string }): LockAttempt {
  installExitHook();
  const file = join(dir, LOCK_FILE);
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    session_id: who.sessionId,
    owner: who.owner,
    token: randomUUID(),
    acquired_at: new Date().toISOString(),
  };
  const draft = `${file}.${record.token}.tmp`;
  const fd = openSync(draft, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`);
  } finally {
    closeSync(fd);
  }
  let holder: LockRecord | undefined;
  try {
    // Bounded: each round either takes the lock, finds a live holder, or clears one stale lock.
    for (let round = 0; round < 5; round++) {
      try {
        linkSync(draft, file);
        heldHere.set(record.token, file);
        return { lock: new ProfileLock(file, record) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = readLock(file);
      if (seen === 'missing') continue;
      if (seen !== 'unreadable' && !isStale(seen)) return { holder: seen };
      holder = seen === 'unreadable' ? undefined : seen;
      takeOver(file, seen === 'unreadable' ? undefined : seen.token);
    }
    return { holder };
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Moves a stale lock aside atomically and deletes it, unless what was moved is not the lock judged
 * stale (another process replaced it meanwhile): that one is put back.
 */
function takeOver(file: string, staleToken: string | undefined): void {
  const aside = `${file}.${randomUUID()}.stale`;
  try {
    renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const moved = readLock(aside);
  const same = typeof moved === 'object' ? moved.token === staleToken : staleToken === undefined;
  if (!same) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone took the free slot meanwhile; their lock stands.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}
