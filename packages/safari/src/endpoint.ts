import { readdirSync, readFileSync } from 'node:fs';
import { freeLoopbackPort, spawnOwned, waitForDriver, type DriverEndpoint, type OwnedProcess } from '@browser-provider/classic';

export type Spawner = (command: string, args: string[], env: NodeJS.ProcessEnv) => OwnedProcess;
export const defaultSpawner: Spawner = (command, args, env) => spawnOwned(command, args, env);

/** Live members of process group `pgid` (Linux /proc); just the leader elsewhere. Zombies excluded. */
export function groupPids(pgid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [pgid];
  }
  const out: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, pgrp, …
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (rest[0] !== 'Z' && Number(rest[2]) === pgid) out.push(Number(e));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/**
 * Starts a driver on a free loopback port and waits until it answers Status. The port is picked
 * before the driver binds it, so another process may take it first: then the driver exits at once
 * and we try again with a new port.
 */
export async function startDriverEndpoint(
  spawn: Spawner,
  command: string,
  portArgs: (port: number) => string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<DriverEndpoint> {
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freeLoopbackPort();
    const proc = spawn(command, portArgs(port), env);
    try {
      await waitForDriver(port, signal, () => proc.exitReason);
      return endpointOf(proc, port);
    } catch (e) {
      await proc.kill(0);
      if (signal.aborted) throw signal.reason;
      last = `${proc.exitReason ?? ''} ${proc.output.slice(-3).join(' | ')}`.trim() || String(e);
    }
  }
  throw new Error(`${command} did not start: ${last}`);
}

function endpointOf(proc: OwnedProcess, port: number): DriverEndpoint {
  return {
    port,
    get exitReason() {
      return proc.exitReason;
    },
    exited: proc.exited,
    pids: () => groupPids(proc.pid),
    kill: () => proc.kill(),
  };
}
