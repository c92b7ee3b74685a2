/**
 * How a frame's snapshot crosses from the page to Node. This is internal to page-script and core, not
 * the protocol: core decodes it back into `FrameSnapshot` (RawNode[]) before assembling the answer.
 *
 * Moving the reply is most of a big snapshot's cost on Chromium (chromedriver's BiDi relays about
 * 1 MB/s, and every `"`, `\` or non-ASCII character costs two or three times a plain one, since the
 * reply is escaped at each hop). So the page sends columns instead of objects: per node a few integers
 * (role as an index into `roles`, a flags word, a child count in pre-order, an id delta) and its
 * strings in one array, defaults left out, hrefs relative to `base` when they start with it. A large
 * frame is then deflated and base64-encoded in the page (see page/pack.ts), which turns quotes into
 * plain letters and shrinks the 1,000-row catalog from 0.8 MB of JSON to about 30 KB.
 *
 * This module is environment-neutral: the page bundle encodes with it, Node decodes with it.
 */
import type { FrameSnapshot, NodeStates, RawNode } from './contract';
import { WIRE_VERSION, type CompactFrame } from './frame-wire';

export { WIRE_VERSION };
export type { CompactFrame, FrameWire } from './frame-wire';

const ID = 1;
const ACTIONABLE = 2;
const DISABLED = 4;
const NAME = 8;
const TEXT = 16;
const VALUE = 32;
const HREF = 64;
const HREF_REL = 128;
const HINT = 256;
const LEVEL = 512;
const STATES = 1024;
const FRAME = 2048;
const ICON_HINT = 4096;
const BOX = 8192;
const FORMAT = 16384;

/** The order `statesOf` writes states in; decoding rebuilds each object in this order. */
const STATE_KEYS = ['checked', 'disabled', 'expanded', 'selected', 'required', 'invalid', 'focused'] as const;

function stateBits(states: NodeStates): number {
  let bits = 0;
  for (let k = 0; k < STATE_KEYS.length; k++) {
    const v = states[STATE_KEYS[k]!];
    const code = v === true ? 1 : v === false ? 2 : v === 'mixed' ? 3 : 0;
    bits |= code << (2 * k);
  }
  return bits;
}

function statesFrom(bits: number): NodeStates {
  const states: Record<string, boolean | 'mixed'> = {};
  let present = 0;
  for (let k = 0; k < STATE_KEYS.length; k++) {
    const code = (bits >> (2 * k)) & 3;
    if (code !== 0) {
      states[STATE_KEYS[k]!] = code === 1 ? true : code === 2 ? false : 'mixed';
      present |= 1 << k;
    }
  }
  if (!SHAPES.has(-1 - present)) SHAPES.set(-1 - present, states);
  return states as NodeStates;
}

/** The bits that decide which fields a decoded node gets, in which order (the rest only set values). */
const SHAPE_BITS = ID | TEXT | VALUE | LEVEL | HREF | STATES | BOX | HINT | ICON_HINT | FORMAT | FRAME;

/**
 * One decoded node (keys ≥ 0: its shape bits) and one states object (keys < 0) of each shape, kept
 * for good. A node is built field by field, and V8 holds the hidden class of such an object only
 * while one is alive: the server's full GCs (about one per 1,000-row snapshot under
 * --optimize-for-size) would free them between snapshots and discard every optimized function
 * specialised to them (core's toolkit/shapes.ts says more). A few dozen small objects, none with more
 * than 64 children.
 */
const SHAPES = new Map<number, object>();

/**
 * Encodes a frame by walking its tree from node 0 in pre-order (so any FrameSnapshot encodes, whatever
 * the order of its array; nodes unreachable from the root are not sent). `base` is usually
 * `location.origin`; pass "" to send hrefs whole.
 */
export function encodeFrame(snap: FrameSnapshot, base: string): CompactFrame {
  const roles: string[] = [];
  const roleIndex = new Map<string, number>();
  const n: number[] = [];
  const s: string[] = [];
  let prevId = 0;
  const stack: number[] = snap.nodes.length > 0 ? [0] : [];
  while (stack.length > 0) {
    const node = snap.nodes[stack.pop()!]!;
    let role = roleIndex.get(node.role);
    if (role === undefined) {
      role = roles.length;
      roles.push(node.role);
      roleIndex.set(node.role, role);
    }
    let flags = 0;
    if (node.id !== undefined) flags |= ID;
    if (node.actionable) flags |= ACTIONABLE;
    if (!node.enabled) flags |= DISABLED;
    if (node.name !== '') flags |= NAME;
    if (node.text !== undefined) flags |= TEXT;
    if (node.value !== undefined) flags |= VALUE;
    let href = node.href;
    if (href !== undefined) {
      if (base !== '' && href.startsWith(base)) {
        flags |= HREF_REL;
        href = href.slice(base.length);
      } else flags |= HREF;
    }
    if (node.selector_hint !== undefined) flags |= HINT;
    if (node.level !== undefined) flags |= LEVEL;
    const bits = node.states === undefined ? 0 : stateBits(node.states);
    if (bits !== 0) flags |= STATES;
    if (node.frame === true) flags |= FRAME;
    if (node.hint !== undefined) flags |= ICON_HINT;
    if (node.box !== undefined) flags |= BOX;
    if (node.format !== undefined) flags |= FORMAT;

    const kids = node.children;
    n.push(role, flags, kids.length);
    if (node.id !== undefined) {
      n.push(node.id - prevId);
      prevId = node.id;
    }
    if (node.level !== undefined) n.push(node.level);
    if (bits !== 0) n.push(bits);
    if (node.box !== undefined) n.push(...node.box);
    if (node.name !== '') s.push(node.name);
    if (node.text !== undefined) s.push(node.text);
    if (node.value !== undefined) s.push(node.value);
    if (href !== undefined) s.push(href);
    if (node.selector_hint !== undefined) s.push(node.selector_hint);
    if (node.hint !== undefined) s.push(node.hint);
    if (node.format !== undefined) s.push(node.format);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return { v: WIRE_VERSION, doc: snap.doc, url: snap.url, title: snap.title, truncated: snap.truncated, roles, base, n, s };
}

const NO_CHILDREN = Object.freeze([]) as unknown as number[];

function malformed(why: string): Error {
  return new Error(`malformed snapshot from the page script: ${why}`);
}

// The column readers are module functions, not closures made per call. The loop below runs long enough
// to be compiled while it runs (on-stack replacement); while the readers were closures, that code was
// thrown away whenever a GC had collected the call's closure context, and compiled again (core's shapes
// test: discarded in up to 4 of 16 rounds; `--trace-osr`: compiled 3 to 5 times in 16 rounds, now once).
function str(s: readonly unknown[], i: number): string {
  const v = s[i];
  if (typeof v !== 'string') throw malformed('strings run short');
  return v;
}

function int(n: readonly unknown[], i: number): number {
  const v = n[i];
  if (typeof v !== 'number') throw malformed('numbers run short');
  return v;
}

/** Rebuilds the RawNode array (in pre-order) from its columns. Throws on anything inconsistent. */
export function decodeCompact(c: CompactFrame): FrameSnapshot {
  if (c === null || typeof c !== 'object' || c.v !== WIRE_VERSION) throw malformed(`expected format version ${WIRE_VERSION}`);
  const { n, s, roles, base } = c;
  if (!Array.isArray(n) || !Array.isArray(s) || !Array.isArray(roles)) throw malformed('missing columns');
  // At most one node per three numbers: sized once, trimmed at the end.
  const nodes = new Array<RawNode>(Math.floor(n.length / 3));
  let decoded = 0;
  // Parents still expecting children: their child lists and how many are still to come.
  const lists: number[][] = [];
  const left: number[] = [];
  let ni = 0;
  let si = 0;
  let prevId = 0;
  while (ni < n.length) {
    const role = roles[int(n, ni++)];
    if (typeof role !== 'string') throw malformed('role index out of range');
    const flags = int(n, ni++);
    const count = int(n, ni++);
    const node = {} as RawNode;
    if (flags & ID) node.id = prevId += int(n, ni++);
    node.role = role;
    node.name = flags & NAME ? str(s, si++) : '';
    if (flags & TEXT) node.text = str(s, si++);
    node.actionable = (flags & ACTIONABLE) !== 0;
    node.enabled = (flags & DISABLED) === 0;
    if (flags & VALUE) node.value = str(s, si++);
    if (flags & LEVEL) node.level = int(n, ni++);
    if (flags & HREF_REL) node.href = base + str(s, si++);
    else if (flags & HREF) node.href = str(s, si++);
    if (flags & STATES) node.states = statesFrom(int(n, ni++));
    if (flags & BOX) node.box = [int(n, ni++), int(n, ni++), int(n, ni++), int(n, ni++)];
    if (flags & HINT) node.selector_hint = str(s, si++);
    if (flags & ICON_HINT) node.hint = str(s, si++);
    if (flags & FORMAT) node.format = str(s, si++);
    // Most nodes are leaves: they share one frozen empty list (only this loop fills a node's list).
    node.children = count > 0 ? [] : NO_CHILDREN;
    if (flags & FRAME) node.frame = true;
    const shape = (flags & SHAPE_BITS) | (flags & HREF_REL ? HREF : 0);
    // Not a node with a long child list, which it would keep: the next of its shape with a short one.
    if (count <= 64 && !SHAPES.has(shape)) SHAPES.set(shape, node);

    const index = decoded++;
    nodes[index] = node;
    const top = lists.length - 1;
    if (top >= 0) {
      lists[top]!.push(index);
      left[top] = left[top]! - 1;
      if (left[top] === 0) {
        lists.pop();
        left.pop();
      }
    } else if (index !== 0) throw malformed('more than one root');
    if (count > 0) {
      lists.push(node.children);
      left.push(count);
    }
  }
  if (lists.length > 0 || si !== s.length) throw malformed('columns do not match the tree');
  nodes.length = decoded;
  return { doc: c.doc, url: c.url, title: c.title, nodes, truncated: c.truncated === true };
}
