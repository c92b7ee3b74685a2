import { allProcesses, commandLine, descendantsOf, pidLive, readStat } from '@browser-provider/core/host';
import type { BrowserName } from '../browsers';

/** Which processes of a server the fault run kills or stops, and everything it counts as that server's. */

const comm = (pid: number) => readStat(pid) && (commandLine(pid)?.[0]?.split('/').pop() ?? '');

/**
 * The engine's main processes among `server`'s descendants: the browser (and the driver, and the X
 * server for WebKit) — not their helpers, which must die with them.
 */
export function mainProcesses(browser: BrowserName, server: number): number[] {
  const tree = descendantsOf(server);
  const parentOf = (pid: number) => readStat(pid)?.ppid;
  return tree.filter((pid) => {
    const name = comm(pid) ?? '';
    if (browser === 'firefox') return /^firefox/.test(name) && parentOf(pid) === server;
    if (browser === 'chrome') return name === 'chromedriver' || (/^chrom/.test(name) && comm(parentOf(pid) ?? 0) === 'chromedriver');
    return /^(WebKitWebDriver|MiniBrowser|Xvfb)$/.test(name);
  });
}

/**
 * Everything `server` started, directly or not: its descendants, every member of their sessions (a
 * helper reparented to init keeps its session), and Firefox's crash helper (a session of its own,
 * naming its browser's pid as its first argument).
 */
export function serverFamilyOf(server: number): number[] {
  const own = readStat(server)?.session;
  const tree = descendantsOf(server);
  const sessions = new Set(tree.map((pid) => readStat(pid)?.session).filter((s) => s !== undefined && s !== own));
  const ids = new Set(tree.map(String));
  const out = new Set(tree);
  for (const p of allProcesses() ?? []) {
    if (p.state === 'Z') continue;
    if (sessions.has(p.session)) out.add(p.pid);
    const argv = commandLine(p.pid) ?? [];
    if (/crash/.test(argv[0] ?? '') && argv[1] !== undefined && ids.has(argv[1])) out.add(p.pid);
  }
  return [...out];
}

/** Whether `pid` is the server's watchdog (core/host/watchdog.ts): a `/bin/sh -c` running its script. */
const isWatchdog = (pid: number) => {
  const argv = commandLine(pid) ?? [];
  return argv[0] === '/bin/sh' && argv[1] === '-c' && (argv[2] ?? '').startsWith("trap '' HUP INT PIPE");
};

/** The browser side of `server`'s family: without the server's own session (its loader helpers) and its watchdog. */
export function browserFamilyOf(server: number): number[] {
  const own = readStat(server)?.session;
  return serverFamilyOf(server).filter((pid) => readStat(pid)?.session !== own && !isWatchdog(pid));
}

/** `pids` still running, named, polling until none is or `ms` ran out. */
export async function survivorsAfter(pids: number[], ms: number): Promise<string[]> {
  const until = Date.now() + ms;
  while (pids.some(pidLive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(pidLive).map((pid) => `${pid} ${comm(pid)}`);
}

export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}
