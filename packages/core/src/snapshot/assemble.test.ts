import { describe, expect, it } from 'vitest';
import type { RawNode } from '@browser-provider/page-script';
import { assemble } from './assemble';
import { LIMITS } from '../state/limits';
import { nodeLine } from './outline';

/** A page's nodes under a document node, as the page script answers them. */
function frame(...kids: RawNode[]) {
  const doc: RawNode = { role: 'document', name: '', actionable: false, enabled: true, children: kids.map((_, i) => i + 1) };
  return { frame: 'f', snap: { doc: 'd', url: 'http://x/', title: '', nodes: [doc, ...kids], truncated: false }, children: new Map() };
}

describe('assemble: page-supplied strings are cut one by one (issue 22, item 5)', () => {
  it('cuts a long name, text run, value and hint to their limits and says how much was cut', () => {
    const big = 'x'.repeat(50_000);
    const { snapshot } = assemble(
      frame(
        { id: 1, role: 'button', name: big, actionable: true, enabled: true, hint: big, children: [] },
        { id: 2, role: 'textbox', name: 'q', value: big, actionable: true, enabled: true, children: [] },
        { role: 'text', name: '', text: big, actionable: false, enabled: true, children: [] },
      ),
      (_f, _d, id) => `e${id}`,
    );
    const by = (role: string) => snapshot.nodes.find((n) => n.role === role);
    const [button, box, text] = [by('button'), by('textbox'), by('text')];
    expect(button!.name).toBe(`${'x'.repeat(LIMITS.nameChars)}… [${50_000 - LIMITS.nameChars} more characters cut]`);
    expect(button!.hint!.length).toBeLessThan(LIMITS.nameChars + 40);
    expect(box!.value).toMatch(/… \[49000 more characters cut\]$/);
    expect(text!.text).toBe(`${'x'.repeat(LIMITS.textChars)}… [${50_000 - LIMITS.textChars} more characters cut]`);
    // The outline line is made from the cut node.
    expect(nodeLine(button!).length).toBeLessThan(2 * LIMITS.nameChars + 200);
  });
});

describe('assemble: a field format', () => {
  it('keeps a format made of our words, and drops one that could pass for notation', () => {
    const field = (id: number, format: string): RawNode => ({ id, role: 'textbox', name: `f${id}`, format, actionable: true, enabled: true, children: [] });
    const { snapshot } = assemble(frame(field(1, 'date YYYY-MM-DD 2025-01-01..2025-12-31'), field(2, 'date [e9]'), field(3, 'colour "x"\nbutton')), (_f, _d, id) => `e${id}`);
    expect(snapshot.nodes.map((n) => n.format ?? null)).toEqual(['date YYYY-MM-DD 2025-01-01..2025-12-31', null, null]);
  });
});
