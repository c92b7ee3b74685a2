import type { SnapshotNode } from '@browser-provider/protocol';

/**
 * The compact text view of a snapshot, one line per node, two spaces of indent per level:
 *
 *   heading "Welcome" [level=1] [ref=e1]
 *   textbox "Email" [required] value="a@b.c" [ref=e4]
 *   link "Docs" [ref=e5] -> /docs
 *   text: Plain text run
 *
 * Grammar: `role ["name"] {[state]} [value="…"] [ref=eN] [-> href]` or `text: …`. The document root
 * itself is not printed (its name is the page title). Nested documents (iframes) print as `document`.
 */
export function outline(root: SnapshotNode, nodes: SnapshotNode[]): string {
  const byId = new Map(nodes.map((n) => [n.node_id, n]));
  const lines: string[] = [];
  const walk = (node: SnapshotNode, depth: number) => {
    lines.push('  '.repeat(depth) + line(node));
    for (const c of node.children ?? []) {
      const child = byId.get(c);
      if (child) walk(child, depth + 1);
    }
  };
  for (const c of root.children ?? []) {
    const child = byId.get(c);
    if (child) walk(child, 0);
  }
  return lines.join('\n');
}

function line(n: SnapshotNode): string {
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
