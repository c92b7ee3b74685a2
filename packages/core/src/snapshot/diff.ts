import type { PageSnapshotV1, SnapshotDiff, SnapshotElement } from '@browser-provider/protocol';
import type { z } from 'zod';
import { outlineLines, type OutlineLine } from './outline';

export type Diff = z.infer<typeof SnapshotDiff>;

/** What changed between two snapshots of one page, keyed by element ref (or a path for text runs). */
export function diffSnapshots(base: PageSnapshotV1, current: PageSnapshotV1, sinceRev: number, url?: string): { diff: Diff; keys: Set<string> } {
  const index = (s: PageSnapshotV1) => new Map<string, OutlineLine>(outlineLines(s.root, s.nodes, { fold: 'none', base: url }).map((l) => [l.key, l]));
  const before = index(base);
  const after = index(current);
  const diff: Diff = { since_rev: sinceRev, base_found: true, added: [], removed: [], changed: [] };
  const keys = new Set<string>();
  for (const [key, line] of after) {
    const old = before.get(key);
    if (old === undefined) {
      diff.added.push({ line: line.text, ...(line.ref ? { element_ref: line.ref } : {}), ...(line.parentRef ? { parent_ref: line.parentRef } : {}) });
      keys.add(key);
    } else if (old.text !== line.text) {
      diff.changed.push({ line: line.text, was: old.text, ...(line.ref ? { element_ref: line.ref } : {}) });
      keys.add(key);
    }
  }
  for (const [key, line] of before) {
    if (!after.has(key)) diff.removed.push({ line: line.text, ...(line.ref ? { element_ref: line.ref } : {}) });
  }
  return { diff, keys };
}

/** The diff as text for a model: `+` added, `-` removed, `~` changed (new form, then `was:`). */
export function diffText(d: Diff): string {
  const lines = [
    ...d.added.map((a) => `+ ${a.line}${a.parent_ref ? ` (in ${a.parent_ref})` : ''}`),
    ...d.removed.map((r) => `- ${r.line}`),
    ...d.changed.map((c) => `~ ${c.line}  (was: ${c.was})`),
  ];
  return lines.length > 0 ? lines.join('\n') : `no changes since rev ${d.since_rev}`;
}

/** Keeps only the nodes and elements a diff names (the root stays, pointing at what remains). */
export function pruneToDiff(
  s: PageSnapshotV1,
  elements: SnapshotElement[],
  d: Diff,
): { snapshot: PageSnapshotV1; elements: SnapshotElement[] } {
  const refs = new Set([...d.added, ...d.changed].map((x) => x.element_ref).filter((r): r is string => r !== undefined));
  const nodes = s.nodes.filter((n) => n.element_ref !== undefined && refs.has(n.element_ref));
  const kept = new Set(nodes.map((n) => n.node_id));
  const prune = <T extends { children?: string[] }>(n: T): T => ({ ...n, ...(n.children ? { children: n.children.filter((c) => kept.has(c)) } : {}) });
  return {
    snapshot: { format: s.format, root: prune(s.root), nodes: nodes.map(prune) },
    elements: elements.filter((e) => refs.has(e.element_ref)),
  };
}
