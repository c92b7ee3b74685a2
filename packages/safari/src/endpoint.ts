import { waitForDriver, type DriverEndpoint } from '@browser-provider/classic';
import { familyOf, freeLoopbackPort, listenerOwnedBy, spawnOwned, type OwnedProcess } from '@browser-provider/core/host';

export type Spawner = (command: string, args: string[], env: NodeJS.ProcessEnv) => OwnedProcess;
export const defaultSpawner: Spawner = (command, args, env) => spawnOwned(command, args, { env });

/** Live members of `leader`'s group and session (Linux /proc); just the leader elsewhere. */
export function groupPids(leader: number): number[] {
  return familyOf(leader) ?? [leader];
}

/**
 * Starts a driver on a free loopback port and waits until it answers Status. The port is picked
 * before the driver binds it, so another process may take it first: then the driver exits, but the
 * other process may answer Status in its place (another of our drivers, started at the same moment,
 * was seen to). So the answer counts only once the listening socket is the driver's own (Linux /proc)
 * and the driver still runs; otherwise we try again with a new port.
 */
export async function startDriverEndpoint(
  spawn: Spawner,
  command: string,
  portArgs: (port: number) => string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  pickPort: () => Promise<number> = freeLoopbackPort,
): Promise<DriverEndpoint> {
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await pickPort();
    const proc = spawn(command, portArgs(port), env);
    try {
      await waitForDriver(port, signal, () => proc.exitReason);
      // The driver itself too, should it not lead a group of its own.
      if (listenerOwnedBy(port, [...new Set([proc.pid, ...groupPids(proc.pid)])]) === false) throw new Error(`port ${port} is answered by another process`);
      if (proc.exitReason !== undefined) throw new Error(`exited after port ${port} answered (${proc.exitReason})`);
      return endpointOf(proc, port);
    } catch (e) {
      await proc.kill(0);
      if (signal.aborted) throw signal.reason;
      last = [e instanceof Error ? e.message : String(e), proc.exitReason, ...proc.output.slice(-3)].filter(Boolean).join(' | ');
    }
  }
  throw new Error(`${command} did not start: ${last}`);
}

/** How long a driver gets to quit on SIGTERM (and close its browser) before SIGKILL. */
const GRACE_MS = 1500;

function endpointOf(proc: OwnedProcess, port: number): DriverEndpoint {
  return {
    port,
    get exitReason() {
      return proc.exitReason;
    },
    exited: proc.exited,
    pids: () => groupPids(proc.pid),
    kill: () => proc.kill(GRACE_MS),
  };
}
