import type { SnapshotNode } from '@browser-provider/protocol';
import { hrefShown, originOf, quote, safeRole, shortHref } from './notation';
import { alikeRun, COLLAPSE_KEEP, COLLAPSE_MIN_RUN, commonName, linkRun, shape, tableRun, type Run } from './outline-runs';

/**
 * The compact text view of a snapshot, one line per node, two spaces of indent per level:
 *
 *   heading "Welcome" [level=1] [e1]
 *   textbox "Email" [required] value="a@b.c" [e4]
 *   textbox "Start date" (date YYYY-MM-DD) value="2025-06-15" [e5]
 *   link "Docs" [e5] -> /docs
 *   "Plain text run"
 *   links: "Home" [e6] / | "News" [e7] /news | "Shop" [e8] https://shop.example/
 *   3× button "Reply" [e9] [e10] [e11]
 *
 * Grammar: docs/snapshot.md. Page strings are quoted by ./notation.ts. Link targets on the page's own
 * origin are written from the path, in-page anchors not at all. The document root is not printed (its
 * name is the page title); nameless wrappers (list items, divs) never reach here (the walk drops them).
 *
 * `fold` says what happens to runs of siblings:
 * - `none`: one line per node (diffs key on it, and `collapse: false` asks for it);
 * - `alike` (full mode's default): runs of plain links as one `links:` line, runs of leaves that print
 *   exactly alike as one `N×` line carrying every ref — nothing is hidden;
 * - `table` (interactive mode's default): as `alike`, and runs of repeated leaf groups set as a table:
 *
 *     rows ×1000: link | button "Add to cart" | textbox | checkbox "Compare"
 *       "Sturdy kettle 0" [e8] -> /item/0 | [e9] | "Note for item 0" [e10] | [e11]
 *
 * - `hide` (`collapse: true`): long runs of same-shaped siblings folded to their first three and a
 *   line that counts the rest.
 */

export type FoldStyle = 'none' | 'alike' | 'hide' | 'table';

export interface OutlineOptions {
  fold: FoldStyle;
  /** The page URL: link targets on its origin are printed from the path, anchors into it not at all. */
  base?: string | undefined;
  /** Write each node's box (page.snapshot `boxes`) after its ref. */
  boxes?: boolean;
}

export interface OutlineLine {
  /** Stable identity across snapshots: the element ref, or a path from the nearest ref for text. */
  key: string;
  ref?: string;
  parentRef?: string;
  depth: number;
  text: string;
}

export { COLLAPSE_KEEP, COLLAPSE_MIN_RUN };

interface Ctx {
  origin: string | undefined;
  page: string | undefined;
  boxes?: boolean | undefined;
}

const href = (n: SnapshotNode, c: Ctx): string | undefined => (n.href !== undefined && hrefShown(n.href, c.page) ? n.href : undefined);

/** Format, states, value and level: what a line says about its node besides role, name, ref and target. */
function facts(n: SnapshotNode): string {
  // A field whose value is not plain text says what it takes first: `(date YYYY-MM-DD)`, `(colour #rrggbb)`.
  let s = n.format !== undefined ? ` (${n.format})` : '';
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
  if (n.value !== undefined && n.value !== '') s += ` value=${quote(n.value)}`;
  return s;
}

const box = (n: SnapshotNode) => (n.box !== undefined ? ` [box=${n.box.x},${n.box.y},${n.box.width},${n.box.height}]` : '');
/** The ref, and with `boxes` the box: a box belongs to the element its ref names. */
const ref = (n: SnapshotNode, c?: Ctx) => (n.element_ref !== undefined ? ` [${n.element_ref}]${c?.boxes === true ? box(n) : ''}` : '');
const target = (n: SnapshotNode, c: Ctx) => {
  const h = href(n, c);
  return h === undefined ? '' : ` -> ${shortHref(h, c.origin)}`;
};

/** A node's line without its ref (what "exactly alike" compares). */
function bare(n: SnapshotNode): string {
  if (n.role === 'text') return quote(n.text ?? n.name);
  const role = safeRole(n.role);
  // A hint is quoted page text like a name, but marked: it is not the element's accessible name.
  const label = n.name ? ` ${quote(n.name)}` : n.hint ? ` hint:${quote(n.hint)}` : '';
  return role + label + facts(n);
}

export function nodeLine(n: SnapshotNode, base?: string, boxes?: boolean): string {
  return line(n, { origin: originOf(base), page: base, boxes });
}

const line = (n: SnapshotNode, c: Ctx): string => (n.role === 'text' ? bare(n) : bare(n) + ref(n, c) + target(n, c));

/**
 * A run of plain links as one line. When most targets share another origin than the page's, it is
 * written once in the line's head and those targets from their path; others stay whole.
 */
function linkList(run: readonly SnapshotNode[], c: Ctx): string {
  const counts = new Map<string, number>();
  for (const n of run) {
    const o = originOf(href(n, c));
    if (o !== undefined) counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  let common = c.origin;
  let most = common !== undefined ? (counts.get(common) ?? 0) : 0;
  let all = 0;
  for (const [o, k] of counts) {
    all += k;
    if (k > most) [common, most] = [o, k];
  }
  if (most < 2 || most * 2 < all) common = c.origin;
  const cell = (n: SnapshotNode) => {
    const h = href(n, c);
    return `${quote(n.name)}${ref(n, c)}${h === undefined ? '' : ` ${shortHref(h, common)}`}`;
  };
  return `links${common !== c.origin && common !== undefined ? ` (${common})` : ''}: ${run.map(cell).join(' | ')}`;
}

/** Where the walk below puts each line: kept as OutlineLines (diffs) or written straight into text. */
interface Sink {
  /** Whether lines need their keys (a diff's identity); the text alone does not. */
  keys: boolean;
  line(key: string, depth: number, text: string, ref: string | undefined, parentRef: string | undefined): void;
}

/**
 * Finds sibling nodes by id. An assembled snapshot lists its nodes in order with ids `n2`, `n3`, …, so
 * an id's number says where it is; a map is made only when a lookup misses (a scoped or hand-made
 * snapshot). A 1,000-row page would otherwise build a 5,000-entry map per snapshot.
 */
class NodeIndex {
  #byId: Map<string, SnapshotNode> | undefined;
  readonly #first: number;

  constructor(private readonly nodes: readonly SnapshotNode[]) {
    this.#first = nodes.length > 0 ? idNumber((nodes[0] as SnapshotNode).node_id) : -1;
  }

  get(id: string): SnapshotNode | undefined {
    const at = this.#first < 0 ? -1 : idNumber(id) - this.#first;
    const guess = at >= 0 ? this.nodes[at] : undefined;
    if (guess !== undefined && guess.node_id === id) return guess;
    if (this.#byId === undefined) {
      this.#byId = new Map();
      for (let i = 0; i < this.nodes.length; i++) this.#byId.set((this.nodes[i] as SnapshotNode).node_id, this.nodes[i] as SnapshotNode);
    }
    return this.#byId.get(id);
  }
}

/** The number in an `n123` id, or -1. */
function idNumber(id: string): number {
  if (id.charCodeAt(0) !== 0x6e || id.length < 2 || id.length > 10) return -1;
  let v = 0;
  for (let i = 1; i < id.length; i++) {
    const d = id.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

export function outlineLines(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions): OutlineLine[] {
  const out: OutlineLine[] = [];
  emitOutline(root, nodes, opts, {
    keys: true,
    line: (key, depth, text, ref, parentRef) => {
      const l: OutlineLine = { key, depth, text };
      if (ref) l.ref = ref;
      if (parentRef) l.parentRef = parentRef;
      out.push(l);
    },
  });
  return out;
}

/** `renderOutline(outlineLines(…))` without the lines: the text of a full snapshot. */
export function outlineText(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions): string {
  const parts: string[] = [];
  emitOutline(root, nodes, opts, { keys: false, line: (_key, depth, text) => parts.push(depth === 0 ? text : indent(depth) + text) });
  return parts.join('\n');
}

const INDENTS: string[] = [''];
function indent(depth: number): string {
  for (let d = INDENTS.length; d <= depth; d++) INDENTS.push('  '.repeat(d));
  return INDENTS[depth] as string;
}

function emitOutline(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions, sink: Sink): void {
  const byId = new NodeIndex(nodes);
  const c: Ctx = { origin: originOf(opts.base), page: opts.base, boxes: opts.boxes };
  const compact = opts.fold === 'alike' || opts.fold === 'table';
  const keys = sink.keys;
  // The hot path of a large snapshot (thousands of siblings): no spread objects, no URL parsed per
  // line, no keys unless a diff needs them, and each sibling's line parts made once (see `children`).
  // Under the server's --optimize-for-size every short-lived allocation here costs GC time several times over.
  const push = (key: string, depth: number, text: string, first: string | undefined, parentRef: string | undefined) => {
    sink.line(first ?? key, depth, text, first, parentRef);
  };
  const walk = (node: SnapshotNode, depth: number, parentKey: string, parentRef: string | undefined, ordinal: number, text?: string) => {
    const key = node.element_ref ?? (keys ? `${parentKey}/${node.role}${ordinal}` : '');
    push(key, depth, text ?? line(node, c), node.element_ref, parentRef);
    children(node, depth + 1, key, node.element_ref ?? parentRef);
  };
  const table = (kids: SnapshotNode[], i: number, run: Run, depth: number, key: string, parentRef: string | undefined) => {
    const names: string[] = [];
    const columns: string[] = [];
    for (let k = 0; k < run.period; k++) {
      const cells = Array.from({ length: run.repeats }, (_, r) => kids[i + r * run.period + k] as SnapshotNode);
      const name = commonName(cells);
      names.push(name);
      const role = safeRole(cells[0]?.role ?? '');
      columns.push(name ? `${role} ${quote(name)}` : role);
    }
    sink.line(keys ? `${key}/table${i}` : '', depth, `rows ×${run.repeats}: ${columns.join(' | ')}`, undefined, undefined);
    for (let r = 0; r < run.repeats; r++) {
      const row = kids.slice(i + r * run.period, i + (r + 1) * run.period);
      const cells = row.map((n, k) => `${n.name ? (n.name !== names[k] ? quote(n.name) : '') : n.hint ? `hint:${quote(n.hint)}` : ''}${facts(n)}${ref(n, c)}${target(n, c)}`.trim());
      push(keys ? `${key}/table${i}/row${r}` : '', depth + 1, cells.join(' | '), row.find((n) => n.element_ref !== undefined)?.element_ref, parentRef);
    }
  };
  const children = (node: SnapshotNode, depth: number, key: string, parentRef: string | undefined) => {
    const ids = node.children;
    if (ids === undefined || ids.length === 0) return;
    const kids: SnapshotNode[] = [];
    for (let i = 0; i < ids.length; i++) {
      const k = byId.get(ids[i] as string);
      if (k !== undefined) kids.push(k);
    }
    const shapes = opts.fold === 'hide' ? kids.map((k) => shape(k, byId)) : [];
    // Compact folds compare each sibling's line (without its ref) with the next one's, then print it:
    // its parts are kept by index so that each is made once.
    const bares: Array<string | undefined> = compact ? new Array<string | undefined>(kids.length) : [];
    const targets: Array<string | undefined> = compact ? new Array<string | undefined>(kids.length) : [];
    const bareAt = (k: number) => (bares[k] ??= bare(kids[k] as SnapshotNode));
    const targetAt = (k: number) => (targets[k] ??= target(kids[k] as SnapshotNode, c));
    const alike = (a: number, b: number) => bareAt(a) === bareAt(b) && targetAt(a) === targetAt(b);
    for (let i = 0; i < kids.length; i++) {
      if (opts.fold === 'table') {
        const run = tableRun(kids, i);
        if (run !== undefined) {
          table(kids, i, run, depth, key, parentRef);
          i += run.period * run.repeats - 1;
          continue;
        }
      }
      if (compact) {
        const links = linkRun(kids, i);
        const alikes = links > 0 ? 0 : alikeRun(kids, i, alike);
        if (links > 0 || alikes > 0) {
          const run = kids.slice(i, i + Math.max(links, alikes));
          if (links > 0) push(keys ? `${key}/links${i}` : '', depth, linkList(run, c), run[0]?.element_ref, parentRef);
          else {
            const first = run[0] as SnapshotNode;
            push(keys ? `${key}/alike${i}` : '', depth, `${alikes}× ${bareAt(i)}${run.map((n) => ref(n, c)).join('')}${targetAt(i)}`, first.element_ref, parentRef);
          }
          i += run.length - 1;
          continue;
        }
        const kid = kids[i] as SnapshotNode;
        walk(kid, depth, key, parentRef, i, kid.role === 'text' ? bareAt(i) : bareAt(i) + ref(kid, c) + targetAt(i));
        continue;
      }
      let run = 1;
      while (opts.fold === 'hide' && i + run < kids.length && shapes[i + run] === shapes[i]) run++;
      if (run >= COLLAPSE_MIN_RUN) {
        for (let j = 0; j < COLLAPSE_KEEP; j++) walk(kids[i + j] as SnapshotNode, depth, key, parentRef, i + j);
        sink.line(
          keys ? `${key}/fold${i}` : '',
          depth,
          `… ${run - COLLAPSE_KEEP} more like the ${COLLAPSE_KEEP} above (${safeRole(kids[i]?.role ?? '')}); snapshot with collapse=false to see them`,
          undefined,
          undefined,
        );
        i += run - 1;
      } else {
        walk(kids[i] as SnapshotNode, depth, key, parentRef, i);
      }
    }
  };
  children(root, 0, 'root', undefined);
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
