import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every live process, read from /proc (Linux). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 is the ppid; the command name (field 2) may contain spaces, so split after its ')'.
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), Number(after[1]));
    } catch {
      /* the process ended while we looked */
    }
  }
  return out;
}

/** Every descendant of `pid` (children, grandchildren, …) alive now. */
export function descendants(pid: number): number[] {
  const ppid = parents();
  const found: number[] = [];
  const frontier = [pid];
  while (frontier.length > 0) {
    const p = frontier.pop() as number;
    for (const [child, parent] of ppid) {
      if (parent === p && !found.includes(child)) {
        found.push(child);
        frontier.push(child);
      }
    }
  }
  return found;
}

export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

export function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}
