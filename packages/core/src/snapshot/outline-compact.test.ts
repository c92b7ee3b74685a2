import type { SnapshotNode } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { outlineLines, renderOutline, type FoldStyle } from './outline';

/** The default full view's compact forms: link lists, alike lines, anchors and origins. Nothing hidden. */

const BASE = 'https://news.test/story?id=7';
let next = 0;
const link = (name: string, href: string): SnapshotNode => ({ node_id: `n${++next}`, role: 'link', name, element_ref: `e${next}`, href, actionable: true, enabled: true });
const button = (name: string): SnapshotNode => ({ node_id: `n${++next}`, role: 'button', name, element_ref: `e${next}`, actionable: true, enabled: true });
const text = (t: string): SnapshotNode => ({ node_id: `n${++next}`, role: 'text', name: '', text: t });

function render(kids: SnapshotNode[], fold: FoldStyle = 'alike'): string {
  const root: SnapshotNode = { node_id: 'root', role: 'document', name: 'News', children: kids.map((k) => k.node_id) };
  return renderOutline(outlineLines(root, kids, { fold, base: BASE }));
}

describe('compact outline', () => {
  it('writes a run of links as one line, every name and ref kept, same-origin targets from the path', () => {
    next = 0;
    const kids = [link('Travel', 'https://news.test/travel'), link('Business', 'https://news.test/business'), link('Elsewhere', 'https://other.test/x')];
    expect(render(kids)).toBe('links: "Travel" [e1] /travel | "Business" [e2] /business | "Elsewhere" [e3] https://other.test/x');
    // One line per node when asked (and in diffs).
    expect(render(kids, 'none').split('\n')).toEqual(['link "Travel" [e1] -> /travel', 'link "Business" [e2] -> /business', 'link "Elsewhere" [e3] -> https://other.test/x']);
  });

  it('writes the origin most of a list shares once when it is not the page\'s', () => {
    next = 0;
    const kids = [link('GMA', 'http://abc.test/GMA'), link('Nightline', 'http://abc.test/Nightline'), link('Here', 'https://news.test/here')];
    expect(render(kids)).toBe('links (http://abc.test): "GMA" [e1] /GMA | "Nightline" [e2] /Nightline | "Here" [e3] https://news.test/here');
  });

  it('leaves out in-page anchors and javascript: targets, keeping the link', () => {
    next = 0;
    expect(render([link('Sections', `${BASE}#`), link('Top', `${BASE}#top`), link('Menu', 'javascript:void(0)')])).toBe('links: "Sections" [e1] | "Top" [e2] | "Menu" [e3]');
    next = 0;
    expect(render([link('Sections', `${BASE}#nav`)])).toBe('link "Sections" [e1]');
  });

  it('folds only siblings that print exactly alike, naming them and keeping every ref', () => {
    next = 0;
    const kids = [button('Reply'), button('Reply'), button('Reply'), button('Share'), text('|'), text('|')];
    expect(render(kids)).toBe(['3× button "Reply" [e1] [e2] [e3]', 'button "Share" [e4]', '2× "|"'].join('\n'));
  });

  it('hides nothing by default on a long list: every name is in the text', () => {
    next = 0;
    const kids = Array.from({ length: 40 }, (_, i) => link(`Headline ${i}`, `https://news.test/h/${i}`));
    const out = render(kids);
    for (let i = 0; i < 40; i++) expect(out).toContain(`"Headline ${i}" [e${i + 1}] /h/${i}`);
    expect(out).not.toContain('more like');
  });
});

describe('link targets', () => {
  it('cuts a long target in the text, never in the node', () => {
    next = 0;
    const long = `https://share.test/sharer.php?u=${'x'.repeat(300)}`;
    const [line] = render([link('Share', long)]).split('\n');
    expect(line).toBe(`link "Share" [e1] -> ${long.slice(0, 71)}…`);
  });
});
