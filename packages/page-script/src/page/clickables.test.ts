import { describe, expect, test } from 'vitest';
import type { FrameSnapshot, RawNode } from '../contract';
import { decodeFrameSnapshot } from '../decode';
import { jsdomPage, type JsdomPage } from '../testing/jsdom-page';
import { CLICKABLES_ASK_EVENT, CLICKABLES_REPORT_EVENT, listenerRecorderSource } from '../recorder';
import { PAGE_SCRIPT_GLOBAL } from '../constants';

/** `role "name"` lines with `*` for actionable, indented, like snapshot.test.ts. */
function outline(s: FrameSnapshot): string {
  const lines: string[] = [];
  const visit = (n: RawNode, depth: number) => {
    const pad = '  '.repeat(depth);
    if (n.role === 'text') lines.push(`${pad}text: ${n.text}`);
    else lines.push(`${pad}${n.role}${n.name ? ` "${n.name}"` : ''}${n.actionable ? ' *' : ''}`);
    for (const c of n.children) visit(s.nodes[c]!, depth + 1);
  };
  for (const c of s.nodes[0]!.children) visit(s.nodes[c]!, 0);
  return lines.join('\n');
}

async function snap(page: JsdomPage, mode: 'full' | 'interactive' = 'full') {
  return decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 1000, mode }));
}

/** The element of a node id, through the installed page script. */
const elementOf = (page: JsdomPage, id: number | undefined) =>
  (page.window as unknown as Record<string, { element(id: unknown): Element | null }>)[PAGE_SCRIPT_GLOBAL]!.element(id);
/** The elements of a snapshot's nodes after the document, in order. */
const elementsOf = (page: JsdomPage, s: FrameSnapshot) => s.nodes.slice(1).map((n) => elementOf(page, n.id));
const label = (el: Element | null) => (el ? `${el.localName}${el.id ? `#${el.id}` : ''}` : 'none');

/** Runs page code the way the page's own scripts would (after our install, like classic WebDriver). */
const run = (page: JsdomPage, code: string) => page.window.eval(code);

describe('clickable elements (jsdom)', () => {
  test('a span with a click listener inside a paragraph gets its own line, named by its text', async () => {
    const page = jsdomPage('<p>Open the <span class="alink">glossary</span> for details.</p>');
    run(page, `document.querySelector('.alink').addEventListener('click', () => {})`);
    expect(outline(await snap(page))).toBe(['text: Open the', 'clickable "glossary" *', 'text: for details.'].join('\n'));
    expect(outline(await snap(page, 'interactive'))).toBe('clickable "glossary" *');
  });

  test('onclick assigned as a property, mousedown and pointerdown listeners count too', async () => {
    const page = jsdomPage('<div id="a">Alpha</div><div id="b">Beta</div><div id="c">Gamma</div><div id="d">Delta</div>');
    run(page, `document.getElementById('a').onclick = () => {};
      document.getElementById('b').addEventListener('mousedown', () => {});
      document.getElementById('c').addEventListener('pointerdown', () => {});
      document.getElementById('d').addEventListener('keydown', () => {});`);
    expect(outline(await snap(page))).toBe(['clickable "Alpha" *', 'clickable "Beta" *', 'clickable "Gamma" *', 'text: Delta'].join('\n'));
  });

  test('a file tree of li > span with handlers: one line per folder, nesting kept', async () => {
    const page = jsdomPage(`<ul class="tree"><li><span>src</span><ul><li><span>main.ts</span></li><li><span>util.ts</span></li></ul></li><li><span>README.md</span></li></ul>`);
    run(page, `for (const s of document.querySelectorAll('.tree span')) s.addEventListener('click', () => {});`);
    expect(outline(await snap(page, 'interactive'))).toBe(['clickable "src" *', 'clickable "main.ts" *', 'clickable "util.ts" *', 'clickable "README.md" *'].join('\n'));
  });

  test('a clickable wrapper around one link or button is not a second line', async () => {
    const page = jsdomPage('<div class="card" onclick="go()"><a href="/x">Read</a></div><div id="w"><button>Buy</button></div>');
    run(page, `document.getElementById('w').addEventListener('click', () => {})`);
    expect(outline(await snap(page, 'interactive'))).toBe(['link "Read" *', 'button "Buy" *'].join('\n'));
  });

  test('listeners on document, window and body (delegation) mark nothing', async () => {
    const page = jsdomPage('<p>Plain text</p>');
    run(page, `document.addEventListener('click', () => {}); window.addEventListener('click', () => {}); document.body.addEventListener('click', () => {});`);
    expect(outline(await snap(page))).toBe('text: Plain text');
  });

  test('tabs whose links are spans, with a pointer cursor and no listener we saw', async () => {
    const page = jsdomPage(`<style>.tab { cursor: pointer }</style><div class="tabs"><span class="tab">Overview</span><span class="tab">Details</span></div>`);
    expect(outline(await snap(page, 'interactive'))).toBe(['clickable "Overview" *', 'clickable "Details" *'].join('\n'));
  });

  test('a pointer cursor inherited from a clickable parent is not a new clickable', async () => {
    const page = jsdomPage(`<div style="cursor:pointer" id="p"><span style="cursor:pointer">one</span> <span>two</span></div>`);
    expect(outline(await snap(page))).toBe('clickable "one two" *');
  });

  test('a clickable with long content keeps its content under it', async () => {
    const long = 'word '.repeat(40);
    const page = jsdomPage(`<div onclick="x()" title="Open card"><h3>Title</h3><p>${long}</p></div>`);
    expect(outline(await snap(page))).toBe(['clickable "Open card" *', '  heading "Title"', `  text: ${long.trim()}`].join('\n'));
  });

  test('contenteditable stays a textbox; a hidden recorded element is not shown', async () => {
    const page = jsdomPage('<div contenteditable="true">Edit me</div><span id="h" style="display:none">Ghost</span>');
    run(page, `document.getElementById('h').addEventListener('click', () => {})`);
    expect(outline(await snap(page, 'interactive'))).toBe('textbox *');
  });

  test('text_query finds the clickable span itself, not its paragraph', async () => {
    const page = jsdomPage('<p>Open the <span class="alink">glossary</span> for details.</p><div><span class="x">Settings</span></div>');
    run(page, `for (const s of document.querySelectorAll('span')) s.addEventListener('click', () => {})`);
    for (const text of ['glossary', 'settings']) {
      const r = await page.call('query', { text, limit: 10 });
      if (!r.ok) throw new Error(r.message);
      expect(r.matches.map((m) => `${m.role}:${m.name}`), text).toEqual([`clickable:${text === 'glossary' ? 'glossary' : 'Settings'}`]);
    }
  });

  test('the preload source records in its own realm and reports through DOM events only', async () => {
    const page = jsdomPage('<span id="s">x</span>');
    // A second install (preload, then the page script's own) changes nothing.
    run(page, `(${listenerRecorderSource()})()`);
    run(page, `document.getElementById('s').addEventListener('pointerdown', () => {})`);
    const seen = run(page, `(() => { const out = [];
      const on = (e) => out.push(e.target.id);
      window.addEventListener(${JSON.stringify(CLICKABLES_REPORT_EVENT)}, on, true);
      window.dispatchEvent(new Event(${JSON.stringify(CLICKABLES_ASK_EVENT)}));
      window.removeEventListener(${JSON.stringify(CLICKABLES_REPORT_EVENT)}, on, true);
      return out; })()`) as string[];
    expect(Array.from(seen)).toEqual(['s']);
    // Nothing was written into the DOM.
    expect(page.document.getElementById('s')!.attributes.length).toBe(1);
  });
});

describe('items a person drags or picks (jsdom)', () => {
  test('draggable="true" and a grab or move cursor where it starts make an item; an inherited one does not', async () => {
    const page = jsdomPage(`<div draggable="true">Card</div><div style="cursor:grab">Tile <span style="cursor:grab">inside</span></div>
      <div style="cursor:move">Handle</div><div style="cursor:-webkit-grab">Old hand</div><div draggable="false">Fixed</div><img draggable="true" alt="Pic" src="x.png">`);
    expect(outline(await snap(page))).toBe(['clickable "Card" *', 'clickable "Tile inside" *', 'clickable "Handle" *', 'clickable "Old hand" *', 'text: Fixed', 'img "Pic"'].join('\n'));
  });

  test('a list that listens for the press on itself (a sortable): each item gets a line; one holding a control folds into it', async () => {
    const page = jsdomPage('<ul id="s"><li>Item 1</li><li>Item 2</li><li>Item 3 <button>Remove</button></li></ul><p>After</p>');
    run(page, `document.getElementById('s').addEventListener('mousedown', () => {})`);
    expect(outline(await snap(page))).toBe(['clickable "Item 1" *', 'clickable "Item 2" *', 'text: Item 3', 'button "Remove" *', 'text: After'].join('\n'));
    expect(outline(await snap(page, 'interactive'))).toBe(['clickable "Item 1" *', 'clickable "Item 2" *', 'button "Remove" *'].join('\n'));
  });

  test('a div grid that listens for pointerdown lists its tiles; a clickable whose children are inline parts of one label stays one line', async () => {
    const page = jsdomPage(`<div id="g"><div style="float:left">1</div><div style="float:left">2</div><div style="float:left">3</div></div>
      <div id="b"><span>Save</span> <span>all</span></div>`);
    run(page, `document.getElementById('g').addEventListener('pointerdown', () => {}); document.getElementById('b').addEventListener('pointerdown', () => {});`);
    expect(outline(await snap(page))).toBe(['clickable "1" *', 'clickable "2" *', 'clickable "3" *', 'clickable "Save all" *'].join('\n'));
  });

  test('a jQuery handler on the list itself (how jQuery UI sortable listens) makes items of its children', async () => {
    const page = jsdomPage('<ul id="s"><li>Alpha</li><li>Bravo</li></ul>');
    run(page, `document.getElementById('s')['jQuery37101'] = { events: { mousedown: [{ selector: undefined }] } };`);
    expect(outline(await snap(page))).toBe(['clickable "Alpha" *', 'clickable "Bravo" *'].join('\n'));
  });

  test('dragstart and drop listeners count: an HTML5 source and its drop zone', async () => {
    const page = jsdomPage('<div id="src">Card</div><div id="dst">Tray</div>');
    run(page, `document.getElementById('src').addEventListener('dragstart', () => {}); document.getElementById('dst').ondrop = () => {};`);
    expect(outline(await snap(page))).toBe(['clickable "Card" *', 'clickable "Tray" *'].join('\n'));
  });

  test('not items: children of a listening body, of mixed tags, a lone child of a div, or too long to be a name', async () => {
    const long = 'word '.repeat(30);
    const page = jsdomPage(`<div>One</div><div>Two</div><div id="m"><h2>Head</h2> <div>Body text</div></div>
      <div id="w" class="card"><div>Alone</div></div><ul id="l"><li>${long}</li><li>Short</li></ul>`);
    run(page, `for (const id of ['m', 'w', 'l']) document.getElementById(id).addEventListener('click', () => {}); document.body.addEventListener('click', () => {});`);
    const s = await snap(page, 'interactive');
    expect(outline(s)).toBe(['clickable "Head Body text" *', 'clickable "Alone" *', 'clickable "Short" *'].join('\n'));
    // The lone child's wrapper is the line, not the child.
    expect(elementsOf(page, s).map(label)).toEqual(['div#m', 'div#w', 'li']);
  });

  test('a lane of one card is a list all the same: a list\'s markup, or a container like another listened one that holds several', async () => {
    const page = jsdomPage(`<ul id="todo" class="lane"><li>Write spec</li><li>Review code</li></ul><ul id="doing" class="lane"><li>Run tests</li></ul><ol id="empty" class="lane"></ol>
      <div id="a" class="col"><div>Paint</div><div>Sand</div></div><div id="b" class="col"><div>Glue</div></div><div id="c" class="other"><div>Crate</div></div>`);
    run(page, `for (const el of document.querySelectorAll('ul, ol, div[id]')) el.addEventListener('mousedown', () => {});`);
    const s = await snap(page, 'interactive');
    expect(outline(s)).toBe(['Write spec', 'Review code', 'Run tests', 'Paint', 'Sand', 'Glue', 'Crate'].map((c) => `clickable "${c}" *`).join('\n'));
    // Each card is its own line, but "Crate": no listened container of its kind holds several, so its wrapper is the line.
    expect(elementsOf(page, s).map(label)).toEqual(['li', 'li', 'li', 'div', 'div', 'div', 'div#c']);
    const q = await page.call('query', { text: 'Glue', limit: 5 });
    expect(q.ok && q.matches.map((m) => m.role)).toEqual(['clickable']);
    expect(q.ok && page.window.document.getElementById('b')!.firstElementChild === elementOf(page, q.matches[0]!.id)).toBe(true);
  });
});

describe('handlers front-end libraries keep on the nodes (jsdom, set the way each library sets them)', () => {
  test('React props, Preact listeners and Vue invokers: click, mousedown, pointerdown and touchstart count', async () => {
    const page = jsdomPage('<div id="a">React</div><div id="b">Inert</div><div id="c">Preact</div><div id="d">Removed</div><div id="e">Vue</div><div id="f">Keys</div><div id="g">Touch</div>');
    run(page, `const $ = (id) => document.getElementById(id);
      $('a')['__reactProps$x1'] = { onMouseDown() {}, children: 'React' };
      $('b')['__reactProps$x1'] = { className: 'inert', children: 'Inert' };
      $('c').l = { pointerdownfalse() {} };
      $('d').l = { clickfalse: undefined };
      $('e')[Symbol('_vei')] = { onClickCapture() {} };
      $('f')[Symbol('_vei')] = { onKeydown() {} };
      $('g')['__reactProps$x1'] = { onTouchStart() {} };`);
    expect(outline(await snap(page, 'interactive'))).toBe(['clickable "React" *', 'clickable "Preact" *', 'clickable "Vue" *', 'clickable "Touch" *'].join('\n'));
  });

  test("jQuery: direct handlers, and a delegated handler's selector matched against the owner's descendants", async () => {
    const page = jsdomPage('<span id="star">Star</span><div class="row">One</div><div class="row">Two</div><p class="other">Three</p>');
    run(page, `document['jQuery37101'] = { events: { click: [{ selector: '.row' }, { selector: 'p:visible' }], keydown: [{ selector: '.other' }] } };
      document.getElementById('star')['jQuery37101'] = { events: { mousedown: [{ selector: undefined }] } };`);
    // 'p:visible' is jQuery's own syntax, not CSS: that handler lists nothing, and the rest still counts.
    expect(outline(await snap(page))).toBe(['clickable "Star" *', 'clickable "One" *', 'clickable "Two" *', 'text: Three'].join('\n'));
  });

  test('SortableJS: the instance it keeps on its list makes items of the children; a disabled one does not', async () => {
    const page = jsdomPage('<ul id="s"><li>Alpha</li><li>Bravo</li></ul><ul id="off"><li>Fixed</li><li>Still</li></ul>');
    run(page, `document.getElementById('s')['Sortable1764900000000'] = { options: { draggable: '>li', disabled: false } };
      document.getElementById('off')['Sortable1764900000000'] = { options: { draggable: '>li', disabled: true } };`);
    expect(outline(await snap(page))).toBe(['clickable "Alpha" *', 'clickable "Bravo" *', 'text: Fixed', 'text: Still'].join('\n'));
  });

  test('Alpine: @click and x-on: inside x-data count; .outside, .window and other events do not', async () => {
    const page = jsdomPage(`<div x-data="{}"><span @click="a()">A</span><span x-on:mousedown.prevent="b()">B</span>
      <p @click.outside="c()">C</p><p @keyup.window="d()">D</p></div><p @click="e()">Outside any root</p>`);
    expect(outline(await snap(page))).toBe(['clickable "A" *', 'clickable "B" *', 'text: C', 'text: D', 'text: Outside any root'].join('\n'));
  });

  test('a hostile page: a throwing getter hides only its own element, and lying data only adds a line', async () => {
    const page = jsdomPage('<div id="a">Trap</div><div id="b">Real</div>');
    run(page, `Object.defineProperty(document.getElementById('a'), '__reactProps$x1', { get() { throw new Error('no'); }, enumerable: true });
      document.getElementById('b')['__reactProps$x1'] = { onClick() {} };`);
    expect(outline(await snap(page))).toBe(['text: Trap', 'clickable "Real" *'].join('\n'));
  });
});
