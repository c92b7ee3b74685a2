import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * Processes the bench starts for itself (the raw-floor browsers and drivers). Each runs in its own
 * process group so one kill takes the browser's content processes along; an exit hook kills what is
 * still alive if the bench dies mid-run, so no browser outlives it.
 */
export interface Owned {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the first stdout/stderr line matching `re`, or rejects after `timeoutMs` / exit. */
  waitFor(re: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  kill(): Promise<void>;
}

const live = new Set<Owned>();
let hooked = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone already.
  }
}

export function spawnOwned(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cleanup?: string[] } = {}): Owned {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const o of live) killGroup(o.pid, 'SIGKILL');
    });
  }
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  const lines: string[] = [];
  const listeners = new Set<(l: string) => void>();
  for (const s of [child.stdout, child.stderr]) {
    if (s) createInterface({ input: s }).on('line', (l) => {
      if (lines.length < 200) lines.push(l);
      for (const f of listeners) f(l);
    });
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const owned: Owned = {
    pid,
    child,
    waitFor(re, timeoutMs) {
      const seen = lines.map((l) => l.match(re)).find((m) => m);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = () => (clearTimeout(timer), listeners.delete(on));
        const on = (l: string) => {
          const m = l.match(re);
          if (m) (done(), resolve(m));
        };
        const timer = setTimeout(() => (done(), reject(new Error(`${command}: no line matching ${re} in ${timeoutMs} ms; saw: ${lines.slice(-5).join(' | ')}`))), timeoutMs);
        listeners.add(on);
        void exited.then(() => (done(), reject(new Error(`${command} exited: ${lines.slice(-5).join(' | ')}`))));
      });
    },
    async kill() {
      live.delete(owned);
      killGroup(pid, 'SIGTERM');
      const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 3_000))]);
      // The leader may exit before its group; SIGKILL the rest either way.
      killGroup(pid, 'SIGKILL');
      if (!gone) await exited;
      for (const d of opts.cleanup ?? []) rmSync(d, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  live.add(owned);
  return owned;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Resident set size of one process in MB (Linux /proc), or undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** First of `candidates` that exists, after an environment override. */
export function findBinary(envVar: string, candidates: readonly string[]): string | undefined {
  const override = process.env[envVar];
  if (override) return existsSync(override) ? override : undefined;
  return candidates.find((c) => existsSync(c));
}

export const BINARIES = {
  firefox: () => findBinary('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox']),
  chromium: () => findBinary('CHROME_PATH', ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']),
  chromedriver: () => findBinary('CHROMEDRIVER_PATH', ['/usr/bin/chromedriver', '/usr/lib/chromium/chromedriver']),
};
