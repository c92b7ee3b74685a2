import { existsSync } from 'node:fs';
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
