import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports this process handed out in the last minute. A driver told to listen on one may not have bound
 * it yet, so the OS can offer it again to the next bind(:0); twelve drivers started at once were seen
 * to get the same port, and the loser's Status check was answered by the winner.
 */
const handedOut = new Map<number, number>();
const HOLD_MS = 60_000;

function bindZero(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}

/**
 * A loopback TCP port that was free a moment ago (bind :0, read it, release it) and that this process
 * did not hand out in the last minute. Another process may still take it before our driver binds it:
 * callers check who answers on it (`listenerOwnedBy`) and try again.
 */
export async function freeLoopbackPort(): Promise<number> {
  const now = Date.now();
  for (const [port, at] of handedOut) if (now - at > HOLD_MS) handedOut.delete(port);
  for (let i = 0; i < 50; i++) {
    const port = await bindZero();
    if (handedOut.has(port)) continue;
    handedOut.set(port, now);
    return port;
  }
  throw new Error('no free loopback port: every port the OS offered was handed out in the last minute');
}

/**
 * Inodes of the sockets listening on `port` (any address) in our own network namespace, where the
 * drivers we spawn listen. Not read through the driver's /proc entry: one that already exited (a
 * zombie too) has none, and would read as "cannot tell" instead of "not its socket".
 */
function listeningInodes(port: number): Set<string> | undefined {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const found = new Set<string>();
  let read = false;
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/self/net/${table}`, 'latin1');
    } catch {
      continue;
    }
    read = true;
    // "sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …"; st 0A is LISTEN.
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(hex) && f[3] === '0A' && f[9]) found.add(f[9]);
    }
  }
  return read ? found : undefined;
}

/**
 * Whether the socket listening on loopback `port` belongs to one of `pids`, from Linux /proc (the
 * socket's inode among their descriptors); undefined where /proc cannot tell. A driver that lost its
 * port exits, but another server on that port still answers its Status: this tells them apart.
 */
export function listenerOwnedBy(port: number, pids: number[]): boolean | undefined {
  const inodes = listeningInodes(port);
  if (inodes === undefined || inodes.size === 0) return undefined;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1] && inodes.has(m[1])) return true;
      } catch {
        // the descriptor closed while we read
      }
    }
  }
  return false;
}
