import { readdirSync, readFileSync } from 'node:fs';
import { serverFamilyOf } from '../src/faults/processes';

/** What the soak samples every 10 s: memory, descriptors and processes of the server and everything it started. */
export interface Sample {
  /** Seconds since the soak started. */
  t: number;
  serverRssMb: number;
  totalRssMb: number;
  /** Proportional set size: shared pages split among their sharers, so a browser's processes add up honestly. */
  totalPssMb: number;
  serverFds: number;
  totalFds: number;
  processes: number;
}

function rssKb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export function pssKb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function fds(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/** `roots`: more processes to count with their families (a Grid's hub and nodes, which start the browsers). */
export function soakFamily(server: number, roots: number[] = []): number[] {
  return [...new Set([server, ...serverFamilyOf(server), ...roots.flatMap((r) => [r, ...serverFamilyOf(r)])])];
}

export function sample(server: number, startedAt: number, roots: number[] = []): Sample {
  const family = soakFamily(server, roots);
  return {
    t: Math.round((Date.now() - startedAt) / 1000),
    serverRssMb: rssKb(server) / 1024,
    totalRssMb: family.reduce((n, p) => n + rssKb(p), 0) / 1024,
    totalPssMb: family.reduce((n, p) => n + pssKb(p), 0) / 1024,
    serverFds: fds(server),
    totalFds: family.reduce((n, p) => n + fds(p), 0),
    processes: family.length,
  };
}

/** Least-squares slope of `y` over time, per hour. */
export function perHour<S extends Sample>(samples: S[], y: (s: S) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((a, s) => a + s.t, 0) / n;
  const my = samples.reduce((a, s) => a + y(s), 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.t - mt) * (y(s) - my);
    den += (s.t - mt) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3600;
}
