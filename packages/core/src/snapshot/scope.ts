import type { PageSnapshotV1, SnapshotElement, SnapshotNode } from '@browser-provider/protocol';

export interface Scoped {
  snapshot: PageSnapshotV1;
  elements: SnapshotElement[];
}

/**
 * Cuts an assembled snapshot down to the subtree of the node carrying `ref` (`page.snapshot` `scope`).
 * The cut is made after the whole page was walked and assembled, so every line, name and ref inside
 * the scope is exactly what the full snapshot says (the walk's inherited state — hidden ancestors,
 * aria-disabled, text already used as a name — comes from the real ancestors). The root stays the
 * document node, with the scoped node as its only child. Undefined when no node carries `ref`.
 */
export function scopeTo(s: PageSnapshotV1, elements: readonly SnapshotElement[], ref: string): Scoped | undefined {
  const top = s.nodes.find((n) => n.element_ref === ref);
  if (top === undefined) return undefined;
  const byId = new Map<string, SnapshotNode>();
  for (const n of s.nodes) byId.set(n.node_id, n);
  const nodes: SnapshotNode[] = [];
  const refs = new Set<string>();
  const stack: SnapshotNode[] = [top];
  while (stack.length > 0) {
    const n = stack.pop() as SnapshotNode;
    nodes.push(n);
    if (n.element_ref !== undefined) refs.add(n.element_ref);
    const kids = n.children;
    if (kids === undefined) continue;
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = byId.get(kids[i] as string);
      if (k !== undefined) stack.push(k);
    }
  }
  return {
    snapshot: { format: s.format, root: { ...s.root, children: [top.node_id] }, nodes },
    elements: elements.filter((e) => refs.has(e.element_ref)),
  };
}

/** A snapshot with nothing but its root: the base of a scoped diff whose scope the base lacked. */
export function emptyLike(s: PageSnapshotV1): PageSnapshotV1 {
  return { format: s.format, root: { ...s.root, children: [] }, nodes: [] };
}
