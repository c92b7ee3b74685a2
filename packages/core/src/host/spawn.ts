import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { groupRunning } from './procfs';
import { unwatch, watch } from './watchdog';

/**
 * The one owner of every process a backend starts (browser, driver, X server). Each runs as the
 * leader of its own session and process group (`detached`), so signalling the group also reaches
 * what it started: Firefox's content processes, the Chromium that chromedriver launched,
 * WebKitWebDriver's MiniBrowser and WebKit's helpers. Three nets make sure they die with us:
 * `kill()`; a synchronous `process.on('exit')` hook for every exit that runs JavaScript; and the
 * watchdog (./watchdog.ts) for the deaths that do not (SIGKILL, a crash).
 */
export interface OwnedProcess {
  readonly pid: number;
  readonly alive: boolean;
  /** Set once the process exited: how (`code 1`, `signal SIGKILL`, `spawn error: …`). */
  readonly exitReason: string | undefined;
  /** Settles with `exitReason` when the process exits; never rejects. */
  readonly exited: Promise<string>;
  /** Settles after `exited` once the output pipes closed (at most 100 ms later): `output` is then complete. */
  readonly drained: Promise<string>;
  /** The last output lines (stdout and stderr, bounded), for diagnostics. */
  readonly output: string[];
  /** Calls `listener` with each output line from now on. */
  onLine(listener: (line: string) => void): () => void;
  /** SIGTERM to the group, SIGKILL after `graceMs`, until nothing of it runs; then removes `cleanupDirs`. Idempotent. */
  kill(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /** Temp dirs (profiles) removed once the process and its group are gone. */
  cleanupDirs?: string[];
}

/** Live leaders and the dirs to remove after them. */
const live = new Map<number, string[]>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
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

const MAX_LINES = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGKILLs what is left of `pid`'s group and waits (bounded) until none of it runs. */
async function sweep(pid: number): Promise<boolean> {
  killGroup(pid, 'SIGKILL');
  for (let i = 0; i < 80; i++) {
    if (!groupRunning(pid)) return true;
    await sleep(25);
  }
  return false;
}

export function spawnOwned(command: string, args: string[], opts: SpawnOptions = {}): OwnedProcess {
  installExitHook();
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env });
  const pid = child.pid ?? -1;
  const dirs = opts.cleanupDirs ?? [];
  if (pid > 0) {
    live.set(pid, dirs);
    watch(pid);
  }
  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
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
        if (line === '') continue;
        if (output.length >= MAX_LINES) output.shift();
        output.push(line);
        for (const l of lineListeners) l(line);
      }
    });
  };
  feed(child.stderr);
  feed(child.stdout);

  let exitReason: string | undefined;
  let reaped: Promise<void> | undefined;
  const exited = new Promise<string>((resolve) => {
    const done = (how: string) => {
      if (exitReason !== undefined) return;
      exitReason = how;
      resolve(how);
      if (pid <= 0) return;
      // A leader that died (crashed, killed from outside) leaves its group behind: Firefox's content
      // processes, the Chromium of a chromedriver. Nothing of an exited leader is worth keeping.
      reaped = sweep(pid).then((gone) => {
        if (!gone) return;
        live.delete(pid);
        unwatch(pid);
        removeDirs(dirs);
      });
    };
    child.once('exit', (code, sig) => done(sig ? `signal ${sig}` : `code ${code}`));
    child.once('error', (e) => done(`spawn error: ${e.message}`));
  });
  // 'exit' can come before the last stdout/stderr chunks are read (a process that prints and exits at
  // once): `drained` waits for the pipes to close too, but not long, since a grandchild may hold them open.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const drained = exited.then((how) => Promise.race([closed, new Promise<void>((r) => setTimeout(r, 100).unref())]).then(() => how));

  let killing: Promise<void> | undefined;
  return {
    pid,
    drained,
    get alive() {
      return exitReason === undefined;
    },
    get exitReason() {
      return exitReason;
    },
    exited,
    output,
    onLine(listener) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    kill(graceMs = 2000) {
      killing ??= (async () => {
        if (pid <= 0) return;
        if (exitReason === undefined) {
          killGroup(pid, 'SIGTERM');
          const timer = new Promise<'timeout'>((r) => setTimeout(r, graceMs, 'timeout').unref());
          if ((await Promise.race([exited.then(() => 'exited' as const), timer])) === 'timeout') killGroup(pid, 'SIGKILL');
          await exited;
        }
        await reaped;
        // Bounded above: should a member outlive its SIGKILL that long, we still clean up here.
        live.delete(pid);
        unwatch(pid);
        removeDirs(dirs);
      })();
      return killing;
    },
  };
}

/** Waits for the first output line matching `re`; rejects when the process exits or `signal` aborts first. */
export function waitForLine(proc: OwnedProcess, re: RegExp, signal: AbortSignal): Promise<RegExpMatchArray> {
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
    void proc.drained.then((how) => {
      done();
      reject(new Error(`exited (${how}) before printing ${re}; last output:\n${proc.output.slice(-15).join('\n')}`));
    });
  });
}
