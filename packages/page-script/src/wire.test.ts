import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { FrameSnapshot, RawNode } from './contract';
import { decodeFrameSnapshot } from './decode';
import { pack, PACK_MIN_CHARS } from './page/pack';
import { decodeCompact, encodeFrame, type CompactFrame } from './wire';

const node = (over: Partial<RawNode>): RawNode => ({ role: 'generic', name: '', actionable: false, enabled: true, children: [], ...over });

/** Every optional field and flag, ids that go down as well as up, and an href on another origin. */
const EVERYTHING: FrameSnapshot = {
  doc: 'd1',
  url: 'https://a.test/x?q=1',
  title: 'T "quoted" é',
  truncated: true,
  nodes: [
    node({ role: 'document', name: 'T "quoted" é', children: [1, 4, 5, 6, 7] }),
    node({ id: 7, role: 'link', name: 'Home', actionable: true, href: 'https://a.test/', selector_hint: '#home', children: [2, 3] }),
    node({ role: 'text', text: 'run\nof text' }),
    node({ id: 3, role: 'button', name: 'Off', enabled: false, states: { disabled: true, expanded: false } }),
    node({ id: 9, role: 'link', name: 'Away', actionable: true, href: 'https://b.test/a.test', selector_hint: 'body>a' }),
    node({
      id: 10, role: 'checkbox', name: 'c', actionable: true, value: 'v', level: 3, frame: true,
      states: { checked: 'mixed', disabled: true, expanded: true, selected: true, required: true, invalid: true, focused: true },
    }),
    node({ id: 11, role: 'clickable', name: '', actionable: true, selector_hint: 'span.trash', hint: 'delete.png', box: [-4, 1200, 16, 0] }),
    node({ id: 12, role: 'textbox', name: 'Start date', actionable: true, value: '2025-06-15', selector_hint: '#date', format: 'date YYYY-MM-DD' }),
  ],
};

/** A list of rows shaped like the benchmark catalog's: link, text, button, textbox, checkbox. */
function catalogLikeFrame(rows: number): FrameSnapshot {
  const nodes: RawNode[] = [node({ role: 'document', name: 'Catalog', children: [1] }), node({ id: 1, role: 'list' })];
  let id = 2;
  for (let i = 0; i < rows; i++) {
    const item = nodes.length;
    nodes[1]!.children.push(item);
    nodes.push(node({ id: id++, role: 'listitem' }));
    const kids: RawNode[] = [
      node({ id: id++, role: 'link', name: `Item ${i}`, actionable: true, href: `http://127.0.0.1:8000/item/${i}`, selector_hint: `#row-${i}>a` }),
      node({ role: 'text', text: `In stock, ships in ${i % 5} days` }),
      node({ id: id++, role: 'button', name: 'Add to cart', actionable: true, selector_hint: `#row-${i}>button` }),
      node({ id: id++, role: 'textbox', name: `Note ${i}`, actionable: true, selector_hint: `#row-${i}>input` }),
      node({ id: id++, role: 'checkbox', name: 'Compare', actionable: true, selector_hint: `#row-${i}>label>input`, ...(i % 2 ? { states: { checked: true } } : {}) }),
    ];
    for (const k of kids) {
      nodes[item]!.children.push(nodes.length);
      nodes.push(k);
    }
  }
  return { doc: 'd', url: 'http://127.0.0.1:8000/catalog', title: 'Catalog', nodes, truncated: false };
}

describe('snapshot wire format', () => {
  test('round-trips every field exactly', () => {
    const compact = encodeFrame(EVERYTHING, 'https://a.test');
    expect(decodeCompact(JSON.parse(JSON.stringify(compact)) as CompactFrame)).toEqual(EVERYTHING);
    expect(decodeFrameSnapshot(encodeFrame(EVERYTHING, ''))).toEqual(EVERYTHING);
  });

  test('states keep the key order the page writes them in', () => {
    const out = decodeCompact(encodeFrame(EVERYTHING, ''));
    expect(Object.keys(out.nodes[5]!.states!)).toEqual(['checked', 'disabled', 'expanded', 'selected', 'required', 'invalid', 'focused']);
  });

  test('nodes come back in pre-order whatever order they were sent in', () => {
    const shuffled: FrameSnapshot = {
      ...EVERYTHING,
      nodes: [node({ role: 'document', children: [2] }), node({ id: 2, role: 'button', name: 'inner' }), node({ id: 1, role: 'list', children: [1] })],
    };
    const out = decodeFrameSnapshot(encodeFrame(shuffled, ''));
    expect(out.nodes.map((n) => n.role)).toEqual(['document', 'list', 'button']);
    expect(out.nodes.map((n) => n.children)).toEqual([[1], [2], []]);
  });

  test('hrefs are sent relative to the base only when they start with it', () => {
    const compact = encodeFrame(EVERYTHING, 'https://a.test');
    expect(compact.s).toContain('/');
    expect(compact.s).toContain('https://b.test/a.test');
  });

  test('a packed (deflated, base64) answer decodes to the same frame', async () => {
    const big = catalogLikeFrame(300);
    const compact = encodeFrame(big, 'http://127.0.0.1:8000');
    expect(JSON.stringify(compact).length).toBeGreaterThan(PACK_MIN_CHARS);
    const packed = await pack(compact);
    expect(typeof packed).toBe('string');
    expect(packed as string).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeFrameSnapshot(packed)).toEqual(big);
    // Small frames are not worth compressing.
    expect(await pack(encodeFrame(EVERYTHING, ''))).toEqual(encodeFrame(EVERYTHING, ''));
  });

  test('packing keeps any text exactly: non-ASCII, astral, even a lone surrogate', async () => {
    const big = catalogLikeFrame(300);
    const odd = ['Crème brûlée', '日本語のボタン', 'emoji 😀 here', 'lone \ud800 surrogate', 'quote " and \\ backslash'];
    odd.forEach((name, i) => (big.nodes[3 + i]!.name = name));
    const packed = await pack(encodeFrame(big, 'http://127.0.0.1:8000'));
    expect(typeof packed).toBe('string');
    expect(decodeFrameSnapshot(packed)).toEqual(big);
  });

  test('malformed answers are refused, not misread', () => {
    const good = encodeFrame(EVERYTHING, '');
    expect(() => decodeCompact({ ...good, v: 2 } as unknown as CompactFrame)).toThrow(/format version/);
    expect(() => decodeCompact({ ...good, n: good.n.slice(0, -3) })).toThrow(/malformed/);
    expect(() => decodeCompact({ ...good, s: good.s.slice(1) })).toThrow(/malformed/);
    expect(() => decodeCompact({ ...good, roles: [] })).toThrow(/role index/);
    expect(() => decodeFrameSnapshot('not base64 deflate!')).toThrow(/malformed/);
    expect(() => decodeFrameSnapshot(deflateRawSync('{"v":1}').toString('base64'))).toThrow(/malformed/);
  });
});
