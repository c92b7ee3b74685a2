import type { SnapshotNode } from '@browser-provider/protocol';

/**
 * The compact text view of a snapshot, one line per node, two spaces of indent per level:
 *
 *   heading "Welcome" [level=1] [ref=e1]
 *   textbox "Email" [required] value="a@b.c" [ref=e4]
 *   link "Docs" [ref=e5] -> /docs
 *   text: Plain text run
 *   … 995 more like the 3 above (listitem); snapshot with collapse=false to see them
 *
 * Grammar (docs/snapshot.md): `role ["name"] {[state]} [value="…"] [ref=eN] [-> href]`, `text: …`, or a
 * fold line starting with `…`. Link targets on the page's own origin are written from the path. The
 * document root itself is not printed (its name is the page title).
 *
 * Long runs of repeated siblings are either folded (`hide`: a few shown, the rest counted — the full
 * view) or set as a table (`table`: nothing hidden — the interactive view, which must list every
 * actionable element). A table is a header naming the columns, then one line per repeat:
 *
 *   rows ×1000: link | button "Add to cart" | textbox | checkbox "Compare"
 *     "Sturdy kettle 0" [e8] -> /item/0 | [e9] | "Note for item 0" [e10] | [e11]
 *
 * A cell is its node's line without the role (the column's), without the name when it is the one in
 * the header, and with the ref as `[eN]`.
 */

export type FoldStyle = 'none' | 'hide' | 'table';

export interface OutlineOptions {
  fold: FoldStyle;
  /** The page URL: link targets on its origin are printed from the path. */
  base?: string | undefined;
}

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

/** `href` as printed: from the path when it is on the page's origin. */
export function shortHref(href: string, origin: string | undefined): string {
  if (origin === undefined || !href.startsWith(origin)) return href;
  const rest = href.slice(origin.length);
  return rest.startsWith('/') ? rest : href;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/**
 * The part of a node's line after role and name: states, value, ref, link target. Table cells write
 * the ref as `[eN]`: the header already says what each cell is, and a long table is where it adds up.
 */
function lineTail(n: SnapshotNode, origin: string | undefined, cell = false): string {
  let s = '';
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
  if (n.element_ref !== undefined) s += cell ? ` [${n.element_ref}]` : ` [ref=${n.element_ref}]`;
  if (n.href !== undefined) s += ` -> ${shortHref(n.href, origin)}`;
  return s;
}

export function nodeLine(n: SnapshotNode, origin?: string): string {
  if (n.role === 'text') return `text: ${n.text ?? n.name}`;
  // A hint is quoted page text like a name, but marked: it is not the element's accessible name.
  const label = n.name ? ` ${JSON.stringify(n.name)}` : n.hint ? ` hint:${JSON.stringify(n.hint)}` : '';
  return n.role + label + lineTail(n, origin);
}

/** A subtree's shape: roles only, two levels deep. Same shape = same kind of row. */
function shape(n: SnapshotNode, byId: Map<string, SnapshotNode>, depth = 0): string {
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

/** Tables are made of runs of up to this many siblings repeated (a row of a list or grid). */
const TABLE_MAX_COLUMNS = 8;

interface Run {
  /** Siblings per repeat. */
  period: number;
  repeats: number;
}

/**
 * The longest run starting at `i` of a group of `period` leaf siblings repeated at least
 * COLLAPSE_MIN_RUN times with the same roles (for tables), preferring the shortest period.
 */
function tableRun(kids: SnapshotNode[], i: number): Run | undefined {
  let best: Run | undefined;
  for (let period = 1; period <= TABLE_MAX_COLUMNS && i + period * COLLAPSE_MIN_RUN <= kids.length; period++) {
    let leaves = true;
    for (let k = 0; k < period; k++) if ((kids[i + k] as SnapshotNode).children?.length || (kids[i + k] as SnapshotNode).role === 'text') leaves = false;
    if (!leaves) break;
    let repeats = 1;
    for (;;) {
      const at = i + repeats * period;
      if (at + period > kids.length) break;
      let same = true;
      for (let k = 0; k < period && same; k++) {
        const a = kids[i + k] as SnapshotNode;
        const b = kids[at + k] as SnapshotNode;
        same = a.role === b.role && !b.children?.length;
      }
      if (!same) break;
      repeats++;
    }
    if (repeats >= COLLAPSE_MIN_RUN && (best === undefined || repeats * period > best.repeats * best.period)) best = { period, repeats };
  }
  return best;
}

/** The name most cells of a column share, when at least half do (it goes in the header). */
function commonName(cells: SnapshotNode[]): string {
  const counts = new Map<string, number>();
  for (const c of cells) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  let name = '';
  let most = 0;
  for (const [n, k] of counts) if (k > most) [name, most] = [n, k];
  return most * 2 >= cells.length ? name : '';
}

export function outlineLines(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions): OutlineLine[] {
  const byId = new Map<string, SnapshotNode>();
  for (const n of nodes) byId.set(n.node_id, n);
  const origin = originOf(opts.base);
  const out: OutlineLine[] = [];
  const walk = (node: SnapshotNode, depth: number, parentKey: string, parentRef: string | undefined, ordinal: number) => {
    const key = node.element_ref ?? `${parentKey}/${node.role}${ordinal}`;
    const line: OutlineLine = { key, depth, text: nodeLine(node, origin) };
    if (node.element_ref) line.ref = node.element_ref;
    if (parentRef) line.parentRef = parentRef;
    out.push(line);
    children(node, depth + 1, key, node.element_ref ?? parentRef);
  };
  const table = (kids: SnapshotNode[], i: number, run: Run, depth: number, key: string, ref: string | undefined) => {
    const columns: string[] = [];
    const names: string[] = [];
    for (let k = 0; k < run.period; k++) {
      const cells = Array.from({ length: run.repeats }, (_, r) => kids[i + r * run.period + k] as SnapshotNode);
      const name = commonName(cells);
      names.push(name);
      columns.push(name ? `${cells[0]?.role} ${JSON.stringify(name)}` : (cells[0]?.role ?? ''));
    }
    out.push({ key: `${key}/table${i}`, depth, text: `rows ×${run.repeats}: ${columns.join(' | ')}` });
    for (let r = 0; r < run.repeats; r++) {
      const row = kids.slice(i + r * run.period, i + (r + 1) * run.period);
      const cells = row.map((c, k) => (c.name ? (c.name !== names[k] ? JSON.stringify(c.name) : '') : c.hint ? `hint:${JSON.stringify(c.hint)}` : '') + lineTail(c, origin, true));
      const first = row.find((c) => c.element_ref !== undefined)?.element_ref;
      out.push({
        key: first ?? `${key}/table${i}/row${r}`,
        depth: depth + 1,
        text: cells.map((c) => c.trim()).join(' | '),
        ...(first ? { ref: first } : {}),
        ...(ref ? { parentRef: ref } : {}),
      });
    }
  };
  const children = (node: SnapshotNode, depth: number, key: string, ref: string | undefined) => {
    const ids = node.children;
    if (ids === undefined || ids.length === 0) return;
    const kids: SnapshotNode[] = [];
    for (const id of ids) {
      const k = byId.get(id);
      if (k !== undefined) kids.push(k);
    }
    const shapes = opts.fold === 'hide' ? kids.map((k) => shape(k, byId)) : [];
    for (let i = 0; i < kids.length; i++) {
      if (opts.fold === 'table') {
        const run = tableRun(kids, i);
        if (run !== undefined) {
          table(kids, i, run, depth, key, ref);
          i += run.period * run.repeats - 1;
          continue;
        }
      }
      let run = 1;
      while (opts.fold === 'hide' && i + run < kids.length && shapes[i + run] === shapes[i]) run++;
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
