import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Processes a launcher starts (driver, Xvfb). Each runs in its own process group (`detached`), so
 * killing the group also kills what it started — WebKitWebDriver's MiniBrowser and WebKit's
 * network/web processes. A synchronous `process.on('exit')` hook kills every live group, so a
 * crashing server leaves no browser behind.
 */
export interface OwnedProcess {
  readonly pid: number;
  readonly alive: boolean;
  /** Set once the process exited: how (`code 1`, `signal SIGKILL`, `spawn error: …`). */
  readonly exitReason: string | undefined;
  /** Settles with `exitReason` when the process exits; never rejects. */
  readonly exited: Promise<string>;
  /** The last output lines (stdout and stderr), for diagnostics. */
  readonly output: string[];
  /** SIGTERM to the group, SIGKILL after `graceMs`. Idempotent. */
  kill(graceMs?: number): Promise<void>;
}

const live = new Set<number>();
let hookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function installExitHook(): void {
  if (hookInstalled) return;
  hookInstalled = true;
  process.on('exit', () => {
    for (const pid of live) killGroup(pid, 'SIGKILL');
  });
}

const MAX_LINES = 100;

export function spawnOwned(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): OwnedProcess {
  installExitHook();
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      output.push(line);
      if (output.length > MAX_LINES) output.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exitReason: string | undefined;
  const exited = new Promise<string>((resolve) => {
    const done = (how: string) => {
      if (exitReason !== undefined) return;
      exitReason = how;
      if (child.pid !== undefined) live.delete(child.pid);
      resolve(how);
    };
    child.once('exit', (code, sig) => done(sig ? `signal ${sig}` : `code ${code}`));
    child.once('error', (e) => done(`spawn error: ${e.message}`));
  });
  const pid = child.pid ?? -1;
  if (pid > 0) live.add(pid);
  return {
    pid,
    get alive() {
      return exitReason === undefined;
    },
    get exitReason() {
      return exitReason;
    },
    exited,
    output,
    async kill(graceMs = 1500) {
      if (pid <= 0) return;
      // Kill the group even when the leader already exited: its children may still run.
      killGroup(pid, 'SIGTERM');
      if (exitReason === undefined) {
        await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      }
      killGroup(pid, 'SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
      live.delete(pid);
    },
  };
}

/** A free TCP port on the loopback interface (bind to :0, read it, release it). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}
