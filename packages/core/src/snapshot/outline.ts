import type { SnapshotNode } from '@browser-provider/protocol';
import { hrefShown, originOf, quote, safeRole, shortHref } from './notation';
import { LineOut, NotUtf8, TextOut, type Out, type OutlineLine } from './outline-out';
import { alikeRun, COLLAPSE_KEEP, COLLAPSE_MIN_RUN, commonName, linkRun, shape, tableRun, type Run } from './outline-runs';
import { keepShape } from '../toolkit/shapes';

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

export type { OutlineLine };
export { COLLAPSE_KEEP, COLLAPSE_MIN_RUN };

interface Ctx {
  origin: string | undefined;
  page: string | undefined;
  boxes?: boolean | undefined;
}

// One context kept for good. V8 held the hidden class of emitOutline's context literal only while one
// was alive: each full GC between two snapshots freed it and threw away `line` and `target` (in 5 to
// 9 of 16 rounds of core's shapes test) until one was kept (../toolkit/shapes.ts).
keepShape<Ctx>({ origin: undefined, page: undefined, boxes: undefined });

const href = (n: SnapshotNode, c: Ctx): string | undefined => (n.href !== undefined && hrefShown(n.href, c.page) ? n.href : undefined);

/** Format, states, value and level: what a line says about its node besides role, name, ref and target. */
function facts(n: SnapshotNode, o: Out): void {
  // A field whose value is not plain text says what it takes first: `(date YYYY-MM-DD)`, `(colour #rrggbb)`.
  if (n.format !== undefined) {
    o.raw(' (');
    o.raw(n.format);
    o.raw(')');
  }
  if (n.level !== undefined) o.raw(` [level=${n.level}]`);
  const st = n.states;
  if (st) {
    if (st.checked === 'mixed') o.raw(' [checked=mixed]');
    else if (st.checked) o.raw(' [checked]');
    if (st.disabled) o.raw(' [disabled]');
    if (st.expanded !== undefined) o.raw(st.expanded ? ' [expanded]' : ' [collapsed]');
    if (st.selected) o.raw(' [selected]');
    if (st.required) o.raw(' [required]');
    if (st.invalid) o.raw(' [invalid]');
    if (st.focused) o.raw(' [focused]');
  }
  if (n.value !== undefined && n.value !== '') {
    o.raw(' value=');
    o.quoted(n.value);
  }
}

/** The ref, and with `boxes` the box: a box belongs to the element its ref names. */
function ref(n: SnapshotNode, c: Ctx, o: Out): void {
  if (n.element_ref === undefined) return;
  o.raw(' [');
  o.raw(n.element_ref);
  o.raw(']');
  if (c.boxes === true && n.box !== undefined) o.raw(` [box=${n.box.x},${n.box.y},${n.box.width},${n.box.height}]`);
}

function target(n: SnapshotNode, c: Ctx, o: Out): void {
  const h = href(n, c);
  if (h === undefined) return;
  o.raw(' -> ');
  o.raw(shortHref(h, c.origin));
}

/** A node's line without its ref (what "exactly alike" compares). */
function bare(n: SnapshotNode, o: Out): void {
  if (n.role === 'text') return o.quoted(n.text ?? n.name);
  o.raw(safeRole(n.role));
  // A hint is quoted page text like a name, but marked: it is not the element's accessible name.
  if (n.name) {
    o.raw(' ');
    o.quoted(n.name);
  } else if (n.hint) {
    o.raw(' hint:');
    o.quoted(n.hint);
  }
  facts(n, o);
}

function line(n: SnapshotNode, c: Ctx, o: Out): void {
  bare(n, o);
  if (n.role === 'text') return;
  ref(n, c, o);
  target(n, c, o);
}

export function nodeLine(n: SnapshotNode, base?: string, boxes?: boolean): string {
  const o = new LineOut(false);
  o.open(0);
  line(n, { origin: originOf(base), page: base, boxes }, o);
  o.close('', undefined, undefined);
  return (o.lines[0] as OutlineLine).text;
}

/** `checked` as a line prints it: 2 mixed, 1 checked, 0 not said. */
const checkedMark = (st: SnapshotNode['states']) => (st?.checked === 'mixed' ? 2 : st?.checked ? 1 : 0);
const expandedMark = (st: SnapshotNode['states']) => (st?.expanded === undefined ? 0 : st.expanded ? 1 : 2);

/** Whether two nodes' `facts` print the same, compared without printing them. */
function sameFacts(a: SnapshotNode, b: SnapshotNode): boolean {
  if (a.format !== b.format || a.level !== b.level) return false;
  if ((a.value === '' ? undefined : a.value) !== (b.value === '' ? undefined : b.value)) return false;
  const x = a.states;
  const y = b.states;
  if (x === y) return true;
  return (
    checkedMark(x) === checkedMark(y) &&
    !x?.disabled === !y?.disabled &&
    expandedMark(x) === expandedMark(y) &&
    !x?.selected === !y?.selected &&
    !x?.required === !y?.required &&
    !x?.invalid === !y?.invalid &&
    !x?.focused === !y?.focused
  );
}

/**
 * Whether two nodes print exactly alike but for their refs (`bare` and `target` equal), compared
 * field by field: each part a line prints says one field and cannot be read as another (names are
 * quoted, the role is a plain word, states and format are bracketed), so equal fields are equal lines.
 */
function printsAlike(a: SnapshotNode, b: SnapshotNode, c: Ctx): boolean {
  if (a.role === 'text' || b.role === 'text') {
    if (a.role !== b.role || (a.text ?? a.name) !== (b.text ?? b.name)) return false;
  } else {
    if (a.role !== b.role && safeRole(a.role) !== safeRole(b.role)) return false;
    const label = a.name ? 1 : a.hint ? 2 : 0;
    if (label !== (b.name ? 1 : b.hint ? 2 : 0)) return false;
    if (label === 1 ? a.name !== b.name : label === 2 && a.hint !== b.hint) return false;
    if (!sameFacts(a, b)) return false;
  }
  const ha = href(a, c);
  const hb = href(b, c);
  if (ha === hb) return true;
  return ha !== undefined && hb !== undefined && shortHref(ha, c.origin) === shortHref(hb, c.origin);
}

/**
 * A run of plain links as one line. When most targets share another origin than the page's, it is
 * written once in the line's head and those targets from their path; others stay whole.
 */
function linkList(kids: readonly SnapshotNode[], from: number, count: number, c: Ctx, o: Out): void {
  const counts = new Map<string, number>();
  for (let i = from; i < from + count; i++) {
    const origin = originOf(href(kids[i] as SnapshotNode, c));
    if (origin !== undefined) counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  let common = c.origin;
  let most = common !== undefined ? (counts.get(common) ?? 0) : 0;
  let all = 0;
  for (const [origin, k] of counts) {
    all += k;
    if (k > most) [common, most] = [origin, k];
  }
  if (most < 2 || most * 2 < all) common = c.origin;
  o.raw(common !== c.origin && common !== undefined ? `links (${common}): ` : 'links: ');
  for (let i = from; i < from + count; i++) {
    const n = kids[i] as SnapshotNode;
    if (i > from) o.raw(' | ');
    o.quoted(n.name);
    ref(n, c, o);
    const h = href(n, c);
    if (h !== undefined) {
      o.raw(' ');
      o.raw(shortHref(h, common));
    }
  }
}

const TRAILING_SPACE = /\s$/;

/** A table cell: the name when the column's header does not already say it, facts, ref and target, trimmed. */
function cell(n: SnapshotNode, header: string, c: Ctx, o: Out): void {
  const h = href(n, c);
  const short = h === undefined ? undefined : shortHref(h, c.origin);
  // A target ending in white space (only a page that rewrote hrefs makes one) is trimmed as a string.
  if (short !== undefined && TRAILING_SPACE.test(short)) {
    const one = new LineOut(false);
    one.open(0);
    cellParts(n, header, c, one, short);
    one.close('', undefined, undefined);
    o.raw((one.lines[0] as OutlineLine).text.trim());
    return;
  }
  cellParts(n, header, c, o, short);
}

function cellParts(n: SnapshotNode, header: string, c: Ctx, o: Out, short: string | undefined): void {
  let named = false;
  if (n.name) {
    if (n.name !== header) {
      o.quoted(n.name);
      named = true;
    }
  } else if (n.hint) {
    o.raw('hint:');
    o.quoted(n.hint);
    named = true;
  }
  // A cell is trimmed: without a name its first part loses the space it starts with.
  o.dropSpace = !named;
  facts(n, o);
  ref(n, c, o);
  if (short !== undefined) {
    o.raw(' -> ');
    o.raw(short);
  }
  o.dropSpace = false;
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

// Kept for good: a full GC between two snapshots would otherwise discard the code specialised to it.
keepShape(new NodeIndex([]));

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
  const out = new LineOut(true);
  emitOutline(root, nodes, opts, out);
  return out.lines;
}

/** `renderOutline(outlineLines(…))` without the lines: the text of a full snapshot. */
export function outlineText(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions): string {
  const out = new TextOut();
  try {
    emitOutline(root, nodes, opts, out);
    return out.text();
  } catch (e) {
    if (!(e instanceof NotUtf8)) throw e;
    // A link target with a lone surrogate, which UTF-8 cannot carry: the text is made of strings.
    const lines = new LineOut(false);
    emitOutline(root, nodes, opts, lines);
    return renderOutline(lines.lines);
  }
}

function emitOutline(root: SnapshotNode, nodes: SnapshotNode[], opts: OutlineOptions, o: Out): void {
  const byId = new NodeIndex(nodes);
  const c: Ctx = { origin: originOf(opts.base), page: opts.base, boxes: opts.boxes };
  const compact = opts.fold === 'alike' || opts.fold === 'table';
  const keys = o.keys;
  // The hot path of a large snapshot (thousands of siblings): no spread objects, no URL parsed per
  // line, no keys unless a diff needs them, and no string made per line (./outline-out.ts).
  /** Ends a line: keyed by its first ref when it has one. */
  const close = (key: string, first: string | undefined, parentRef: string | undefined) => o.close(first ?? key, first, parentRef);
  const walk = (node: SnapshotNode, depth: number, parentKey: string, parentRef: string | undefined, ordinal: number) => {
    const key = node.element_ref ?? (keys ? `${parentKey}/${node.role}${ordinal}` : '');
    o.open(depth);
    line(node, c, o);
    close(key, node.element_ref, parentRef);
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
    o.open(depth);
    o.raw(`rows ×${run.repeats}: ${columns.join(' | ')}`);
    o.close(keys ? `${key}/table${i}` : '', undefined, undefined);
    for (let r = 0; r < run.repeats; r++) {
      const at = i + r * run.period;
      let first: string | undefined;
      o.open(depth + 1);
      for (let k = 0; k < run.period; k++) {
        const n = kids[at + k] as SnapshotNode;
        first ??= n.element_ref;
        if (k > 0) o.raw(' | ');
        cell(n, names[k] as string, c, o);
      }
      close(keys ? `${key}/table${i}/row${r}` : '', first, parentRef);
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
        const alikes = links > 0 ? 0 : alikeRun(kids, i, printsAlike, c);
        if (links > 0) {
          o.open(depth);
          linkList(kids, i, links, c, o);
          close(keys ? `${key}/links${i}` : '', kids[i]?.element_ref, parentRef);
          i += links - 1;
          continue;
        }
        if (alikes > 0) {
          const first = kids[i] as SnapshotNode;
          o.open(depth);
          o.raw(`${alikes}× `);
          bare(first, o);
          for (let j = i; j < i + alikes; j++) ref(kids[j] as SnapshotNode, c, o);
          target(first, c, o);
          close(keys ? `${key}/alike${i}` : '', first.element_ref, parentRef);
          i += alikes - 1;
          continue;
        }
        walk(kids[i] as SnapshotNode, depth, key, parentRef, i);
        continue;
      }
      let run = 1;
      while (opts.fold === 'hide' && i + run < kids.length && shapes[i + run] === shapes[i]) run++;
      if (run >= COLLAPSE_MIN_RUN) {
        for (let j = 0; j < COLLAPSE_KEEP; j++) walk(kids[i + j] as SnapshotNode, depth, key, parentRef, i + j);
        o.open(depth);
        o.raw(`… ${run - COLLAPSE_KEEP} more like the ${COLLAPSE_KEEP} above (${safeRole(kids[i]?.role ?? '')}); snapshot with collapse=false to see them`);
        o.close(keys ? `${key}/fold${i}` : '', undefined, undefined);
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
