/**
 * Link hrefs for the snapshot's short way to a path-absolute href (page/facts.ts), shared by the jsdom
 * test and every engine's (@browser-provider/testing's href suite): each must come out of a snapshot
 * exactly as the browser's own `a.href` has it. Some take the short way, some must not (a character
 * the URL parser rewrites, a dot segment, another host), and random ones are drawn from the characters
 * the short way keeps, plus a few it must leave to the browser.
 */

/** Hrefs chosen for their edges. */
export const EDGE_HREFS: readonly string[] = [
  '/',
  '/item/7',
  '/a/b/c.html?x=1&y=2#top',
  "/~user/!$&()*+,;=:@",
  '/q?a=/b?c#frag?#more',
  '/%41%7e%2F',
  '/%zz',
  '/%4',
  '/a/./b',
  '/a/../b',
  '/a/.',
  '/a/..',
  '/.hidden',
  '/a/%2e%2E/b',
  '/a/%2E/b',
  '//other.example/x',
  '/\\back',
  '/a b',
  '/tab\there',
  ' /lead',
  '/trail ',
  '/ä',
  "/quote'd?q='x'",
  '/pipe|',
  '/caret^',
  '/brace{x}',
  '/tick`',
  '/"dq"',
  '/<angle>',
  '/[brackets]',
  '/#',
  '/?',
  'relative/path',
  '../up',
  '?only=query',
  '#only-fragment',
  'https://Example.COM:443/x',
  'mailto:a@b.example',
  '',
];

/** What the short way keeps as written, and some it must not. */
const KEPT = 'abcXYZ0189-._~!$&()*+,;=:@/?#%';
const OTHER = " \"'<>\\^`{|}[]é.";

/** `n` random path-absolute hrefs, the same on every run (a fixed seed). */
export function randomHrefs(n: number, seed = 0x5eed): string[] {
  let s = seed >>> 0;
  const next = () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(next() * 24);
    let h = '/';
    for (let k = 0; k < len; k++) {
      const pool = next() < 0.9 ? KEPT : OTHER;
      h += pool[Math.floor(next() * pool.length)];
    }
    out.push(h);
  }
  return out;
}

/** Every case: the edges, then `random` drawn ones. */
export function hrefCases(random = 200): string[] {
  return [...EDGE_HREFS, ...randomHrefs(random)];
}

/** A page of one link per href, named `L<index>`, after an optional `<base href>`. */
export function hrefPage(hrefs: readonly string[], base?: string): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\t/g, '&#9;');
  const links = hrefs.map((h, i) => `<li><a href="${attr(h)}">L${i}</a></li>`).join('');
  return `<!doctype html><html><head><title>hrefs</title>${base === undefined ? '' : `<base href="${attr(base)}">`}</head><body><ul>${links}</ul></body></html>`;
}
