import { createHash } from 'node:crypto';
import type { SnapshotNode } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { outlineLines, outlineText, renderOutline, type FoldStyle } from './outline';

/**
 * Random snapshots with the strings a page can send (quotes, escapes, ref look-alikes, text past
 * ASCII, lone surrogates, long and odd link targets), runs of alike siblings and repeated groups, in
 * every fold. The outline writes its text into bytes (./outline-out.ts) and its diff lines as
 * strings: both must say the same, and the same as the string-built outline this replaced.
 */

const NAMES = ['', 'Compare', 'Add to cart', 'a "q" b', 'back\\slash', 'line\nbreak', '[e12] fake', 'x[ref=e3]', 'tab\t', '\u0001ctl', 'café', '日本語', '\ud83d\ude00 emoji', 'lone \ud800 hi', 'lo \udc00', 'zz\u2028', 'Item 1', 'ÿ latin', '  spaced  ', '\u007f del', 'a long name that goes on and on for quite a while really'];
const HREFS = ['https://shop.test/item/1', 'https://shop.test/list?page=1#top', 'https://other.test/x', 'https://other.test/y', 'javascript:void(0)', 'https://shop.test/a[b]', `https://shop.test/${'p'.repeat(90)}`, 'https://shop.test/trail ', 'https://shop.test/\ud800x', 'https://shop.test/ü', '/rel'];
const ROLES = ['link', 'link', 'button', 'button', 'checkbox', 'textbox', 'text', 'text', 'heading', 'listitem', 'Weird Role', 'bad"role', 'generic'];
const STATES = ['checked', 'disabled', 'expanded', 'selected', 'required', 'invalid', 'focused'] as const;

function snapshotFrom(seed: number): { root: SnapshotNode; nodes: SnapshotNode[] } {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)] as T;
  const nodes: SnapshotNode[] = [];
  const byId = new Map<string, SnapshotNode>();
  let id = 1;
  const add = (n: SnapshotNode) => {
    nodes.push(n);
    byId.set(n.node_id, n);
    return n.node_id;
  };
  const make = (depth: number): string => {
    id++;
    const n: SnapshotNode = { node_id: `n${id}`, role: pick(ROLES), name: pick(NAMES) };
    if (rnd() < 0.7) n.element_ref = `e${id}`;
    if (n.role === 'text' && rnd() < 0.8) n.text = pick(NAMES);
    if (rnd() < 0.5) n.href = pick(HREFS);
    if (rnd() < 0.15) n.value = pick(NAMES);
    if (rnd() < 0.1) n.level = 1 + Math.floor(rnd() * 3);
    if (rnd() < 0.15) n.hint = pick(NAMES);
    if (rnd() < 0.1) n.format = pick(['date YYYY-MM-DD', 'colour #rrggbb']);
    if (rnd() < 0.2) {
      const st: Record<string, boolean | 'mixed'> = {};
      for (const k of STATES) if (rnd() < 0.3) st[k] = pick([true, false, 'mixed'] as const);
      n.states = st;
    }
    if (rnd() < 0.2) n.box = { x: 1, y: 2, width: 3, height: 4 };
    add(n);
    if (depth < 3 && rnd() < 0.25) {
      const kids: string[] = [];
      // Copies of recent siblings make alike runs, link runs and tables.
      const copies = rnd() < 0.6;
      for (let i = Math.floor(rnd() * 30); i > 0; i--) {
        const src = copies && kids.length > 0 ? byId.get(kids[kids.length - 1 - Math.floor(rnd() * Math.min(3, kids.length))] as string) : undefined;
        if (src === undefined || src.children !== undefined) kids.push(make(depth + 1));
        else {
          id++;
          kids.push(add({ ...src, node_id: `n${id}`, ...(src.element_ref !== undefined ? { element_ref: `e${id}` } : {}) }));
        }
      }
      n.children = kids;
    }
    return n.node_id;
  };
  const top: string[] = [];
  for (let i = 1 + Math.floor(rnd() * 40); i > 0; i--) top.push(make(0));
  return { root: { node_id: 'n1', role: 'document', name: 'T', children: top }, nodes };
}

describe('outline of random snapshots', () => {
  it('writes the same text as its lines, and the text the string-built outline wrote', () => {
    const hash = createHash('sha256');
    const folds: FoldStyle[] = ['none', 'alike', 'table', 'hide'];
    for (let seed = 1; seed <= 100; seed++) {
      const { root, nodes } = snapshotFrom(seed);
      const base = ['https://shop.test/list?page=1', undefined, 'https://shop.test/item/1'][seed % 3];
      for (const fold of folds) {
        for (const boxes of [false, true]) {
          const opts = { fold, base, boxes };
          const text = outlineText(root, nodes, opts);
          expect(text).toBe(renderOutline(outlineLines(root, nodes, opts)));
          hash.update(text).update('\u0000');
        }
      }
    }
    // The digest of the same texts from the outline before its text was written as bytes (commit
    // 7ccfaef). A change to what the outline prints changes it: check the new text, then update it.
    expect(hash.digest('hex')).toBe('1e34b2fb3014f20c787a557f016fbb32403eceff6e026a796e5ec7907aad3e6b');
  });
});
