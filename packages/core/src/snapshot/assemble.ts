import type { FrameSnapshot, RawNode } from '@browser-provider/page-script';
import type { PageSnapshotV1, SnapshotElement, SnapshotNode } from '@browser-provider/protocol';
import { SNAPSHOT_FORMAT } from '@browser-provider/protocol';
import type { FrameKey } from '../backend';
import { cut, LIMITS } from '../state/limits';

/** One frame's page-script snapshot, with the captures of the iframes it shows, keyed by node index. */
export interface FrameCapture {
  frame: FrameKey;
  snap: FrameSnapshot;
  children: Map<number, FrameCapture>;
}

export type MintRef = (frame: FrameKey, doc: string, id: number) => string;

export interface AssembledSnapshot {
  snapshot: PageSnapshotV1;
  elements: SnapshotElement[];
  truncated: boolean;
}

/** Roles an agent acts on; a disabled one is still listed in `elements` (as not actionable). */
const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'slider',
  'spinbutton', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'treeitem', 'listbox',
]);

/**
 * Merges the frames of one page into the draft's v1 snapshot (root + flat nodes) and the flat
 * element list (the text outline is made from these by ./outline.ts). Node ids are per snapshot (`n1`…); element refs are session-wide.
 * An iframe node's child is the root of the document it shows.
 */
export function assemble(top: FrameCapture, mint: MintRef, valueChars?: number): AssembledSnapshot {
  // A value is cut in the page (500 by default, `value_chars` when asked); here only held to a bound.
  const valueMax = Math.max(LIMITS.nameChars, valueChars ?? 0);
  // Sized once and trimmed at the end: pushing 5,000 nodes grows an array about three times over.
  const total = countNodes(top);
  const nodes = new Array<SnapshotNode>(total);
  const elements = new Array<SnapshotElement>(total);
  let elementCount = 0;
  let counter = 0;
  let truncated = top.snap.truncated;

  const convert = (capture: FrameCapture, index: number): SnapshotNode => {
    const raw = capture.snap.nodes[index] as RawNode;
    // Page-supplied strings cut here, not only in the page: on Firefox the walk runs in the page's realm.
    const name = cut(raw.name, LIMITS.nameChars);
    const text = raw.text === undefined ? undefined : cut(raw.text, LIMITS.textChars);
    const at = counter++;
    const node_id = `n${counter}`;
    const role = raw.role;
    const element_ref = raw.id !== undefined ? mint(capture.frame, capture.snap.doc, raw.id) : undefined;
    const node = nodeOf(raw, node_id, name, text, element_ref, valueMax);
    let shape = madeShape;
    nodes[at] = node;
    if (element_ref !== undefined && (raw.actionable || INTERACTIVE_ROLES.has(raw.role))) {
      const { actionable, enabled, selector_hint } = raw;
      elements[elementCount++] =
        selector_hint === undefined
          ? { element_ref, role, name, text: text ?? name, actionable, enabled }
          : { element_ref, role, name, text: text ?? name, actionable, enabled, selector_hint };
    }
    const kids = raw.children;
    // Most frames show no iframe: skip the lookup (and most nodes are leaves: skip the array).
    const inner = capture.children.size > 0 ? capture.children.get(index) : undefined;
    if (kids.length > 0 || inner !== undefined) {
      // Sized once: a list of 5,000 rows would otherwise grow its array a dozen times.
      const childIds = new Array<string>(kids.length + (inner !== undefined ? 1 : 0));
      for (let i = 0; i < kids.length; i++) childIds[i] = convert(capture, kids[i]!).node_id;
      if (inner !== undefined) {
        truncated ||= inner.snap.truncated;
        childIds[kids.length] = convert(inner, 0).node_id;
      }
      node.children = childIds;
      shape |= 1024;
    }
    if (!SHAPES.has(shape)) {
      // A copy made the same way, so the page's child list is not kept with it.
      const copy = nodeOf(raw, node_id, name, text, element_ref, valueMax);
      if (node.children !== undefined) copy.children = [];
      SHAPES.set(shape, copy);
    }
    return node;
  };

  const root = convert(top, 0);
  nodes.length = counter;
  elements.length = elementCount;
  nodes.shift();
  const snapshot: PageSnapshotV1 = { format: SNAPSHOT_FORMAT, root, nodes };
  return { snapshot, elements, truncated };
}

/** The shape of the node `nodeOf` made last (which literal, which fields after it). */
let madeShape = 0;

/**
 * The node for `raw`, without its children: made whole in one literal per common shape (an element, a
 * text run, a wrapper), not grown a property at a time, since each property added past the literal's
 * grows a backing store per node. Properties come in the order the answer lists them (the JSON is
 * byte-for-byte what it was). Sets `madeShape`.
 */
function nodeOf(raw: RawNode, node_id: string, name: string, text: string | undefined, element_ref: string | undefined, valueMax: number): SnapshotNode {
  const role = raw.role;
  let node: SnapshotNode;
  // Which literal and which fields were added after it: the node's hidden class (SHAPES below).
  let shape = text === undefined ? 0 : 1;
  if (element_ref !== undefined) {
    const { actionable, enabled } = raw;
    node = text === undefined ? { node_id, role, name, element_ref, actionable, enabled } : { node_id, role, name, text, element_ref, actionable, enabled };
  } else if (raw.actionable) {
    shape += 2;
    node = text === undefined ? { node_id, role, name, actionable: true, enabled: raw.enabled } : { node_id, role, name, text, actionable: true, enabled: raw.enabled };
  } else {
    shape += 4;
    node = text === undefined ? { node_id, role, name } : { node_id, role, name, text };
  }
  if (raw.value !== undefined) {
    node.value = cut(raw.value, valueMax);
    shape |= 8;
  }
  if (raw.level !== undefined) {
    node.level = raw.level;
    shape |= 16;
  }
  if (raw.href !== undefined) {
    node.href = cut(raw.href, LIMITS.urlChars);
    shape |= 32;
  }
  if (raw.states !== undefined && hasKeys(raw.states)) {
    node.states = raw.states;
    shape |= 64;
  }
  if (raw.hint !== undefined) {
    node.hint = cut(raw.hint, LIMITS.nameChars);
    shape |= 128;
  }
  if (raw.format !== undefined && FORMAT.test(raw.format)) {
    node.format = raw.format;
    shape |= 256;
  }
  if (raw.box !== undefined) {
    node.box = { x: raw.box[0], y: raw.box[1], width: raw.box[2], height: raw.box[3] };
    shape |= 512;
  }
  madeShape = shape;
  return node;
}

/**
 * One assembled node of each shape (which literal it was made from, which fields were added after),
 * kept for good. A field added after a literal gives the node a hidden class V8 holds only while such
 * a node is alive; the server's full GCs (about one per 1,000-row snapshot under --optimize-for-size)
 * would free it between snapshots and discard the outline code specialised to it (../toolkit/shapes.ts).
 * At most a few dozen small nodes, each a copy with no children of the first node of its shape.
 */
const SHAPES = new Map<number, SnapshotNode>();

/** Nodes in a capture and the captures of its iframes: at most what assemble converts. */
function countNodes(capture: FrameCapture): number {
  let n = capture.snap.nodes.length;
  for (const child of capture.children.values()) n += countNodes(child);
  return n;
}

/**
 * What a field's format can be (page-script's field-kinds.ts makes it from our words and strings its
 * patterns matched): anything else is dropped, so it prints unquoted without passing for our notation.
 */
const FORMAT = /^[a-z]+ [\w#:.+\- ]{1,90}$/;

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}
