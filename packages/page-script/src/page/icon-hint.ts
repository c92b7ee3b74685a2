/**
 * A hint for a control or clickable that has no name: icon-only controls (a mail list's star and trash,
 * a feed's reply and like, an editor toolbar's buttons) are otherwise lines that nothing tells apart. The hint is what a person or a
 * developer would recognise, tried in this order, in the element and a few of its descendants:
 * a `title`, an SVG `<title>`, an image's `alt`, an icon font's ligature word (Material Icons'
 * `format_bold`, when the icon is aria-hidden and so names nothing), the icon's image file name
 * (`<img src>`, an SVG sprite's `<use href="#…">`, CSS `content: url(…)` or `background-image`, on the element or its
 * `::before`), a meaningful class or id word (`trash`, `reply`), a `data-*` test id.
 *
 * It is page text and is printed as a hint, never as the accessible name (the protocol's `hint`
 * field). It only describes a line: nothing here decides whether or where we act.
 */
import { flat } from './names';
import { P } from './realm';

const MAX_HINT = 40;
/** Icon controls are small: looking further would describe a card, not an icon. */
const MAX_LOOK = 12;
const TEST_IDS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
/** Words of class names and ids that say nothing about what the control does. */
const NOISE = new Set([
  'icon', 'icons', 'ico', 'btn', 'button', 'buttons', 'fa', 'fas', 'far', 'fab', 'fal', 'svg', 'glyph', 'glyphicon',
  'material', 'symbols', 'outlined', 'rounded', 'sharp', 'bi', 'mdi', 'action', 'actions', 'item', 'link', 'control',
  'wrapper', 'container', 'inner', 'outer', 'active', 'small', 'large', 'medium', 'primary', 'secondary', 'default',
  'left', 'right', 'inline', 'block', 'flex', 'hidden', 'visible', 'clickable', 'pointer', 'js', 'has', 'is', 'toolbar',
]);

const cap = (s: string): string => (s.length > MAX_HINT ? `${s.slice(0, MAX_HINT)}…` : s);

/** The hint of a nameless clickable, or '' when nothing in it says anything. */
export function clickableHint(el: Element): string {
  const els = [el];
  const inner = el.getElementsByTagName('*');
  for (let i = 0; i < inner.length && i < MAX_LOOK; i++) els.push(inner[i]!);
  for (const e of els) {
    const t = flat(e.getAttribute('title') ?? '');
    if (t) return cap(t);
  }
  for (const e of els) {
    if (e.localName !== 'title' || e.namespaceURI !== 'http://www.w3.org/2000/svg') continue;
    const t = flat(e.textContent ?? '');
    if (t) return cap(t);
  }
  for (const e of els) {
    const t = e.localName === 'img' ? flat(e.getAttribute('alt') ?? '') : '';
    if (t) return cap(t);
  }
  for (const e of els) {
    const t = ligature(e);
    if (t) return cap(t);
  }
  for (const e of els) {
    const file = iconFile(e);
    if (file) return cap(file);
  }
  for (const e of els) {
    const word = meaningfulWord(`${e.getAttribute('class') ?? ''} ${e.id}`);
    if (word) return cap(word);
  }
  for (const e of els) {
    for (const a of TEST_IDS) {
      const t = flat(e.getAttribute(a) ?? '');
      if (t) return cap(t);
    }
  }
  return '';
}

/** Icon fonts that draw a glyph from a word (Material Icons, Material Symbols): `<i class="material-icons">format_bold</i>`. */
const LIGATURE_FONT = /(?:^|\s)material-(?:icons|symbols)/;

/** The word an icon font draws as a ligature, or '' (it is the name unless the icon is aria-hidden). */
function ligature(e: Element): string {
  if (!LIGATURE_FONT.test(e.getAttribute('class') ?? '')) return '';
  const t = flat(e.textContent ?? '');
  return /^[a-z0-9_]+$/.test(t) ? t : '';
}

/** The file name of the image an element shows as its icon, or ''. */
function iconFile(e: Element): string {
  if (e.localName === 'img') return fileName(e.getAttribute('src') ?? '');
  if (e.localName === 'use') {
    const href = e.getAttribute('href') ?? e.getAttribute('xlink:href') ?? '';
    const hash = href.indexOf('#');
    return hash >= 0 ? meaningfulWord(href.slice(hash + 1)) : fileName(href);
  }
  const style = P.style(e);
  const own = urlIn(style.content) || urlIn(style.backgroundImage);
  if (own) return own;
  const before = P.pseudoStyle(e, '::before');
  return urlIn(before.content) || urlIn(before.backgroundImage);
}

/** The file name in the first `url(…)` of a CSS value (not a `data:` URL), or ''. */
function urlIn(value: string | null | undefined): string {
  if (!value) return '';
  const m = /url\(\s*(["']?)([^"')]*)\1\s*\)/.exec(value);
  return m ? fileName(m[2]!) : '';
}

/** `…/icons/delete.png?v=2` → `delete.png`; a data: URL has no name. */
function fileName(url: string): string {
  if (url === '' || url.startsWith('data:')) return '';
  const path = url.split(/[?#]/)[0]!;
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return flat(decodeURIComponent(last));
  } catch {
    return flat(last);
  }
}

/** The first word of class names / ids that is a word (not noise, not a generated hash), or ''. */
function meaningfulWord(s: string): string {
  for (const token of s.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/)) {
    const w = token.toLowerCase();
    if (w.length >= 3 && /^[a-z]+$/.test(w) && !NOISE.has(w)) return w;
  }
  return '';
}
