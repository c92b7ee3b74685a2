import { readdirSync, readFileSync } from 'node:fs';

/**
 * What Linux /proc says about processes: their group, session and command line. Elsewhere (macOS)
 * every reader answers `undefined` and callers fall back to signalling the group.
 */

export interface ProcStat {
  pid: number;
  /** One letter: R, S, D, Z (zombie), T (stopped), X (dead), … */
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  /** User plus system CPU time so far, in ms (USER_HZ is 100 on every Linux we run on). */
  cpuMs: number;
}

export function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // "pid (comm) state ppid pgrp session ..."; comm may contain spaces and ')', so split after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: f[0] ?? '?', ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), cpuMs: (Number(f[11]) + Number(f[12])) * 10 };
  } catch {
    return undefined;
  }
}

/** Every process now, or undefined without /proc. */
export function allProcesses(): ProcStat[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const out: ProcStat[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    const s = readStat(Number(e));
    if (s) out.push(s);
  }
  return out;
}

const live = (s: ProcStat) => s.state !== 'Z' && s.state !== 'X';

/**
 * Live (non-zombie) processes of what `leader` started: its process group, and its session — a
 * descendant that moved to a group of its own is still in the session. Zombies are left out: when the
 * leader dies first its children go to PID 1, which in some containers never reaps them.
 */
export function familyOf(leader: number): number[] | undefined {
  return allProcesses()
    ?.filter((s) => live(s) && (s.pgrp === leader || s.session === leader))
    .map((s) => s.pid);
}

/** How many live processes `leader`'s group and session hold; undefined where /proc cannot tell. */
export function groupSize(leader: number): number | undefined {
  return familyOf(leader)?.length;
}

/** Whether anything of `leader`'s group or session still runs (signal probe where /proc is missing). */
export function groupRunning(leader: number): boolean {
  const n = groupSize(leader);
  if (n !== undefined) return n > 0;
  try {
    process.kill(-leader, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every live descendant of `pid` by parent links (children, grandchildren, …). */
export function descendantsOf(pid: number): number[] {
  const all = (allProcesses() ?? []).filter(live);
  const found = new Set<number>();
  const frontier = [pid];
  while (frontier.length > 0) {
    const p = frontier.pop() as number;
    for (const s of all) {
      if (s.ppid === p && !found.has(s.pid)) {
        found.add(s.pid);
        frontier.push(s.pid);
      }
    }
  }
  return [...found];
}

/** A process's argv (NUL-separated in /proc), or undefined when it is gone or unreadable. */
export function commandLine(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((a) => a !== '');
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs now and is no zombie. */
export function pidLive(pid: number): boolean {
  const s = readStat(pid);
  if (s) return live(s);
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Proportional set size, in MB, of `leader`'s group and session (shared pages split among their
 * sharers, so a browser's processes add up honestly); 0 where /proc cannot tell.
 */
export function familyPssMb(leader: number): number {
  let kb = 0;
  for (const pid of familyOf(leader) ?? []) {
    try {
      kb += Number(/^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}
