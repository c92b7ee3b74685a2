import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { spawnOwned, type OwnedProcess } from '@browser-provider/core/host';

/**
 * A private X server for MiniBrowser, which has no headless mode (WebKitGTK 2.50 MiniBrowser
 * `--help` lists none). We pick a display number whose socket and lock file do not exist, start
 * `Xvfb` without TCP, and wait until its socket appears — that is when clients can connect.
 */
export interface PrivateX {
  display: string;
  process: OwnedProcess;
}

const SOCKET_DIR = '/tmp/.X11-unix';

function displayFree(n: number): boolean {
  return !existsSync(`${SOCKET_DIR}/X${n}`) && !existsSync(`/tmp/.X${n}-lock`);
}

/**
 * X11's connection setup with no authorization (little-endian, protocol 11.0): any reply, even a
 * refusal, is the server answering.
 */
const SETUP = Buffer.from([0x6c, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/** How long a server that takes the connection may take to answer setup before it counts as gone. */
const ANSWER_MS = 5_000;

/**
 * Whether the X server of `display` answers now. Neither its process object (still alive just after a
 * SIGKILL: the exit is seen a turn later) nor its socket (a killed Xvfb leaves the file, and a dying one
 * still accepts) says so; a MiniBrowser started against such a display never reaches the driver, and
 * New Session waits to its limit. A reply to the setup request comes only from a server that ran after
 * the kill was sent, so it is no longer dying.
 */
export function xAnswers(display: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path: `${SOCKET_DIR}/X${display.slice(1)}` });
    const timer = setTimeout(() => done(false), ANSWER_MS);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => socket.write(SETUP));
    socket.once('data', () => done(true));
    socket.once('close', () => done(false));
    socket.once('error', () => done(false));
  });
}

/**
 * The socket and lock file our X server `x` left when it was killed, so its display number is free
 * again; only while the lock still names it (another server may have taken the number since).
 */
export function removeLeftovers(x: PrivateX): void {
  const n = x.display.slice(1);
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(`/tmp/.X${n}-lock`, 'utf8').trim(), 10);
  } catch {
    return;
  }
  if (holder !== x.process.pid) return;
  rmSync(`${SOCKET_DIR}/X${n}`, { force: true });
  rmSync(`/tmp/.X${n}-lock`, { force: true });
}

export async function startPrivateX(xvfb: string, signal: AbortSignal, first = 99): Promise<PrivateX> {
  let lastError = 'no free display number';
  for (let n = first; n < first + 100; n++) {
    if (!displayFree(n)) continue;
    const proc = spawnOwned(xvfb, [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']);
    const deadline = Date.now() + 10_000;
    while (proc.alive && !existsSync(`${SOCKET_DIR}/X${n}`) && Date.now() < deadline) {
      if (signal.aborted) {
        await proc.kill(0);
        throw signal.reason;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    if (proc.alive && existsSync(`${SOCKET_DIR}/X${n}`)) return { display: `:${n}`, process: proc };
    // Lost a race for this display with another X server, or Xvfb failed: try the next number.
    lastError = proc.output.slice(-3).join(' | ') || proc.exitReason || 'Xvfb did not create its socket';
    await proc.kill(0);
  }
  throw new Error(`could not start Xvfb: ${lastError}`);
}
