import { describe, expect, test } from 'vitest';
import type { FrameSnapshot, RawNode } from '../contract';
import { decodeFrameSnapshot } from '../decode';
import { jsdomPage, type JsdomPage } from '../testing/jsdom-page';

/**
 * Issue 30's outline findings, in jsdom: SVG text and controls are listed, a nameless control gets a
 * hint, text no one can see is not, long values say how much was cut, and a page that replaces
 * getComputedStyle neither breaks nor steers the walk. Real engines: apps/cli/src/outline-issue30.browser.test.ts.
 */

/** `role "name" hint:"…"` or `text: …`, indented, `*` when actionable. */
function outline(s: FrameSnapshot): string {
  const lines: string[] = [];
  const visit = (n: RawNode, depth: number) => {
    const pad = '  '.repeat(depth);
    if (n.role === 'text') lines.push(`${pad}text: ${n.text}`);
    else lines.push(`${pad}${n.role}${n.name ? ` "${n.name}"` : ''}${n.hint ? ` hint:"${n.hint}"` : ''}${n.actionable ? ' *' : ''}`);
    for (const c of n.children) visit(s.nodes[c]!, depth + 1);
  };
  visit(s.nodes[0]!, 0);
  return lines.join('\n');
}

const walk = async (page: JsdomPage, mode: 'full' | 'interactive' = 'full') =>
  decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 1000, mode }));

describe('issue 30 outline rules (jsdom)', () => {
  test('SVG text is page text, and SVG controls and clickables are listed by their words', async () => {
    const page = jsdomPage(`<svg width="200" height="100">
      <defs><text id="d">in defs</text></defs>
      <text x="5" y="20">Axis label</text>
      <g class="slice"><path d="M0 0L9 9"/><text onclick="pick('a')">Item <tspan>one</tspan></text></g>
      <path d="M1 1L2 2" onclick="pick('b')"><title>Second slice</title></path>
      <g role="button" aria-label="Zoom"><circle r="4"/></g>
      <a href="/more"><text>More</text></a>
    </svg><svg aria-label="Chart"><text>tick 1</text><rect tabindex="0" class="bar-delete"/></svg>`);
    expect(outline(await walk(page))).toBe([
      'document',
      '  text: Axis label',
      '  clickable "Item one" *',
      '  clickable "Second slice" *',
      '  button "Zoom" *',
      '  link "More" *',
      '  img "Chart"',
      '    clickable hint:"bar" *',
    ].join('\n'));
    expect(outline(await walk(page, 'interactive'))).toBe([
      'document', '  clickable "Item one" *', '  clickable "Second slice" *', '  button "Zoom" *', '  link "More" *', '  clickable hint:"bar" *',
    ].join('\n'));
  });

  test('a nameless toolbar button gets a hint from its icon: class word, sprite, ligature, title', async () => {
    const page = jsdomPage(`<div class="toolbar">
      <button class="ql-bold"><svg viewBox="0 0 18 18"><path class="ql-stroke" d="M5 4h4"/></svg></button>
      <button><svg><use href="#icon-italic"/></svg></button>
      <button><span class="material-icons" aria-hidden="true">format_underlined</span></button>
      <a href="/x"><i class="fa fa-link-alt" title="Insert link"></i></a>
      <button class="ql-strike"><svg><path onclick="x()" d="M0 0h9"/></svg></button>
      <button>Save</button>
    </div>`);
    expect(outline(await walk(page, 'interactive'))).toBe([
      'document', '  button hint:"bold" *', '  button hint:"italic" *', '  button hint:"format_underlined" *', '  link hint:"Insert link" *', '  button hint:"strike" *', '  button "Save" *',
    ].join('\n'));
  });

  test('text at font-size 0 (a face-down card) is neither a text run nor a name', async () => {
    const page = jsdomPage(`<div class="cards">
      <div onclick="flip(1)" style="font-size:0">K♠</div>
      <div onclick="flip(2)">Q<span style="font-size:0">♥ secret</span></div>
      <div onclick="flip(3)" style="font-size:0"><span style="font-size:16px">Open</span> hidden</div>
    </div><p>Shown <span style="font-size:0">unseen</span>text</p>`);
    const s = await walk(page);
    expect(outline(s)).toBe(['document', '  clickable *', '  clickable "Q" *', '  clickable "Open" *', '  text: Shown text'].join('\n'));
    expect(JSON.stringify(s)).not.toMatch(/K♠|secret|hidden|unseen/);
  });

  test('a long value is cut at 500 characters and says how many more were cut', async () => {
    const page = jsdomPage(`<textarea aria-label="Notes">${'a'.repeat(1234)}</textarea><input aria-label="Short" value="ok">`);
    const s = await walk(page);
    expect(s.nodes.find((n) => n.name === 'Notes')!.value).toBe(`${'a'.repeat(500)}… [734 more characters cut]`);
    expect(s.nodes.find((n) => n.name === 'Short')!.value).toBe('ok');
    const whole = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 1000, mode: 'full', valueChars: 5000 }));
    expect(whole.nodes.find((n) => n.name === 'Notes')!.value).toBe('a'.repeat(1234));
  });

  test('a page that replaces getComputedStyle after install neither breaks nor steers the walk', async () => {
    const html = '<button>Go</button><p style="display:none">gone</p>';
    const thrower = jsdomPage(html);
    thrower.window.eval('window.getComputedStyle = function () { throw new Error("patched"); };');
    expect(outline(await walk(thrower))).toBe(['document', '  button "Go" *'].join('\n'));
    // A Proxy that says every element is display:none (the walk would list nothing) or shown (it would list "gone").
    for (const display of ['none', 'block']) {
      const liar = jsdomPage(html);
      liar.window.eval(`window.getComputedStyle = new Proxy(window.getComputedStyle, { apply: () => ({ display: ${JSON.stringify(display)}, visibility: 'visible', getPropertyValue: () => ${JSON.stringify(display)} }) });`);
      expect(outline(await walk(liar))).toBe(['document', '  button "Go" *'].join('\n'));
    }
  });
});
