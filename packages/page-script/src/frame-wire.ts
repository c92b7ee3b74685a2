/** The shape of a frame snapshot on its way from the page to Node; wire.ts encodes and decodes it. */

export const WIRE_VERSION = 1;

/** A frame's snapshot in columns. Nodes are in pre-order: each node's subtree follows it. */
export interface CompactFrame {
  v: typeof WIRE_VERSION;
  doc: string;
  url: string;
  title: string;
  truncated: boolean;
  /** Role names, referred to by index from `n`. */
  roles: string[];
  /** Prefix cut from hrefs flagged `HREF_REL` (the document's origin, or ""). */
  base: string;
  /**
   * Per node: role index, flags, child count; then, when flagged, id − previous id, level, states
   * (2 bits per field of `STATE_KEYS`: 1 true, 2 false, 3 "mixed"), box (x, y, width, height).
   */
  n: number[];
  /** Per node, when flagged and in this order: name, text, value, href, selector hint, hint, format. */
  s: string[];
}

/**
 * What the `snapshot` op answers: a `CompactFrame`, or (when that is large and the page can compress)
 * the base64 of its JSON, deflated without a zlib header (`deflate-raw`).
 */
export type FrameWire = CompactFrame | string;
