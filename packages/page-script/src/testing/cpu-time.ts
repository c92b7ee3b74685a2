/**
 * CPU time (user + system) of every process descended from this one, from /proc (Linux only).
 * Benchmarks divide it by the number of runs: unlike wall time it is not inflated when other work
 * shares the machine's cores, so the numbers mean something on a busy CI box.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux we run on.

function stat(pid: string): { ppid: number; ticks: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parens; fields resume after the last ')'.
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

/** null where /proc is unavailable (non-Linux): callers then report wall time only. */
export function descendantCpuMs(root = process.pid): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  const info = new Map<number, { ppid: number; ticks: number }>();
  for (const p of pids) {
    const s = stat(p);
    if (s) info.set(Number(p), s);
  }
  let total = 0;
  for (const [pid, s] of info) {
    if (pid === root) continue;
    for (let a = s.ppid, hops = 0; a > 1 && hops < 20; a = info.get(a)?.ppid ?? 0, hops++) {
      if (a === root) {
        total += s.ticks;
        break;
      }
    }
  }
  return total * TICK_MS;
}
