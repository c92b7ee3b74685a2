import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { spawnOwned, waitForLine, type OwnedProcess } from '@browser-provider/core/host';
import { deadline } from '@browser-provider/core/toolkit';

/**
 * A private X server for MiniBrowser, which has no headless mode (WebKitGTK 2.50 MiniBrowser
 * `--help` lists none). `Xvfb -displayfd` picks the display number itself and writes it once clients
 * can connect: it takes the lowest number no live server holds, including one whose lock file names
 * a process that is gone (what a SIGKILLed server leaves), and two servers starting at once cannot
 * take the same number (the lock file decides). A scan of our own that skipped every number with a
 * socket or lock file ran out after 100 leftovers: on a machine that had run the tests for a day,
 * every WebKit session failed with "no free display number".
 */
export interface PrivateX {
  display: string;
  process: OwnedProcess;
}

const SOCKET_DIR = '/tmp/.X11-unix';

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

/** How long Xvfb may take to say its display number. */
const START_MS = 10_000;

export async function startPrivateX(xvfb: string, signal: AbortSignal): Promise<PrivateX> {
  signal.throwIfAborted();
  // fd 1 is our stdout pipe: the number comes as a line of its own; Xvfb's warnings go to stderr.
  const proc = spawnOwned(xvfb, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']);
  const limit = deadline(START_MS, signal);
  try {
    const [, n] = await waitForLine(proc, /^\s*(\d+)\s*$/, limit.signal);
    return { display: `:${n}`, process: proc };
  } catch (e) {
    // Still running: it said no number in time. Gone: its last words say why.
    const why = proc.alive ? `no display number within ${START_MS / 1000} s` : proc.output.slice(-3).join(' | ') || proc.exitReason;
    await proc.kill(0);
    if (signal.aborted) throw signal.reason;
    throw new Error(`could not start Xvfb: ${why ?? (e as Error).message}`);
  } finally {
    limit.dispose();
  }
}
