import { describe, expect, test } from 'vitest';
import type { FrameSnapshot, RawNode } from '../contract';
import { decodeFrameSnapshot } from '../decode';
import { jsdomPage } from '../testing/jsdom-page';
import { hrefCases, hrefPage } from '../testing/href-cases';

/** Compact outline of a snapshot for assertions: `role "name"` or `text: …`, indented. */
function outline(s: FrameSnapshot): string {
  const lines: string[] = [];
  const visit = (n: RawNode, depth: number) => {
    const pad = '  '.repeat(depth);
    if (n.role === 'text') lines.push(`${pad}text: ${n.text}`);
    else lines.push(`${pad}${n.role}${n.name ? ` "${n.name}"` : ''}${n.actionable ? ' *' : ''}`);
    for (const c of n.children) visit(s.nodes[c]!, depth + 1);
  };
  visit(s.nodes[0]!, 0);
  return lines.join('\n');
}

async function snap(html: string, mode: 'full' | 'interactive' = 'full', maxNodes = 1000) {
  const page = jsdomPage(html);
  return { page, s: decodeFrameSnapshot(await page.call('snapshot', { maxNodes, mode })) };
}

describe('snapshot (jsdom)', () => {
  test('node 0 is the document, named by the title', async () => {
    const { s } = await snap('<title>My page</title><p>x</p>');
    expect(s.nodes[0]).toMatchObject({ role: 'document', name: 'My page' });
    expect(s.title).toBe('My page');
    expect(s.url).toBe('https://example.test/page');
    expect(s.truncated).toBe(false);
  });

  test('unnamed generic containers fold and text runs merge across inline markup', async () => {
    const { s } = await snap('<div><div><span>Hello <b>big</b> world</span></div><div>Second</div></div><div aria-label="Named box"><span>in</span></div>');
    expect(outline(s)).toBe(['document', '  text: Hello big world', '  text: Second', '  generic "Named box"', '    text: in'].join('\n'));
  });

  test('names that came from content are not repeated as text', async () => {
    const { s } = await snap('<button>Save <i>now</i></button><a href="/x">Docs</a><h2>Title</h2><label><input type="checkbox"> Remember me</label><label for="e">Email</label><input id="e">');
    expect(outline(s)).toBe(['document', '  button "Save now" *', '  link "Docs" *', '  heading "Title"', '  checkbox "Remember me" *', '  textbox "Email" *'].join('\n'));
  });

  test('cells holding only text are named by it; cells with controls let children speak', async () => {
    const { s } = await snap('<table><tr><td>Alpha</td><td><a href="/a">Open</a> now</td></tr></table>');
    expect(outline(s)).toBe(['document', '  table', '    rowgroup', '      row', '        cell "Alpha"', '        cell', '          link "Open" *', '          text: now'].join('\n'));
  });

  test('hidden, inert, aria-hidden and non-content subtrees are excluded', async () => {
    const { s } = await snap(`<p>shown</p><p hidden>hidden attr</p><p style="display:none">none</p><div aria-hidden="true"><button>ah</button></div>
      <div inert><button>inert</button></div><script>var x = 1</script><style>p{}</style><template><p>tpl</p></template><noscript>ns</noscript>
      <p style="visibility:hidden">invisible <span style="visibility:visible">but this</span></p>`);
    expect(outline(s)).toBe(['document', '  text: shown', '  text: but this'].join('\n'));
  });

  test('password values never appear; other values do', async () => {
    const { s } = await snap('<input type="password" aria-label="pw" value="hunter2"><input aria-label="user" value="alice"><textarea aria-label="bio">hello</textarea><select aria-label="c"><option>A</option><option selected>B</option></select>');
    expect(JSON.stringify(s)).not.toContain('hunter2');
    const byName = (n: string) => s.nodes.find((x) => x.name === n)!;
    expect(byName('pw').value).toBeUndefined();
    expect(byName('pw').role).toBe('textbox');
    expect(byName('user').value).toBe('alice');
    expect(byName('bio').value).toBe('hello');
    expect(byName('c').value).toBe('B');
    // The textarea's default text is its value, not a separate run.
    expect(s.nodes.some((n) => n.role === 'text' && n.text === 'hello')).toBe(false);
  });

  test.each([
    ['the document URL', undefined],
    ['a <base> on another host and port', 'http://other.test:8080/dir/page?q#f'],
    ['a <base> with a user and password', 'https://user:pw@example.test/x/'],
    ['a file: <base>', 'file:///srv/x/'],
  ])('each link href is the one the document gives the link, against %s', async (_, base) => {
    const hrefs = hrefCases();
    const page = jsdomPage(hrefPage(hrefs, base));
    const s = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 5000, mode: 'full' }));
    const links = new Map(s.nodes.filter((n) => n.role === 'link').map((n) => [n.name, n.href]));
    const anchors = [...page.document.querySelectorAll('a')];
    expect(anchors).toHaveLength(hrefs.length);
    const mismatched = anchors.flatMap((a, i) => {
      const expected = a.href;
      const got = links.get(`L${i}`);
      return got === expected ? [] : [{ href: a.getAttribute('href'), got, expected }];
    });
    expect(mismatched).toEqual([]);
  });

  test('states, level, href and enabled', async () => {
    const { s } = await snap(`<h3>Deep</h3><a href="/rel?q=1">rel</a>
      <input type="checkbox" aria-label="on" checked><input type="checkbox" aria-label="mixed" id="m">
      <button disabled>off</button><fieldset disabled><input aria-label="in fieldset"></fieldset>
      <div aria-disabled="true"><button>aria off</button></div>
      <button aria-expanded="false">menu</button><input aria-label="req" required><input aria-label="bad" aria-invalid="true">
      <div role="tab" aria-selected="true">T</div>`);
    const byName = (n: string) => s.nodes.find((x) => x.name === n)!;
    expect(byName('Deep').level).toBe(3);
    expect(byName('rel').href).toBe('https://example.test/rel?q=1');
    expect(byName('on').states).toEqual({ checked: true });
    expect(byName('off')).toMatchObject({ enabled: false, actionable: false, states: { disabled: true } });
    expect(byName('in fieldset')).toMatchObject({ enabled: false, actionable: false });
    expect(byName('aria off')).toMatchObject({ enabled: false, actionable: false });
    expect(byName('menu').states).toEqual({ expanded: false });
    expect(byName('req').states).toEqual({ required: true });
    expect(byName('bad').states).toEqual({ invalid: true });
    expect(byName('T').states).toEqual({ selected: true });
  });

  test('indeterminate checkboxes are mixed; focus is reported', async () => {
    const page = jsdomPage('<input type="checkbox" aria-label="tri"><input aria-label="f">');
    (page.document.querySelector('input[type=checkbox]') as HTMLInputElement).indeterminate = true;
    (page.document.querySelector('input[aria-label=f]') as HTMLInputElement).focus();
    const s = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 100, mode: 'full' }));
    expect(s.nodes.find((n) => n.name === 'tri')!.states).toEqual({ checked: 'mixed' });
    expect(s.nodes.find((n) => n.name === 'f')!.states).toEqual({ focused: true });
  });

  test('natively actionable elements without an interactive role are kept and actionable', async () => {
    const { s } = await snap('<div onclick="x()">Clickable</div><span tabindex="0">Focusable</span><div contenteditable="true">Edit me</div><details><summary>More</summary>body</details>');
    expect(outline(s)).toBe(['document', '  clickable "Clickable" *', '  clickable "Focusable" *', '  textbox *', '    text: Edit me', '  group', '    button "More" *', '    text: body'].join('\n'));
  });

  test('a label whose control is not rendered stands in for it', async () => {
    const { s } = await snap('<label><input type="checkbox" style="display:none" checked> Subscribe</label>');
    expect(outline(s)).toBe(['document', '  checkbox "Subscribe" *'].join('\n'));
    expect(s.nodes[1]!.states).toEqual({ checked: true });
  });

  test('interactive mode keeps actionable nodes, headings and named landmarks only', async () => {
    const { s } = await snap(`<header><nav aria-label="Main"><a href="/">Home</a></nav></header><main><h1>Title</h1><p>Prose here</p>
      <form><input aria-label="q"></form><form aria-label="Login"><button>Sign in</button></form><ul><li><a href="/x">X</a></li></ul></main>`, 'interactive');
    expect(outline(s)).toBe(['document', '  banner', '    navigation "Main"', '      link "Home" *', '  main', '    heading "Title"', '    textbox "q" *', '    form "Login"', '      button "Sign in" *', '    link "X" *'].join('\n'));
  });

  test('iframes are frame nodes with ids; svg is one img node or nothing', async () => {
    const { s } = await snap('<iframe title="Payment" src="about:blank"></iframe><svg aria-label="Chart"><text>inner</text></svg><svg><path d="M0 0"/></svg>');
    expect(s.nodes[1]).toMatchObject({ role: 'iframe', name: 'Payment', frame: true });
    expect(typeof s.nodes[1]!.id).toBe('number');
    expect(outline(s)).toBe(['document', '  iframe "Payment"', '  img "Chart"'].join('\n'));
  });

  test('open shadow roots are walked, with slotted content in composed order', async () => {
    const page = jsdomPage('<x-card><span slot="title">Slotted title</span><a href="/light">Light link</a></x-card>');
    const host = page.document.querySelector('x-card')!;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<h2><slot name="title"></slot></h2><button>Shadow button</button><slot></slot>';
    const s = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 100, mode: 'full' }));
    expect(outline(s)).toBe(['document', '  heading "Slotted title"', '  button "Shadow button" *', '  link "Light link" *'].join('\n'));
  });

  test('maxNodes cuts the walk and says so', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<button>b${i}</button>`).join('');
    const { s } = await snap(rows, 'full', 10);
    expect(s.nodes).toHaveLength(10);
    expect(s.truncated).toBe(true);
    for (const n of s.nodes) for (const c of n.children) expect(c).toBeLessThan(10);
  });

  test('selector hints find their element', async () => {
    const page = jsdomPage('<div id="a"><ul><li><a href="/1">one</a></li><li><a href="/2">two</a></li></ul></div><button id="dup">x</button><button id="dup">y</button>');
    const s = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 100, mode: 'full' }));
    for (const n of s.nodes.filter((x) => x.actionable)) {
      const found = page.document.querySelectorAll(n.selector_hint!);
      expect(found, n.selector_hint).toHaveLength(1);
      expect(found[0]!.textContent).toBe(n.name);
    }
    expect(s.nodes.find((n) => n.name === 'two')!.selector_hint).toBe('#a>ul>li:nth-of-type(2)>a');
  });
});
