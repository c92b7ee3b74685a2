import type { SnapshotNode } from '@browser-provider/protocol';

/**
 * Runs of siblings the outline writes as one line or a table (./outline.ts). Each finder looks at the
 * siblings from index `i` and answers how many it takes, or 0.
 */

/** Runs of at least this many same-shaped siblings are folded (collapse: true) or set as a table. */
export const COLLAPSE_MIN_RUN = 8;
/** How many of a folded run stay visible. */
export const COLLAPSE_KEEP = 3;
/** Tables are made of runs of up to this many siblings repeated (a row of a list or grid). */
const TABLE_MAX_COLUMNS = 8;

const leaf = (n: SnapshotNode) => n.children === undefined || n.children.length === 0;

/** A link with nothing under it and no state to show: what a link list is made of. */
export const plainLink = (n: SnapshotNode) => n.role === 'link' && leaf(n) && n.states === undefined && n.value === undefined;

/** How many siblings from `i` are plain links, when at least two are. */
export function linkRun(kids: readonly SnapshotNode[], i: number): number {
  let n = 0;
  while (i + n < kids.length && plainLink(kids[i + n] as SnapshotNode)) n++;
  return n >= 2 ? n : 0;
}

/**
 * How many leaf siblings from `i` print exactly alike but for their refs, when at least two do. `alike`
 * compares two siblings (their lines without the ref) in the caller's `ctx`: a module-level function
 * and its context, not a closure made per call, whose optimized callers V8 would discard with it.
 */
export function alikeRun<C>(kids: readonly SnapshotNode[], i: number, alike: (a: SnapshotNode, b: SnapshotNode, ctx: C) => boolean, ctx: C): number {
  if (!leaf(kids[i] as SnapshotNode)) return 0;
  let n = 1;
  while (i + n < kids.length && leaf(kids[i + n] as SnapshotNode) && alike(kids[i] as SnapshotNode, kids[i + n] as SnapshotNode, ctx)) n++;
  return n >= 2 ? n : 0;
}

/** A subtree's shape: roles only, two levels deep. Same shape = same kind of row. */
export function shape(n: SnapshotNode, byId: { get(id: string): SnapshotNode | undefined }, depth = 0): string {
  const kids = n.children;
  if (depth >= 2 || kids === undefined || kids.length === 0) return n.role;
  // A loop, not map + join: this runs for every child of every node when folding.
  let s = `${n.role}(`;
  for (let i = 0; i < kids.length; i++) {
    if (i > 0) s += ',';
    const k = byId.get(kids[i] as string);
    if (k !== undefined) s += shape(k, byId, depth + 1);
  }
  return `${s})`;
}

export interface Run {
  /** Siblings per repeat. */
  period: number;
  repeats: number;
}

/**
 * The longest run starting at `i` of a group of `period` leaf siblings repeated at least
 * COLLAPSE_MIN_RUN times with the same roles (for tables), preferring the shortest period.
 */
export function tableRun(kids: readonly SnapshotNode[], i: number): Run | undefined {
  let best: Run | undefined;
  for (let period = 1; period <= TABLE_MAX_COLUMNS && i + period * COLLAPSE_MIN_RUN <= kids.length; period++) {
    let leaves = true;
    for (let k = 0; k < period; k++) if (!leaf(kids[i + k] as SnapshotNode) || (kids[i + k] as SnapshotNode).role === 'text') leaves = false;
    if (!leaves) break;
    let repeats = 1;
    for (;;) {
      const at = i + repeats * period;
      if (at + period > kids.length) break;
      let same = true;
      for (let k = 0; k < period && same; k++) {
        const a = kids[i + k] as SnapshotNode;
        const b = kids[at + k] as SnapshotNode;
        same = a.role === b.role && leaf(b);
      }
      if (!same) break;
      repeats++;
    }
    if (repeats >= COLLAPSE_MIN_RUN && (best === undefined || repeats * period > best.repeats * best.period)) best = { period, repeats };
  }
  return best;
}

/** The name most cells of a column share, when at least half do (it goes in the header). */
export function commonName(cells: readonly SnapshotNode[]): string {
  const counts = new Map<string, number>();
  for (const c of cells) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  let name = '';
  let most = 0;
  for (const [n, k] of counts) if (k > most) [name, most] = [n, k];
  return most * 2 >= cells.length ? name : '';
}
