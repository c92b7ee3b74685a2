import { decodeFrameSnapshot, type RawNode } from '@browser-provider/page-script';
import { expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * The snapshot op's wire format on every installed engine: a large frame is deflated in the page
 * (each engine's own CompressionStream) and comes back exactly, text that JSON and UTF-8 must escape
 * or encode included. Through each engine's own backend, as core reads it.
 */
const ROWS = 300;
const ODD = ['Crème brûlée', '日本語のボタン', 'emoji 😀 here', 'quote " and \\ backslash', 'tab\tand  spaces'];

function page(): string {
  const rows: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const odd = ODD[i % ODD.length]!.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    rows.push(`<li id="r${i}"><a href="/item/${i}">Item ${i}: ${odd}</a> <span>note ${i}</span> <button>Buy ${i}</button></li>`);
  }
  return `<!doctype html><meta charset="utf-8"><title>Wire ✓</title><ul>${rows.join('')}</ul>`;
}

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`snapshot wire format on ${browser}`, () => {
    it('deflates a large frame in the page and decodes it exactly', async () => {
      const signal = AbortSignal.timeout(120_000);
      try {
        const session = await backend.createSession({ isolation: 'shared', attach: 'never', signal });
        const p = await session.newPage(signal);
        await p.navigate(`data:text/html;charset=utf-8,${encodeURIComponent(page())}`, 'load', signal);
        const wire = await p.call(p.mainFrame, 'snapshot', [{ maxNodes: 10_000, mode: 'full', midScroll: true }], signal);
        expect(typeof wire).toBe('string');
        const snap = decodeFrameSnapshot(wire);
        expect(snap.title).toBe('Wire ✓');
        expect(snap.truncated).toBe(false);
        const of = (role: string) => snap.nodes.filter((n: RawNode) => n.role === role);
        const links = of('link');
        expect(links.map((n) => n.name)).toEqual(Array.from({ length: ROWS }, (_, i) => `Item ${i}: ${ODD[i % ODD.length]!.replace(/\s+/g, ' ')}`));
        // data: documents have an opaque origin: hrefs travel whole, and come back as the engine wrote them.
        expect(links.every((n) => n.actionable && typeof n.href === 'string' && n.href.endsWith(`/item/${links.indexOf(n)}`))).toBe(true);
        expect(of('button').map((n) => n.name)).toEqual(Array.from({ length: ROWS }, (_, i) => `Buy ${i}`));
        expect(of('text').map((n) => n.text)).toEqual(Array.from({ length: ROWS }, (_, i) => `note ${i}`));
        expect(of('listitem').every((n) => n.children.length === 3)).toBe(true);
      } finally {
        await backend.shutdown();
      }
    });
  });
}
