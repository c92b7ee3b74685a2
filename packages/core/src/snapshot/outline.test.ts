import type { PageSnapshotV1, SnapshotNode } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, diffText, pruneToDiff } from './diff';
import { limitText, outlineLines, outlineText, renderOutline, type FoldStyle } from './outline';

/** A list of `rows` rows (listitem > link + checkbox) under a heading. */
function page(rows: number, opts: { checked?: number; extra?: boolean } = {}): PageSnapshotV1 {
  const nodes: SnapshotNode[] = [{ node_id: 'h', role: 'heading', name: 'Catalog', level: 1, element_ref: 'e1' }];
  const items: string[] = [];
  for (let i = 0; i < rows; i++) {
    const ref = 10 + i * 3;
    nodes.push(
      { node_id: `li${i}`, role: 'listitem', name: '', element_ref: `e${ref}`, children: [`a${i}`, `c${i}`] },
      { node_id: `a${i}`, role: 'link', name: `Item ${i}`, element_ref: `e${ref + 1}`, href: `/item/${i}`, actionable: true, enabled: true },
      { node_id: `c${i}`, role: 'checkbox', name: `Pick ${i}`, element_ref: `e${ref + 2}`, actionable: true, enabled: true, ...(opts.checked === i ? { states: { checked: true } } : {}) },
    );
    items.push(`li${i}`);
  }
  nodes.push({ node_id: 'list', role: 'list', name: '', children: items });
  if (opts.extra) nodes.push({ node_id: 'msg', role: 'text', name: '', text: 'Saved!' });
  return {
    format: 'jcode.page_snapshot.v1',
    root: { node_id: 'n0', role: 'document', name: 'Shop', children: ['h', 'list', ...(opts.extra ? ['msg'] : [])] },
    nodes,
  };
}

describe('text outline', () => {
  it("prints a nameless clickable's hint marked as one, and a name over a hint", () => {
    const nodes: SnapshotNode[] = [
      { node_id: 'a', role: 'clickable', name: '', hint: 'trash "bin"', element_ref: 'e2', actionable: true, enabled: true },
      { node_id: 'b', role: 'clickable', name: 'Reply', hint: 'reply.png', element_ref: 'e3', actionable: true, enabled: true },
    ];
    const root: SnapshotNode = { node_id: 'n0', role: 'document', name: '', children: ['a', 'b'] };
    expect(renderOutline(outlineLines(root, nodes, { fold: 'none' }))).toBe('clickable hint:"trash \\"bin\\"" [e2]\nclickable "Reply" [e3]');
  });

  it("writes a field's format after its name, in table cells too", () => {
    const nodes: SnapshotNode[] = [
      { node_id: 'd', role: 'textbox', name: 'Start date', format: 'date YYYY-MM-DD', states: { required: true }, value: '2025-06-15', element_ref: 'e2', actionable: true, enabled: true },
      { node_id: 'c', role: 'button', name: 'Accent', format: 'colour #rrggbb', value: '#3366cc', element_ref: 'e3', actionable: true, enabled: true },
    ];
    const root: SnapshotNode = { node_id: 'n0', role: 'document', name: '', children: ['d', 'c'] };
    expect(renderOutline(outlineLines(root, nodes, { fold: 'none' }))).toBe('textbox "Start date" (date YYYY-MM-DD) [required] value="2025-06-15" [e2]\nbutton "Accent" (colour #rrggbb) value="#3366cc" [e3]');
  });

  it('writes boxes after refs only when asked, in plain, alike and link lines', () => {
    const b = (x: number) => ({ box: { x, y: 20, width: 30, height: 10 } });
    const nodes: SnapshotNode[] = [
      { node_id: 'g', role: 'button', name: 'Go', element_ref: 'e2', actionable: true, enabled: true, ...b(1) },
      { node_id: 'r1', role: 'button', name: 'Reply', element_ref: 'e3', actionable: true, enabled: true, ...b(2) },
      { node_id: 'r2', role: 'button', name: 'Reply', element_ref: 'e4', actionable: true, enabled: true, ...b(3) },
      { node_id: 'l1', role: 'link', name: 'A', element_ref: 'e5', href: '/a', actionable: true, enabled: true, ...b(4) },
      { node_id: 'l2', role: 'link', name: 'B', element_ref: 'e6', href: '/b', actionable: true, enabled: true, ...b(5) },
    ];
    const root: SnapshotNode = { node_id: 'n0', role: 'document', name: '', children: ['g', 'p', 'q'] };
    const all = [...nodes, { node_id: 'p', role: 'group', name: 'Replies', children: ['r1', 'r2'] }, { node_id: 'q', role: 'navigation', name: 'Nav', children: ['l1', 'l2'] }];
    expect(renderOutline(outlineLines(root, all, { fold: 'alike', base: 'http://x/', boxes: true }))).toBe(
      ['button "Go" [e2] [box=1,20,30,10]', 'group "Replies"', '  2× button "Reply" [e3] [box=2,20,30,10] [e4] [box=3,20,30,10]', 'navigation "Nav"', '  links: "A" [e5] [box=4,20,30,10] /a | "B" [e6] [box=5,20,30,10] /b'].join('\n'),
    );
    expect(renderOutline(outlineLines(root, all, { fold: 'alike', base: 'http://x/' }))).not.toContain('box=');
  });

  it('prints role, name, states, value, ref and link target, indented by depth', () => {
    const s = page(2, { checked: 1 });
    expect(renderOutline(outlineLines(s.root, s.nodes, { fold: 'none' }))).toBe(
      [
        'heading "Catalog" [level=1] [e1]',
        'list',
        '  listitem [e10]',
        '    link "Item 0" [e11] -> /item/0',
        '    checkbox "Pick 0" [e12]',
        '  listitem [e13]',
        '    link "Item 1" [e14] -> /item/1',
        '    checkbox "Pick 1" [checked] [e15]',
      ].join('\n'),
    );
  });

  it('folds long runs of same-shaped siblings, keeping three and saying how to expand', () => {
    const s = page(100);
    const text = renderOutline(outlineLines(s.root, s.nodes, { fold: 'hide' }));
    expect(text).toContain('… 97 more like the 3 above (listitem); snapshot with collapse=false to see them');
    expect(text).toContain('Item 2');
    expect(text).not.toContain('Item 3"');
    expect(renderOutline(outlineLines(s.root, s.nodes, { fold: 'none' }))).toContain('"Item 99"');
  });

  it('sets runs of repeated leaf groups as a table in interactive mode, hiding nothing', () => {
    const nodes: SnapshotNode[] = [];
    const kids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = 100 + i * 3;
      nodes.push(
        { node_id: `a${i}`, role: 'link', name: `Item ${i}`, element_ref: `e${r}`, href: `https://shop.test/item/${i}`, actionable: true, enabled: true },
        { node_id: `b${i}`, role: 'button', name: i === 4 ? 'Remove' : 'Add', element_ref: `e${r + 1}`, actionable: true, enabled: true },
        { node_id: `c${i}`, role: 'checkbox', name: 'Compare', element_ref: `e${r + 2}`, actionable: true, enabled: true, ...(i === 2 ? { states: { checked: true } } : {}) },
      );
      kids.push(`a${i}`, `b${i}`, `c${i}`);
    }
    nodes.push({ node_id: 'off', role: 'link', name: 'Elsewhere', element_ref: 'e9', href: 'https://other.test/x' });
    const root: SnapshotNode = { node_id: 'n0', role: 'document', name: 'Shop', children: [...kids, 'off'] };
    const lines = renderOutline(outlineLines(root, nodes, { fold: 'table', base: 'https://shop.test/list?page=1' })).split('\n');
    expect(lines[0]).toBe('rows ×10: link | button "Add" | checkbox "Compare"');
    expect(lines[1]).toBe('  "Item 0" [e100] -> /item/0 | [e101] | [e102]');
    expect(lines[3]).toBe('  "Item 2" [e106] -> /item/2 | [e107] | [checked] [e108]');
    expect(lines[5]).toBe('  "Item 4" [e112] -> /item/4 | "Remove" [e113] | [e114]');
    expect(lines).toHaveLength(12);
    // Another origin keeps its full URL; every ref of the run is printed.
    expect(lines[11]).toBe('link "Elsewhere" [e9] -> https://other.test/x');
    for (let r = 100; r < 130; r++) expect(lines.join('\n')).toContain(`[e${r}]`);
    // Without folding, one line per node as before.
    expect(renderOutline(outlineLines(root, nodes, { fold: 'none' })).split('\n')).toHaveLength(31);
  });

  it('leaves short runs and groups with children as plain lines', () => {
    const s = page(7);
    expect(renderOutline(outlineLines(s.root, s.nodes, { fold: 'table' }))).toBe(renderOutline(outlineLines(s.root, s.nodes, { fold: 'none' })));
    const long = page(30);
    // Listitems have children: no table, and nothing folded either.
    expect(renderOutline(outlineLines(long.root, long.nodes, { fold: 'table' }))).toBe(renderOutline(outlineLines(long.root, long.nodes, { fold: 'none' })));
  });

  it('cuts text at a line end and says how much is left', () => {
    const s = page(50);
    const full = renderOutline(outlineLines(s.root, s.nodes, { fold: 'none' }));
    const { text, cut } = limitText(full, 500);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThan(700);
    expect(text).toMatch(/… truncated: \d+ more lines/);
    expect(limitText(full, full.length)).toEqual({ text: full, cut: false });
  });
});

/** The same page with assembled-style ids (`n1` root, then `n2`, `n3`, … in list order), shuffled when asked. */
function numbered(s: PageSnapshotV1, shuffle = false): PageSnapshotV1 {
  const ids = new Map<string, string>([[s.root.node_id, 'n1']]);
  s.nodes.forEach((n, i) => ids.set(n.node_id, `n${i + 2}`));
  const renamed = (n: SnapshotNode): SnapshotNode => ({ ...n, node_id: ids.get(n.node_id) as string, ...(n.children ? { children: n.children.map((c) => ids.get(c) ?? c) } : {}) });
  const nodes = s.nodes.map(renamed);
  return { ...s, root: renamed(s.root), nodes: shuffle ? [...nodes.slice(7), ...nodes.slice(0, 7)] : nodes };
}

describe('outline text', () => {
  const alike = page(12, { checked: 3, extra: true });
  alike.nodes.push({ node_id: 'r1', role: 'button', name: 'Reply', element_ref: 'e90' }, { node_id: 'r2', role: 'button', name: 'Reply', element_ref: 'e91' });
  alike.root.children = [...(alike.root.children ?? []), 'r1', 'r2', 'gone'];
  const cases: Array<[string, PageSnapshotV1]> = [
    ['hand-made ids', alike],
    ['assembled ids', numbered(alike)],
    ['assembled ids out of order', numbered(alike, true)],
  ];
  const folds: FoldStyle[] = ['none', 'alike', 'table', 'hide'];
  it.each(cases)('is the rendered lines, for every fold (%s)', (_, s) => {
    for (const fold of folds) {
      const opts = { fold, base: 'https://shop.test/' };
      const text = outlineText(s.root, s.nodes, opts);
      expect(text).toBe(renderOutline(outlineLines(s.root, s.nodes, opts)));
      expect(text).toBe(renderOutline(outlineLines(alike.root, alike.nodes, opts)));
    }
  });
});

describe('since_rev diff', () => {
  it('reports added, changed and removed nodes by ref, and keeps only those', () => {
    const before = page(3);
    const after = page(2, { checked: 0, extra: true });
    const { diff } = diffSnapshots(before, after, 7);
    expect(diff.changed).toEqual([{ element_ref: 'e12', line: 'checkbox "Pick 0" [checked] [e12]', was: 'checkbox "Pick 0" [e12]' }]);
    expect(diff.added.map((a) => a.line)).toEqual(['"Saved!"']);
    expect(diff.removed.map((r) => r.element_ref)).toEqual(['e16', 'e17', 'e18']);
    const text = diffText(diff);
    expect(text).toContain('~ checkbox "Pick 0" [checked] [e12]');
    expect(text.length).toBeLessThan(300);
    const pruned = pruneToDiff(after, [{ element_ref: 'e12', role: 'checkbox', name: 'Pick 0', text: 'Pick 0', actionable: true, enabled: true }], diff);
    expect(pruned.snapshot.nodes.map((n) => n.element_ref)).toEqual(['e12']);
    expect(pruned.elements).toHaveLength(1);
  });

  it('says so when nothing changed', () => {
    const s = page(3);
    expect(diffText(diffSnapshots(s, s, 3).diff)).toBe('no changes since rev 3');
  });
});
