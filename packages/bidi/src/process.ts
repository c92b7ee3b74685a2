import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

/**
 * A browser or driver process we launched. It runs in its own process group (`detached`) so that
 * killing the group also takes the browser's content processes and, for chromedriver, the Chrome it
 * started. A synchronous `process.on('exit')` hook kills every live group, so a crashing server
 * leaves no browser behind.
 */
export interface ManagedProcess {
  readonly pid: number;
  readonly alive: boolean;
  /** Settles when the process exits (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Stderr and stdout lines seen so far (bounded), for diagnostics. */
  readonly output: string[];
  /** Registers a listener for each output line (stderr and stdout). */
  onLine(listener: (line: string) => void): () => void;
  /** SIGTERM to the group, SIGKILL after `graceMs`; then removes `cleanupDirs`. Idempotent. */
  kill(graceMs?: number): Promise<void>;
}

const live = new Map<number, string[]>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Whether a process of group `pgid` is still running (zombies excluded: when the leader dies first,
 * its children are reparented to PID 1, which in some containers never reaps them). Linux reads
 * /proc; elsewhere it answers from the signal probe alone.
 */
export function groupRunning(pgid: number): boolean {
  const n = groupSize(pgid);
  if (n !== undefined) return n > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** How many live (non-zombie) processes group `pgid` has; undefined where /proc cannot tell. */
export function groupSize(pgid: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let n = 0;
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      // stat: "pid (comm) state ppid pgrp ..."; comm may contain spaces, so split after the last ')'.
      const stat = readFileSync(`/proc/${e}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') n++;
    } catch {
      // The process exited while we looked.
    }
  }
  return n;
}

function removeDirs(dirs: string[]): void {
  for (const d of dirs) {
    try {
      rmSync(d, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Best effort: a leftover temp dir is not worth failing shutdown for.
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [pid, dirs] of live) {
      killGroup(pid, 'SIGKILL');
      removeDirs(dirs);
    }
  });
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /** Temp dirs (profiles) removed after the process is dead. */
  cleanupDirs?: string[];
}

const MAX_LINES = 200;

export function spawnManaged(command: string, args: string[], opts: SpawnOptions = {}): ManagedProcess {
  installExitHook();
  const child: ChildProcess = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: opts.env ?? process.env,
  });
  const dirs = opts.cleanupDirs ?? [];
  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  let alive = child.pid !== undefined;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      alive = false;
      resolve({ code, signal });
    });
    child.once('error', (e) => {
      alive = false;
      output.push(`spawn failed: ${e.message}`);
      resolve({ code: null, signal: null });
    });
  });
  const pid = child.pid ?? -1;
  if (pid > 0) live.set(pid, dirs);

  const feed = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (output.length >= MAX_LINES) output.shift();
        output.push(line);
        for (const l of lineListeners) l(line);
      }
    });
  };
  feed(child.stderr);
  feed(child.stdout);

  let killing: Promise<void> | undefined;
  return {
    pid,
    get alive() {
      return alive;
    },
    exited,
    output,
    onLine(listener) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    kill(graceMs = 2000) {
      killing ??= (async () => {
        if (pid > 0 && alive) {
          killGroup(pid, 'SIGTERM');
          const timer = new Promise<'timeout'>((r) => setTimeout(r, graceMs, 'timeout').unref());
          if ((await Promise.race([exited.then(() => 'exited' as const), timer])) === 'timeout') killGroup(pid, 'SIGKILL');
          await exited;
        }
        // The group leader may be gone while children linger (Firefox content processes, Chrome
        // renderers); sweep them and wait (bounded) until SIGKILL has taken effect.
        if (pid > 0) {
          killGroup(pid, 'SIGKILL');
          for (let i = 0; i < 40 && groupRunning(pid); i++) await new Promise((r) => setTimeout(r, 25));
        }
        live.delete(pid);
        removeDirs(dirs);
      })();
      return killing;
    },
  };
}

/** Waits for the first output line matching `re`; rejects when the process exits or `signal` aborts first. */
export function waitForLine(proc: ManagedProcess, re: RegExp, signal: AbortSignal): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    for (const line of proc.output) {
      const m = line.match(re);
      if (m) return resolve(m);
    }
    const done = () => {
      off();
      signal.removeEventListener('abort', onAbort);
    };
    const off = proc.onLine((line) => {
      const m = line.match(re);
      if (m) {
        done();
        resolve(m);
      }
    });
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    void proc.exited.then(({ code, signal: sig }) => {
      done();
      reject(new Error(`exited (code ${code}, signal ${sig}) before printing ${re}; last output:\n${proc.output.slice(-15).join('\n')}`));
    });
  });
}
