import type { SnapshotNode } from '@browser-provider/protocol';

/**
 * The compact text view of a snapshot, one line per node, two spaces of indent per level:
 *
 *   heading "Welcome" [level=1] [ref=e1]
 *   textbox "Email" [required] value="a@b.c" [ref=e4]
 *   link "Docs" [ref=e5] -> https://example.com/docs
 *   text: Plain text run
 *   … 995 more like the 3 above (listitem); snapshot with collapse=false to see them
 *
 * Grammar (docs/snapshot.md): `role ["name"] {[state]} [value="…"] [ref=eN] [-> href]`, `text: …`, or a
 * fold line starting with `…`. The document root itself is not printed (its name is the page title).
 */

export interface OutlineLine {
  /** Stable identity across snapshots: the element ref, or a path from the nearest ref for text. */
  key: string;
  ref?: string;
  parentRef?: string;
  depth: number;
  text: string;
}

/** Runs of at least this many same-shaped siblings are folded when collapsing. */
export const COLLAPSE_MIN_RUN = 8;
/** How many of a folded run stay visible. */
export const COLLAPSE_KEEP = 3;

export function nodeLine(n: SnapshotNode): string {
  if (n.role === 'text') return `text: ${n.text ?? n.name}`;
  let s = n.role;
  if (n.name) s += ` ${JSON.stringify(n.name)}`;
  const st = n.states;
  if (n.level !== undefined) s += ` [level=${n.level}]`;
  if (st) {
    if (st.checked === 'mixed') s += ' [checked=mixed]';
    else if (st.checked) s += ' [checked]';
    if (st.disabled) s += ' [disabled]';
    if (st.expanded !== undefined) s += st.expanded ? ' [expanded]' : ' [collapsed]';
    if (st.selected) s += ' [selected]';
    if (st.required) s += ' [required]';
    if (st.invalid) s += ' [invalid]';
    if (st.focused) s += ' [focused]';
  }
  if (n.value !== undefined && n.value !== '') s += ` value=${JSON.stringify(n.value)}`;
  if (n.element_ref !== undefined) s += ` [ref=${n.element_ref}]`;
  if (n.href !== undefined) s += ` -> ${n.href}`;
  return s;
}

/** A subtree's shape: roles only, two levels deep. Same shape = same kind of row. */
function shape(n: SnapshotNode, byId: Map<string, SnapshotNode>, depth = 0): string {
  if (depth >= 2 || !n.children?.length) return n.role;
  return `${n.role}(${n.children.map((c) => { const k = byId.get(c); return k ? shape(k, byId, depth + 1) : ''; }).join(',')})`;
}

export function outlineLines(root: SnapshotNode, nodes: SnapshotNode[], collapse: boolean): OutlineLine[] {
  const byId = new Map(nodes.map((n) => [n.node_id, n]));
  const out: OutlineLine[] = [];
  const walk = (node: SnapshotNode, depth: number, parentKey: string, parentRef: string | undefined, ordinal: number) => {
    const key = node.element_ref ?? `${parentKey}/${node.role}${ordinal}`;
    out.push({
      key,
      depth,
      text: nodeLine(node),
      ...(node.element_ref ? { ref: node.element_ref } : {}),
      ...(parentRef ? { parentRef } : {}),
    });
    children(node, depth + 1, key, node.element_ref ?? parentRef);
  };
  const children = (node: SnapshotNode, depth: number, key: string, ref: string | undefined) => {
    const kids = (node.children ?? []).map((c) => byId.get(c)).filter((k): k is SnapshotNode => k !== undefined);
    const shapes = collapse ? kids.map((k) => shape(k, byId)) : [];
    for (let i = 0; i < kids.length; i++) {
      let run = 1;
      while (collapse && i + run < kids.length && shapes[i + run] === shapes[i]) run++;
      if (run >= COLLAPSE_MIN_RUN) {
        for (let j = 0; j < COLLAPSE_KEEP; j++) walk(kids[i + j] as SnapshotNode, depth, key, ref, i + j);
        const hidden = run - COLLAPSE_KEEP;
        out.push({
          key: `${key}/fold${i}`,
          depth,
          text: `… ${hidden} more like the ${COLLAPSE_KEEP} above (${kids[i]?.role}); snapshot with collapse=false to see them`,
        });
        i += run - 1;
      } else {
        walk(kids[i] as SnapshotNode, depth, key, ref, i);
      }
    }
  };
  children(root, 0, 'root', undefined);
  return out;
}

export function renderOutline(lines: readonly OutlineLine[]): string {
  return lines.map((l) => '  '.repeat(l.depth) + l.text).join('\n');
}

/** Cuts text at a line end so it fits `maxChars`, saying how much was left out and how to see it. */
export function limitText(text: string, maxChars: number | undefined): { text: string; cut: boolean } {
  if (maxChars === undefined || text.length <= maxChars) return { text, cut: false };
  let end = text.lastIndexOf('\n', maxChars);
  if (end <= 0) end = maxChars;
  const rest = text.slice(end).split('\n').filter(Boolean).length;
  return {
    text: `${text.slice(0, end)}\n… truncated: ${rest} more lines (${text.length - end} chars); pass a larger max_text_chars, mode "interactive", or since_rev`,
    cut: true,
  };
}
